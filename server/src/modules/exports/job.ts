import { and, eq, inArray } from 'drizzle-orm';
import { dataExports } from '../../db/schema/index.js';
import type { ExportJob, ExportWork } from '../../jobs/export-jobs.js';
import type { JobLog } from '../../jobs/bullmq-worker.js';
import type { Env } from '../../runtime/env.js';
import { billingFromEnv, type Billing } from '../billing/index.js';
import { findUser } from '../session/index.js';
import { gatherAccountData } from './contents.js';
import { createExportMailer, type ExportMailer } from './mailer.js';
import { exportReadme } from './readme.js';
import { exportKey, type ExportsDeps } from './requests.js';
import { writeExportZip } from './zip.js';

export interface ExportWorkDeps extends ExportsDeps {
  billing: Billing | null;
  /** Null without mail set up: the account page is the only notice then. */
  mailer: ExportMailer | null;
  log: Pick<JobLog, 'warn'>;
}

const HOUR_MS = 3600 * 1000;

/** The gathering of the account's data counts as the first 5 %, the result files up to 95 %, the JSON and README the rest. */
const GATHERED = 5;
const FILES_DONE = 95;

/**
 * Makes one export (docs/decisions/0250): gathers the account's data, streams the ZIP into the results
 * store with progress on its row, marks it ready for RETENTION_HOURS, and mails its owner when mail is set up.
 * An export whose row went meanwhile (the account deleted, a newer export) deletes its file and stops.
 */
export function exportWork(deps: ExportWorkDeps): ExportWork {
  const { db, store } = deps;
  const setProgress = (id: string, progress: number) =>
    db
      .update(dataExports)
      .set({ progress })
      .where(and(eq(dataExports.id, id), eq(dataExports.status, 'running')));

  return async (job: ExportJob, attempt) => {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, job.exportId));
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
    const user = await findUser(db, row.userId);
    if (!user) {
      await db.delete(dataExports).where(eq(dataExports.id, row.id));
      return;
    }
    await db.update(dataExports).set({ status: 'running', progress: 1 }).where(eq(dataExports.id, row.id));
    const key = exportKey(row.id);
    try {
      const { data, files } = await gatherAccountData(db, deps.billing, user, deps.now());
      await setProgress(row.id, GATHERED);
      let shown = GATHERED;
      let writing = Promise.resolve();
      const size = await writeExportZip(store, key, {
        files,
        json: (missing) =>
          JSON.stringify(
            { ...data, results: data.results.map((r) => (r.file && missing.has(r.file) ? { ...r, file: null } : r)) },
            null,
            2,
          ),
        readme: exportReadme(deps.now(), deps.retentionHours),
        progress(percent) {
          const next = GATHERED + Math.floor(((FILES_DONE - GATHERED) * percent) / 100);
          // Written in steps of 5 %, one write at a time: the page polls, it does not need every byte.
          if (next - shown < 5) return;
          shown = next;
          writing = writing.then(async () => {
            await setProgress(row.id, next).catch(() => undefined);
          });
        },
      });
      await writing;
      const readyAt = deps.now();
      const ready = await db
        .update(dataExports)
        .set({
          status: 'ready',
          progress: 100,
          storageKey: key,
          size,
          readyAt,
          expiresAt: new Date(readyAt.getTime() + deps.retentionHours * HOUR_MS),
        })
        .where(and(eq(dataExports.id, row.id), inArray(dataExports.status, ['queued', 'running'])))
        .returning({ id: dataExports.id });
      if (ready.length === 0) {
        await store.delete(key);
        return;
      }
      if (deps.mailer) {
        await deps.mailer
          .send({ to: user.email, language: job.language, keptHours: deps.retentionHours })
          .catch((error: unknown) =>
            deps.log.warn({ err: error, exportId: row.id, requestId: job.requestId }, 'data export ready, but its e-mail was not sent'),
          );
      }
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      if (attempt.last) await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, row.id));
      throw error;
    }
  };
}

/** The work as a worker process or a lone instance makes it, with Stripe and mail from the settings. */
export async function exportWorkFromEnv(
  env: Env,
  deps: Pick<ExportWorkDeps, 'db' | 'store' | 'log'> & { now?: () => Date },
): Promise<{ work: ExportWork; close(): void }> {
  const mailer = await createExportMailer(env);
  const work = exportWork({
    ...deps,
    now: deps.now ?? (() => new Date()),
    retentionHours: env.RETENTION_HOURS,
    billing: await billingFromEnv(env),
    mailer,
  });
  return { work, close: () => mailer?.close() };
}
