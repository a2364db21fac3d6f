import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/runtime/env.js';

const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir() };
const secret = 's'.repeat(32);
const postgres = 'postgres://db.internal/lightpix';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('cluster settings', () => {
  it('leaves the single-machine default alone when nothing is set', () => {
    const env = parseEnv({ ...base });
    expect(env.storage).toEqual({ kind: 'local' });
    expect(env.ROLE).toBe('all');
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('refuses ROLE=web or worker without REDIS_URL (no queue between them), and reads JOB_STALL_SECONDS', () => {
    for (const role of ['web', 'worker']) expect(() => parseEnv({ ...base, ROLE: role })).toThrow(/ROLE: .* needs REDIS_URL/);
    expect(() => parseEnv({ ...base, ROLE: 'cook', REDIS_URL: 'redis://cache' })).toThrow(/ROLE/);
    expect(parseEnv({ ...base, ROLE: 'worker', REDIS_URL: 'redis://cache', JOB_STALL_SECONDS: '5' })).toMatchObject({
      ROLE: 'worker',
      JOB_STALL_SECONDS: 5,
    });
    expect(() => parseEnv({ ...base, JOB_STALL_SECONDS: '0' })).toThrow(/JOB_STALL_SECONDS/);
  });

  it('stops npm run worker without REDIS_URL with the same message, though ROLE is unset', async () => {
    const { REDIS_URL: _redis, ROLE: _role, ...inherited } = process.env;
    const worker = promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/worker.ts')], {
      cwd: root,
      env: { ...inherited, ...base },
    });
    await expect(worker).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Lightpix cannot start\.\n.*\n {2}ROLE: worker needs REDIS_URL/),
    });
  });

  it('stops production start-up with Redis but without a shared secret or database, naming both', () => {
    const start = () => parseEnv({ ...base, NODE_ENV: 'production', REDIS_URL: 'redis://cache:6379' });
    expect(start).toThrow(EnvError);
    expect(start).toThrow(/SESSION_SECRET: required in production[\s\S]*DATABASE_URL: required in production/);
  });

  it('stops production start-up with S3 and no database, and starts once both are shared', () => {
    const s3 = { S3_BUCKET: 'results', S3_REGION: 'eu-west-1' };
    expect(() => parseEnv({ ...base, NODE_ENV: 'production', SESSION_SECRET: secret, ...s3 })).toThrow(/DATABASE_URL/);
    const env = parseEnv({
      ...base,
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      DATABASE_URL: postgres,
      ...s3,
      REDIS_URL: 'redis://cache',
    });
    expect(env.storage).toMatchObject({ kind: 's3', bucket: 'results', region: 'eu-west-1', endpoint: undefined, forcePathStyle: false });
  });

  it('reads the whole bucket from STORAGE_URL', () => {
    const env = parseEnv({
      ...base,
      STORAGE_URL: 's3+http://KEY:se%2Fcret@minio.local:9000/lightpix?region=eu-central-1&forcePathStyle=true',
    });
    expect(env.storage).toEqual({
      kind: 's3',
      endpoint: 'http://minio.local:9000',
      bucket: 'lightpix',
      region: 'eu-central-1',
      accessKeyId: 'KEY',
      secretAccessKey: 'se/cret',
      forcePathStyle: true,
    });
    expect(parseEnv({ ...base, STORAGE_URL: 's3://my-bucket' }).storage).toMatchObject({
      kind: 's3',
      bucket: 'my-bucket',
      endpoint: undefined,
    });
  });

  it('refuses contradictory or incomplete storage settings with a message', () => {
    expect(() => parseEnv({ ...base, STORAGE_URL: 's3://a', S3_BUCKET: 'b' })).toThrow(/either STORAGE_URL or the S3_\* settings/);
    expect(() => parseEnv({ ...base, S3_ENDPOINT: 'http://x:9000' })).toThrow(/S3_BUCKET: required/);
    expect(() => parseEnv({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/go together/);
    expect(() => parseEnv({ ...base, STORAGE_URL: 'ftp://x/y' })).toThrow(/STORAGE_URL: must start with/);
    expect(() => parseEnv({ ...base, REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(() => parseEnv({ ...base, ROLE: 'cook' })).toThrow(/ROLE/);
  });
});
