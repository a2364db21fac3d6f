/**
 * The load run of issue 30: searches on a machine that is busy with other work. Twelve busy loops (one
 * Node process each) run beside the server while, at once, eight 12 MP photos are uploaded through the
 * web path (four with smart quality, four with "Smallest format", `auto`) and four API conversions to
 * every format (`convert: {type: "*∕*"}`) are asked of earlier shrinks. Prints each answer's status,
 * time, format and search outcome, then completions, the slowest answer and how many were cut short
 * (decisions 0130, 0155). A 503 is retried after its Retry-After, as a client would, and counted.
 *
 *   npm run bench:busy -- [--loops 12] [--uploads 8] [--conversions 4] [--postgres-url postgres://postgres@127.0.0.1:5432/test]
 *
 * The client waits for an answer as long as it takes (Node's fetch gives up after 300 s by default),
 * and the load average is read every 10 s while the requests run; the highest is printed.
 *
 * The server runs from its sources on a fresh PostgreSQL database (dropped after), on 127.0.0.1 only.
 * The account is made premium in the database so `auto` and the API may use every format.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Agent, setGlobalDispatcher } from 'undici';
import { browserSession } from './our-api.js';
import { freshPostgres } from './postgres.js';
import { loadAverage as load, table } from './report.js';
import { startServer } from './server-process.js';

const PHOTOS = '/work/shared/corpus/photos';
/** The corpus' photos of 12 MP or more, for the web path's searches. */
const LARGE = ['sunset_by_Aitzol_Berasategi.jpg', 'Dragonfly_by_Bolly.jpg', 'seeding_by_Clements_Engelhardt.jpg'];
/** 6–10 MP photos for the API's conversions, as in the issue's failing runs. */
const MEDIUM = ['picosdeeuropa_by_Aitzol_Berasategi.jpg', 'free_by_Peter_Nerlich.jpg', 'mate_Dune.jpg', 'mate_RainDrops.jpg'];

