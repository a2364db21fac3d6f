// A job process: a child that runs jobs one at a time for the process pool (jobs/process-pool.ts). The app
// ends it when a job runs out of time or memory; where the app cannot read its memory (no /proc), it ends itself.
import { keepNoFinishedImages } from '../images/job-process.js';
import { jobHandlers, type JobRequest } from './handlers.js';
import { OVER_MEMORY_EXIT, sendableError, type JobMessage } from './protocol.js';

const MEMORY_CHECK_MS = 25;
keepNoFinishedImages();
const budget = Number(process.argv[2]);

// libvips works on other threads, so this check runs while a job decodes or encodes. Where the app
// watches this process's memory, its budget here is Infinity and the check would only wake it 40 times
// a second, job or no job, for nothing (docs/decisions/0167).
if (Number.isFinite(budget)) {
  setInterval(() => {
    if (process.memoryUsage.rss() > budget) process.exit(OVER_MEMORY_EXIT);
  }, MEMORY_CHECK_MS);
}

const send = (message: unknown) => process.send!(message);

process.on('message', (job: JobMessage<JobRequest>) => {
  // The kind's handler is the engine's own entry (handlers.ts): nothing stands between the job and the engine.
  (jobHandlers[job.kind] as (input: JobRequest['input']) => Promise<unknown>)(job.input).then(
    (value) => send({ id: job.id, value }),
    (error: unknown) => send({ id: job.id, error: sendableError(error) }),
  );
});
// The app is gone (or closed this worker): nothing is left to do.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
