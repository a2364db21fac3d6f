// A job process for the pool's time-limit tests (server/src/jobs/process-pool.test.ts): it speaks the
// pool's protocol (jobs/protocol.ts), and its jobs burn CPU until killed, sleep without CPU, or never answer.
process.on('message', (job: { id: number; kind: 'burn' | 'sleep' | 'hang'; input: { ms: number } }) => {
  if (job.kind === 'burn') for (;;);
  if (job.kind === 'sleep') setTimeout(() => process.send!({ id: job.id, value: 'slept' }), job.input.ms);
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
