import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, fixture, visitor, type TestApp } from '../helpers.js';

const TOKEN = 'metrics-token-0123456789';

/** One sample's value from Prometheus text, or 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!wanted.every((label) => line.includes(label))) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

describe.each(databaseKinds)('GET /metrics on %s (docs/decisions/0207)', (kind) => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };
  beforeAll(async () => {
    t = await createTestApp(kind, { METRICS_TOKEN: TOKEN, QUOTA_GUEST: '1' });
  });
  afterAll(() => t.close());

  it('is 404 without the token or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('lightpix_');
  });

  it('counts an upload: its request, its job, the bytes in and out, then a quota refusal', async () => {
    const before = await scrape();
    const guest = visitor(t.app, '203.0.113.140');
    const photo = await fixture('photo.jpg');
    const done = await guest.process(photo, 'photo.jpg', { format: 'webp' });
    expect(done.statusCode).toBe(201);
    const download = await guest.get(done.json().objectPath as string);
    expect(download.statusCode).toBe(200);
    const refused = await guest.process(photo, 'photo.jpg', { format: 'webp' });
    expect(refused.json().error.code).toBe('quota_exceeded');
    const after = await scrape();

    const uploads = { route: '/api/images/process', method: 'POST', status: '201' };
    expect(sample(after, 'lightpix_http_request_duration_seconds_count', uploads)).toBe(
      sample(before, 'lightpix_http_request_duration_seconds_count', uploads) + 1,
    );
    const jobs = { kind: 'image', format: 'webp', outcome: 'completed' };
    expect(sample(after, 'lightpix_job_duration_seconds_count', jobs)).toBe(
      sample(before, 'lightpix_job_duration_seconds_count', jobs) + 1,
    );
    expect(sample(after, 'lightpix_job_wait_seconds_count')).toBeGreaterThan(sample(before, 'lightpix_job_wait_seconds_count'));
    expect(sample(after, 'lightpix_job_resident_bytes_count')).toBeGreaterThan(sample(before, 'lightpix_job_resident_bytes_count'));
    expect(sample(after, 'lightpix_http_received_bytes_total') - sample(before, 'lightpix_http_received_bytes_total')).toBeGreaterThan(
      photo.length,
    );
    expect(sample(after, 'lightpix_http_sent_bytes_total') - sample(before, 'lightpix_http_sent_bytes_total')).toBeGreaterThan(
      Number(download.headers['content-length']) - 1,
    );
    expect(sample(after, 'lightpix_refusals_total', { code: 'quota_exceeded' })).toBe(
      sample(before, 'lightpix_refusals_total', { code: 'quota_exceeded' }) + 1,
    );
    // The queue's depth and the process's own.
    expect(after).toMatch(/^lightpix_queue_waiting_jobs \d+$/m);
    expect(after).toMatch(/^lightpix_process_resident_memory_bytes \d+/m);
  });
});
