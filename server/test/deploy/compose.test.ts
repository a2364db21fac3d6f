import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv, settingNames } from '../../src/runtime/env.js';
import { PRODUCTION_NODE_FLAGS } from '../../src/runtime/memory-settings.js';

/*
 * compose.yaml (issue 35 point 2, docs/decisions/0242). No container runtime can pull images here, so the
 * file is held to the Compose Specification's own JSON schema (compose-spec.json beside this test, see
 * compose-spec.NOTICE) and to the settings Lightpix reads.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const text = readFileSync(path.join(root, 'compose.yaml'), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  network_mode?: string;
  volumes?: string[];
}
const compose = parse(text, { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lightpix-compose-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const lightpix = Object.entries(services).filter(([, service]) => service.image === 'lightpix:latest');

/** Compose's interpolation with made-up values for the variables .env would give. */
const interpolate = (value: string) =>
  value.replace(/\$\{([A-Z_]+)(?::[-?][^}]*)?\}/g, (_, name: string) =>
    name === 'PUBLIC_URL' ? 'https://images.example' : `${name.toLowerCase().replace(/_/g, '')}${'0'.repeat(40)}`,
  );

describe('compose.yaml', () => {
  it('is valid against the Compose Specification schema', () => {
    const schema = JSON.parse(readFileSync(path.join(here, 'compose-spec.json'), 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    const validate = ajv.compile(schema);
    // The schema is strict: a misspelt key anywhere fails it (checked here on a copy with one).
    expect(validate(parse(text.replace('stop_grace_period:', 'stop_grace_periode:'), { merge: true }))).toBe(false);
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs two web instances and a worker of the image the Containerfile builds, beside PostgreSQL, Redis and a bucket', () => {
    expect(lightpix.map(([name, service]) => [name, service.environment?.ROLE ?? 'worker'])).toEqual([
      ['web1', 'web'],
      ['web2', 'web'],
      ['worker', 'worker'],
    ]);
    for (const [, service] of lightpix) expect(service.build).toEqual({ context: '.', dockerfile: 'Containerfile' });
    // The image's CMD runs the web instances; the worker's command carries the same node flags (decision 0280).
    expect(services.worker!.command).toEqual(['node', ...PRODUCTION_NODE_FLAGS, 'server/dist/worker.js']);
    expect([services.web1!.command, services.web2!.command]).toEqual([undefined, undefined]);
    expect(services.postgres!.image).toMatch(/postgres:/);
    expect(services.redis!.image).toMatch(/redis:/);
    expect(services.redis!.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction']));
    expect(services.minio!.image).toMatch(/minio/);
    // The two web instances listen on the two ports deploy/nginx.conf's upstream names.
    const nginx = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
    for (const web of ['web1', 'web2']) {
      expect(services[web]!.network_mode).toBe('service:proxy');
      expect(nginx).toContain(`server ${services[web]!.environment!.HOST}:${services[web]!.environment!.PORT}`);
    }
    expect(services.proxy!.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('starts the instances only once what they need is healthy, and checks the health of each', () => {
    for (const [name, service] of lightpix) {
      for (const needed of ['postgres', 'redis', 'minio'])
        expect(service.depends_on?.[needed], `${name} on ${needed}`).toEqual({ condition: 'service_healthy' });
    }
    for (const name of ['postgres', 'redis', 'minio', 'worker', 'proxy'])
      expect(services[name]!.healthcheck?.test.length, name).toBeGreaterThan(1);
    // The web instances inherit the image's HEALTHCHECK on /api/health/live; the worker asks its metrics port.
    expect(services.worker!.healthcheck!.test.join(' ')).toContain(`127.0.0.1:${services.worker!.environment!.METRICS_PORT}/metrics`);
  });

  it('passes only settings Lightpix reads, and they start an instance', () => {
    for (const [name, service] of lightpix) {
      const environment = service.environment ?? {};
      expect(
        Object.keys(environment).filter((setting) => !settingNames.includes(setting)),
        name,
      ).toEqual([]);
      const settings = Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(String(value))]));
      const env = parseEnv({ ...settings, DATA_DIR: dataDir });
      expect(env.storage).toMatchObject({ kind: 's3', endpoint: 'http://minio:9000', bucket: 'lightpix-results', forcePathStyle: true });
      expect(env.S3_CREATE_BUCKET).toBe(true);
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\/lightpix$/);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
    }
  });
});
