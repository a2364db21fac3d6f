import type { ImageRecord } from '@lightpix/shared';
import { startServer, type ServerEntry } from './server-process.js';

export interface ApiResult {
  data: Buffer;
  record: ImageRecord;
  /** Upload → record → download, in milliseconds. */
  ms: number;
}

export interface OurApi {
  optimise(data: Buffer, filename: string, quality: '75' | 'smart', format?: '' | 'auto'): Promise<ApiResult>;
  close(): Promise<void>;
  /** The server's process id, to read its CPU time (bench/process-tree.ts). */
  pid: number;
}

/**
 * A browser's requests to `origin`: each with `headersFor()`'s headers, and the session cookie the
 * server last set, as a browser keeps it.
 */
export function browserSession(origin: string, headersFor: () => Record<string, string>) {
  let cookie = '';
  return async (pathname: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(headersFor())) headers.set(name, value);
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(`${origin}${pathname}`, { ...init, headers });
    const session = response.headers.getSetCookie().find((line) => line.startsWith('lightpix_session='));
    if (session) cookie = session.split(';')[0]!;
    return response;
  };
}

/**
 * The real server, from its sources or as `npm start` runs it (bench/server-process.ts). The API allows 300 requests a minute per
 * client address: the proxy header is trusted and each request comes from its own made-up address, so
 * the benchmark never waits on the limit.
 */
export async function startOurApi(dataDir: string, entry: ServerEntry = 'sources', tree?: string): Promise<OurApi> {
  const server = await startServer(
    entry,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      QUOTA_GUEST: '1000000',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      WEB_DIST_DIR: '',
    },
    { tree },
  );
  const { origin } = server;

  let requests = 0;
  const send = browserSession(origin, () => {
    requests++;
    return { 'X-Forwarded-For': `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}` };
  });

  return {
    async optimise(data, filename, quality, format = '') {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(data)]), filename);
      form.append('quality', quality);
      form.append('format', format);
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
    close: server.stop,
    pid: server.pid,
  };
}
