// The job process of upload-path.test.ts: it says (a file named by UPLOAD_PATH_MARKER) that a job has
// reached it, waits for the test's go (the same name + '.go'), then runs the job as jobs/job-child.ts does.
import { existsSync, writeFileSync } from 'node:fs';
import { jobHandlers, type JobRequest } from '../../src/jobs/handlers.js';

const marker = process.env.UPLOAD_PATH_MARKER!;
const send = (message: unknown) => process.send!(message);
process.on('message', (job: { id: number } & JobRequest) => {
  writeFileSync(marker, job.kind);
  const wait = setInterval(() => {
    if (!existsSync(`${marker}.go`)) return;
    clearInterval(wait);
    (jobHandlers[job.kind] as (input: JobRequest['input']) => Promise<unknown>)(job.input).then(
      (value) => send({ id: job.id, value }),
      (error: unknown) => send({ id: job.id, error: { message: String(error) } }),
    );
  }, 10);
});
process.on('disconnect', () => process.exit(0));
send({ ready: true });
