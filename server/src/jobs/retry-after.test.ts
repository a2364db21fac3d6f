import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_MAX_SECONDS, RETRY_AFTER_MIN_SECONDS, serverBusy } from './queue.js';
import { fairLines, JobStillRunning, retryAfterEstimate } from './result-queue.js';

describe("a full queue's Retry-After follows how long its jobs take (decision 0158)", () => {
  it('asks for the shortest wait before any job ran and while jobs are quick', () => {
    const estimate = retryAfterEstimate();
    expect(estimate.seconds).toBe(RETRY_AFTER_MIN_SECONDS);
    for (let i = 0; i < 8; i++) estimate.jobTook(3_000);
    expect(estimate.seconds).toBe(RETRY_AFTER_MIN_SECONDS);
  });

  it('asks for about the time until the running jobs have ended on a busy machine, at most a minute', () => {
    const estimate = retryAfterEstimate();
    for (let i = 0; i < 8; i++) estimate.jobTook(40_000);
    expect(estimate.seconds).toBe(40);
    for (let i = 0; i < 8; i++) estimate.jobTook(600_000);
    expect(estimate.seconds).toBe(RETRY_AFTER_MAX_SECONDS);
  });

  it('follows the last eight jobs, so a machine that quietens down asks for less again', () => {
    const estimate = retryAfterEstimate();
    for (let i = 0; i < 7; i++) estimate.jobTook(30_000);
    estimate.jobTook(44_000);
    expect(estimate.seconds).toBe(32);
    for (let i = 0; i < 8; i++) estimate.jobTook(1_000);
    expect(estimate.seconds).toBe(RETRY_AFTER_MIN_SECONDS);
  });

  it("is what an owner's full line answers with", async () => {
    const lines = fairLines(1, 1, () => new Error('come back in 42 s'));
    const place = { owner: 'a', mayUseAllWorkers: false };
    let finish = () => {};
    const running = lines.run(place, () => new Promise<void>((resolve) => (finish = resolve)));
    const waiting = lines.run(place, async () => undefined);
    await expect(lines.run(place, async () => undefined)).rejects.toThrow('come back in 42 s');
    finish();
    await Promise.all([running, waiting]);
  });
});

describe("a busy answer's words agree with its Retry-After (decision 0162)", () => {
  it('names the seconds of its Retry-After, not "a few seconds" that may be a minute', () => {
    const busy = serverBusy(RETRY_AFTER_MAX_SECONDS);
    expect(busy.headers).toEqual({ 'Retry-After': '60' });
    expect(busy.message).toBe('We are processing many images right now. Please try again in 60 seconds.');
  });

  it('marks a job still running, so a client does not send the same file again', () => {
    expect(new JobStillRunning().params).toEqual({ reason: 'still_running' });
  });
});
