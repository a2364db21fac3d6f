import path from 'node:path';
import type { Env } from '../runtime/env.js';
import { fileResultStore, type ResultStore } from './result-store.js';
import { S3_INPUT_PREFIX, s3ResultStore } from './s3-store.js';

/** The bucket when S3 is configured (every instance sees every result), else DATA_DIR/results on this machine. */
export function openResultStore(env: Pick<Env, 'storage' | 'DATA_DIR'>): ResultStore {
  if (env.storage.kind === 's3') return s3ResultStore(env.storage);
  return fileResultStore(path.join(env.DATA_DIR, 'results'));
}

/** Uploads too large to travel through Redis wait here for a worker, then go (docs/decisions/0091). */
export function openInputStore(env: Pick<Env, 'storage' | 'DATA_DIR'>): ResultStore {
  if (env.storage.kind === 's3') return s3ResultStore(env.storage, S3_INPUT_PREFIX);
  return fileResultStore(path.join(env.DATA_DIR, 'inputs'));
}
