import { randomUUID } from 'node:crypto';
import type { Plan } from '@lightpix/shared';
import { JobStillRunning } from '../../jobs/result-queue.js';
import { currentRequestId } from '../../jobs/logging.js';
import { resultGivenBack, type ResultJob, type ResultJobSpec } from '../../jobs/result-job.js';
import { allowanceOf, assertHeavyWorkLeft, isHeavyWork, type QuotaOwner } from '../quota/index.js';
import { giveBack, reserve, resultById, type ResultRow } from '../results/index.js';
import type { Database } from '../../db/client.js';
import type { ResultQueue } from '../../jobs/result-queue.js';
import type { ResultStore } from '../../storage/result-store.js';

export interface ImagesDeps {
  db: Database;
  store: ResultStore;
  /** Result jobs: here in child processes, or BullMQ workers with REDIS_URL. */
  jobs: ResultQueue;
  retentionHours: number;
  now: () => Date;
}

/** What the reservation row records before the work starts. */
export interface Reservation {
  originalName: string;
  originalSize: number;
  kind?: 'image' | 'deck';
  apiKeyId?: string | null;
  batchId?: string | null;
  folder?: string | null;
}

/** A made (or, with 'start', reserved) result, and the units its owner has used with it when the reservation counted them. */
export interface Produced {
  row: ResultRow;
  /** Counted once, under the reservation's locks (docs/decisions/0270); null when the plan has no limit. */
  unitsUsed: number | null;
}

/** Who may read a started job's failure: the account, else the guest session. */
export const ownerKey = (owner: QuotaOwner) => owner.userId ?? owner.guestSessionId;

/**
 * The one way a result is made (an image, an API transform, a deck): reserve a unit (the row is the
 * ledger), hand the job to the queue, which stores the file and completes the row. 'wait' returns the
 * completed row; 'start' returns the reserved row at once. A failed job's unit is given back once; one that
 * hit its time or memory limit also costs its owner heavy work (docs/decisions/0147).
 */
export async function reserveAndProduce(
  deps: ImagesDeps,
  plan: Plan,
  owner: QuotaOwner,
  reservation: Reservation,
  spec: ResultJobSpec,
  data: Buffer,
  mode: 'wait' | 'start' = 'wait',
): Promise<Produced> {
  const now = deps.now();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + deps.retentionHours * 3600 * 1000);
  const heavy = isHeavyWork(spec);
  // An owner whose jobs keep hitting their limits waits for heavy work; small images still go (docs/decisions/0147).
  if (heavy) await assertHeavyWorkLeft(deps.db, owner, now);
  const unitsUsed = await reserve(deps.db, owner, { ...reservation, id, expiresAt }, now, allowanceOf(plan, now));
  // Each owner waits in a line of their own; premium may fill every worker while nobody else waits (0147).
  const job: ResultJob = {
    ...spec,
    resultId: id,
    owner: ownerKey(owner),
    mayUseAllWorkers: plan.tier === 'premium',
    heavy,
    requestId: currentRequestId(),
  };
  let completed: ResultRow | null = null;
  try {
    if (mode === 'start') await deps.jobs.start(job, data);
    else completed = await deps.jobs.produce(job, data);
  } catch (error) {
    // A job that may still finish keeps its unit; any other failure gives back the reservation (once: only a 'processing' row goes).
    if (!(error instanceof JobStillRunning)) await giveBack(deps.db, id);
    throw error;
  }
  // Completed here, the row came back with its completion (decision 0169); else it is read.
  if (completed) return { row: completed, unitsUsed };
  const row = await resultById(deps.db, id);
  if (!row) throw resultGivenBack();
  return { row, unitsUsed };
}
