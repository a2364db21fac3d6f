import path from 'node:path';
import type { ImageRecord } from '@lightpix/shared';
import { buildApp } from '../server/src/app.js';
import { openDatabase } from '../server/src/db/client.js';
import { parseEnv } from '../server/src/env.js';
import { fileResultStore } from '../server/src/storage/result-store.js';

export interface ApiResult {
  data: Buffer;
  record: ImageRecord;
  /** Upload → record → download, in milliseconds. */
  ms: number;
}

export interface OurApi {
  optimise(data: Buffer, filename: string, quality: '75' | 'smart'): Promise<ApiResult>;
  close(): Promise<void>;
}

/**
 * The real server, in this process, on 127.0.0.1 and a random port. The API allows 300 requests a
 * minute per client address: the proxy header is trusted here and each request comes from its own
 * made-up address, so the benchmark never waits on the limit.
 */
export async function startOurApi(dataDir: string): Promise<OurApi> {
  const env = parseEnv({ DATA_DIR: dataDir, QUOTA_GUEST: '1000000', LOG_LEVEL: 'silent', NODE_ENV: 'test', TRUST_PROXY: 'true' });
  const database = await openDatabase({ dataDir: env.DATA_DIR });
  const app = await buildApp({ env, database, store: fileResultStore(path.join(dataDir, 'results')) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server did not report its port');
  const origin = `http://127.0.0.1:${address.port}`;

  let cookie: string | null = null;
  let requests = 0;
  const send = async (pathname: string, init: RequestInit = {}) => {
    requests++;
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`);
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(`${origin}${pathname}`, { ...init, headers });
    const session = response.headers.getSetCookie().find((line) => line.startsWith('lightpix_session='));
    if (session) cookie = session.split(';')[0]!;
    return response;
  };

  return {
    async optimise(data, filename, quality) {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(data)]), filename);
      form.append('quality', quality);
      form.append('format', '');
      form.append('width', '');
      form.append('height', '');
      form.append('maintainRatio', 'true');
      const started = performance.now();
      const created = await send('/api/images/process', { method: 'POST', body: form });
      if (created.status !== 201) throw new Error(`POST /api/images/process: ${created.status} ${await created.text()}`);
      const record = (await created.json()) as ImageRecord;
      if (!record.objectPath) throw new Error(`the record for ${filename} has no objectPath (status ${record.status})`);
      const download = await send(record.objectPath);
      if (!download.ok) throw new Error(`GET ${record.objectPath}: ${download.status} ${await download.text()}`);
      const result = Buffer.from(await download.arrayBuffer());
      return { data: result, record, ms: performance.now() - started };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
