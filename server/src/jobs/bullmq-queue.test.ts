import { describe, expect, it } from 'vitest';
import { toErrorBody } from '../core/errors.js';
import { errorOfReason, notProcessed } from './bullmq-queue.js';

describe('a BullMQ job that failed with no reason kept (a worker died twice on it)', () => {
  it('answers 503 server_busy marked not_processed, so the page does not send it round the workers again', () => {
    const error = errorOfReason('job stalled more than allowable limit') ?? notProcessed();
    expect(error.code).toBe('server_busy');
    expect(toErrorBody(error)).toMatchObject({ error: { code: 'server_busy', params: { reason: 'not_processed' } } });
  });
});
