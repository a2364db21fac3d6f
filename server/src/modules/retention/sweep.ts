import type { Retention } from '@lightpix/shared';
import type { Database } from '../../db/client.js';
import type { Env } from '../../runtime/env.js';
import type { ResultStore } from '../../storage/result-store.js';
import { sweepAudit } from '../admin/index.js';
import { sweepContactMessages } from '../contact/index.js';
import { sweepDataExports } from '../exports/index.js';
import { sweepPasswordResets } from '../password-reset/index.js';
import { forgetOldHeavyWork } from '../quota/index.js';
import { forgetOldUsage, sweepResults, type ResultsSweepReport } from '../results/index.js';
import { endExpiredSessions } from '../session/index.js';

export interface RetentionSettings extends Retention {
  passwordResetDays: number;
}

/** The retention settings, in days, from the environment (docs/decisions/0198). */
export function retentionSettings(
  env: Pick<Env, 'CONTACT_RETENTION_DAYS' | 'AUDIT_RETENTION_DAYS' | 'PASSWORD_RESET_RETENTION_DAYS' | 'USAGE_RETENTION_DAYS'>,
): RetentionSettings {
  return {
    contactMessagesDays: env.CONTACT_RETENTION_DAYS,
    auditDays: env.AUDIT_RETENTION_DAYS,
    passwordResetDays: env.PASSWORD_RESET_RETENTION_DAYS,
    usageDays: env.USAGE_RETENTION_DAYS,
  };
}

export interface SweepReport extends ResultsSweepReport {
  sessions: number;
  /** Data exports past their time (file and row), and exports lost with their process (docs/decisions/0250). */
  dataExports: number;
  lostExports: number;
  contactMessages: number;
  auditRows: number;
  passwordResets: number;
  usageForgotten: number;
  heavyWork: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The retention sweep each minute (cluster/background.ts runs it under a lock, at its clock): result files
 * past retention and dead reservations (modules/results), data exports past theirs and exports lost with
 * their process (modules/exports, docs/decisions/0250), ended sessions (modules/session), then what the
 * retention settings bound (docs/decisions/0198): contact messages, audit rows, reset links, and the
 * processing log's and heavy work's personal parts (without `retention`, files and sessions only).
 * `staleAfterMs: 0` at the start of a lone instance.
 */
export async function sweepExpired(
  db: Database,
  store: ResultStore,
  now: Date,
  staleAfterMs?: number,
  retention?: RetentionSettings,
): Promise<SweepReport> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const exports = await sweepDataExports(db, store, now, staleAfterMs);
  const report = {
    ...(await sweepResults(db, store, now, staleAfterMs)),
    sessions: await endExpiredSessions(db, now),
    dataExports: exports.expired,
    lostExports: exports.lost,
  };
  if (!retention) return { ...report, contactMessages: 0, auditRows: 0, passwordResets: 0, usageForgotten: 0, heavyWork: 0 };
  return {
    ...report,
    contactMessages: await sweepContactMessages(db, before(retention.contactMessagesDays)),
    auditRows: await sweepAudit(db, before(retention.auditDays)),
    passwordResets: await sweepPasswordResets(db, before(retention.passwordResetDays)),
    usageForgotten: await forgetOldUsage(db, before(retention.usageDays)),
    heavyWork: await forgetOldHeavyWork(db, before(retention.usageDays)),
  };
}