const { values: options } = parseArgs({
  options: {
    loops: { type: 'string', default: '12' },
    uploads: { type: 'string', default: '8' },
    conversions: { type: 'string', default: '4' },
    'postgres-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const loopCount = Number(options.loops);
if (!Number.isInteger(loopCount) || loopCount < 0) throw new Error('--loops must be a whole number');
const uploadCount = Number(options.uploads);
const conversionCount = Number(options.conversions);
if (!Number.isInteger(uploadCount) || uploadCount < 0) throw new Error('--uploads must be a whole number');
if (!Number.isInteger(conversionCount) || conversionCount < 0 || conversionCount > 4) throw new Error('--conversions must be 0–4');
// A client that waits for its answer however long the server takes: the run measures the server, not fetch's 300 s.
setGlobalDispatcher(new Agent({ headersTimeout: 0, bodyTimeout: 0 }));

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Answer {
  what: string;
  photo: string;
  status: number;
  seconds: number;
  retries: number;
  /** The Retry-After of each 503, in seconds. */
  waited: number[];
  format: string;
  bytes: number;
  search: string;
  similarity: string;
}

/** One client's request, retried after Retry-After on 503 as Tinify's clients and the page do. */
async function untilAnswered(request: () => Promise<Response>): Promise<{ response: Response; retries: number; waited: number[] }> {
  const waited: number[] = [];
  for (let retries = 0; ; retries++) {
    const response = await request();
    if (response.status !== 503 || retries >= 20) return { response, retries, waited };
    await response.arrayBuffer();
    const seconds = Number(response.headers.get('retry-after') ?? '5');
    waited.push(seconds);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

function busyLoops(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

/** "3 (5, 5, 30)": how many 503s were retried, and the Retry-After each asked for. */
const retried = (answer: Answer) =>
  answer.waited.length === 0 ? String(answer.retries) : `${answer.retries} (${answer.waited.join(', ')})`;

async function main() {
  const uptime = await new Promise<string>((resolve) => {
    const child = spawn('uptime', [], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', () => resolve(text.trim()));
  });
  log(`uptime before the busy loops: ${uptime}`);
  const database = await freshPostgres(String(options['postgres-url']), 'lightpix_busy');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-busy-'));
  const loops: ChildProcess[] = [];
  const server = await startServer('sources', {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'error',
    WEB_DIST_DIR: '',
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const { origin } = server;
  try {
    // A premium account with a key; its browser session uploads, its key converts.
    const web = browserSession(origin, () => ({ 'X-Forwarded-For': '10.30.0.1', Origin: origin }));
    const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const registered = await web(
      '/api/auth/register',
      json({ email: 'busy@example.com', password: 'correct horse battery', firstName: 'Busy', lastName: 'Bench' }),
    );
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db.query(`update users set tier = 'premium' where email = 'busy@example.com'`);
    await db.end();
    const keyResponse = await web('/api/keys', json({ name: 'busy' }));
    if (keyResponse.status !== 201) throw new Error(`key: ${keyResponse.status} ${await keyResponse.text()}`);
    const auth = `Basic ${Buffer.from(`api:${((await keyResponse.json()) as { key: string }).key}`).toString('base64')}`;
    const api = (pathname: string, init: RequestInit) =>
      fetch(`${origin}${pathname}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: auth, 'X-Forwarded-For': '10.30.0.2' },
      });

    // Before the busy loops: the four shrinks whose outputs the API then converts.
    const outputs: { photo: string; path: string }[] = [];
    for (const photo of MEDIUM) {
      const { response } = await untilAnswered(() => api('/api/v1/shrink', { method: 'POST', body: new Uint8Array(photoBytes(photo)) }));
      if (response.status !== 201) throw new Error(`shrink ${photo}: ${response.status} ${await response.text()}`);
      outputs.push({ photo, path: new URL(response.headers.get('location')!).pathname });
      log(`shrunk ${photo}`);
    }

    loops.push(...busyLoops(loopCount));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const loadAtStart = load();
    log(`${loopCount} busy loops running; load ${loadAtStart}`);
    const started = performance.now();

    const upload = async (photo: string, mode: 'smart' | 'auto'): Promise<Answer> => {
      const t0 = performance.now();
      const { response, retries, waited } = await untilAnswered(() => {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(photoBytes(photo))]), photo);
        const fields = { quality: 'smart', format: mode === 'auto' ? 'auto' : '', width: '', height: '', maintainRatio: 'true' };
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        return web('/api/images/process', { method: 'POST', body: form });
      });
      const body = (await response.json()) as {
        format?: string;
        processedSize?: number;
        search?: string | null;
        similarity?: number | null;
        error?: { code: string };
      };
      return {
        what: `web ${mode}`,
        photo,
        status: response.status,
        seconds: (performance.now() - t0) / 1000,
        retries,
        waited,
        format: body.format ?? body.error?.code ?? '',
        bytes: body.processedSize ?? 0,
        search: body.search ?? '',
        similarity: body.similarity?.toFixed(4) ?? '',
      };
    };
    const convert = async (output: { photo: string; path: string }): Promise<Answer> => {
      const t0 = performance.now();
      const { response, retries, waited } = await untilAnswered(() => api(output.path, json({ convert: { type: '*/*' } })));
      const data = Buffer.from(await response.arrayBuffer());
      return {
        what: 'API */*',
        photo: output.photo,
        status: response.status,
        seconds: (performance.now() - t0) / 1000,
        retries,
        waited,
        format: response.ok ? (response.headers.get('content-type') ?? '') : data.toString('utf8').slice(0, 60),
        bytes: response.ok ? data.length : 0,
        search: response.headers.get('image-search') ?? '',
        similarity: response.headers.get('image-similarity') ?? '',
      };
    };
    // A request the client could not complete (a connection error) is an answer too: status 0.
    const settled = (what: string, photo: string, work: Promise<Answer>) =>
      work.catch((error: unknown): Answer => {
        const message =
          error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : String(error);
        return {
          what,
          photo,
          status: 0,
          seconds: (performance.now() - started) / 1000,
          retries: 0,
          waited: [],
          format: message.slice(0, 60),
          bytes: 0,
          search: '',
          similarity: '',
        };
      });
    const loadSamples: number[] = [];
    const sampler = setInterval(() => loadSamples.push(os.loadavg()[0]!), 10_000);
    const answers = await Promise.all([
      ...Array.from({ length: uploadCount }, (_, i) => {
        const [photo, mode] = [LARGE[i % LARGE.length]!, i % 2 === 0 ? ('smart' as const) : ('auto' as const)];
        return settled(`web ${mode}`, photo, upload(photo, mode));
      }),
      ...outputs.slice(0, conversionCount).map((output) => settled('API */*', output.photo, convert(output))),
    ]);
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const loadAtEnd = load();
    const loadPeak = Math.max(...loadSamples, os.loadavg()[0]!).toFixed(1);

    const done = answers.filter((a) => a.status === 201 || a.status === 200);
    const slowest = Math.max(...answers.map((a) => a.seconds));
    const out = [
      '### Load run: searches beside busy loops',
      '',
      `- ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}; server from its sources on PostgreSQL; ${loopCount} busy loops`,
      `- \`uptime\` before the busy loops: ${uptime}`,
      `- Load average (1 / 5 / 15 min): ${loadAtStart} when the requests started, ${loadAtEnd} when the last answered (${seconds.toFixed(0)} s); highest 1-min load read while they ran (every 10 s): ${loadPeak}`,
      '',
      table(
        ['Request', 'Photo', 'Status', 'Seconds', '503 retries (Retry-After s)', 'Format', 'Bytes', 'Search', 'Similarity'],
        answers.map((a) => [
          a.what,
          a.photo,
          String(a.status),
          a.seconds.toFixed(1),
          retried(a),
          a.format,
          a.bytes.toLocaleString('en'),
          a.search,
          a.similarity,
        ]),
        false,
      ),
      '',
      `**Completions ${done.length} of ${answers.length}; slowest answer ${slowest.toFixed(1)} s; cut short ${answers.filter((a) => a.search === 'cut short').length}; 503s retried ${answers.reduce((sum, a) => sum + a.retries, 0)}.**`,
      '',
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    for (const loop of loops) loop.kill();
    await server.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const files = new Map<string, Buffer>();
/** The photos, read once before the run. */
function photoBytes(name: string): Buffer {
  const data = files.get(name);
  if (!data) throw new Error(`${name} was not read`);
  return data;
}
for (const name of [...LARGE, ...MEDIUM]) files.set(name, await readFile(path.join(PHOTOS, name)));

await main();
