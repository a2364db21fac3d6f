/**
 * The server's own CPU per upload (decision 0169): the built server's main process alone, its job
 * processes left out, for small uploads whose pixel work is next to nothing, so what is measured is the
 * request's own work (multipart or body, session, quota reservation, result row, store, download).
 *
 *   npm run build && npm run bench:server-cpu -- [--requests 30] [--rounds 5] [--databases pglite,postgres]
 *     [--paths guest,user,api] [--size 64] [--statements] [--profile DIR] [--against server/dist-before]
 *
 * Paths, each an upload then its download, one at a time:
 * - guest: POST /api/images/process (quality 75) with the cookie a browser keeps, then GET the result (a
 *   new guest each round: each upload's quota count reads the owner's rows in the window, which a real
 *   guest's quota keeps few);
 * - user: the same, signed in (registered tier; a new account each round, under the per-account limit);
 * - api: POST /api/v1/shrink with an API key (Basic), then GET its output (a new account and key each round).
 *
 * Per database, a fresh one (PGlite in a temporary folder, a new PostgreSQL database at --postgres-url,
 * dropped after). Each round runs every path once (in turn), `--requests` pairs each; the figure is the
 * server process's CPU (user + system, /proc) over the pairs, per pair; medians over rounds. A warm-up
 * of 30 pairs per path comes first. 127.0.0.1 only.
 *
 * `--statements` counts SQL statements instead (bench/sql-count.ts, loaded into the server through tsx,
 * so no CPU figure is taken): per pair on each path, and the statements of one pair, counted by text.
 * `--profile DIR` runs the server under `node --cpu-prof`, its profile written to DIR when it stops.
 * `--against DIR` runs another build beside this one (a copy of an older server/dist, kept in server/ so it
 * finds the migrations), on a database of its own: each round measures both, in turn, so the two see the
 * same load; the figures are this build's, the other's and this build's as a ratio of the other's.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startLoadServer, type DatabaseKind, type LoadServer } from './load-server.js';
import { browserSession } from './our-api.js';
import { processesCpu, treeCpu } from './process-tree.js';
import { loadAverage, median, table } from './report.js';

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '30' },
    rounds: { type: 'string', default: '5' },
    databases: { type: 'string', default: 'pglite,postgres' },
    paths: { type: 'string', default: 'guest,user,api' },
    size: { type: 'string', default: '64' },
    statements: { type: 'boolean', default: false },
    profile: { type: 'string' },
    against: { type: 'string' },
    'postgres-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const whole = (name: 'requests' | 'rounds' | 'size') => {
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  return value;
};
const requests = whole('requests');
const rounds = whole('rounds');
const size = whole('size');
const databases = String(options.databases)
  .split(',')
  .map((kind) => kind.trim()) as DatabaseKind[];
if (databases.some((kind) => kind !== 'pglite' && kind !== 'postgres')) throw new Error('--databases takes pglite and/or postgres');
type PathName = 'guest' | 'user' | 'api';
const PATHS: Record<PathName, string> = {
  guest: 'guest: POST /api/images/process + GET result',
  user: 'signed in: POST /api/images/process + GET result',
  api: 'API key: POST /api/v1/shrink + GET output',
};
const paths = String(options.paths)
  .split(',')
  .map((name) => name.trim()) as PathName[];
if (paths.some((name) => !(name in PATHS))) throw new Error('--paths takes guest, user and/or api');

const log = (line: string) => process.stderr.write(`${line}\n`);
const WARM_UP_PAIRS = 30;

let addresses = 0;
/** Each request from its own made-up address, so the per-address limits never answer. */
const nextAddress = () => {
  addresses++;
  return { 'X-Forwarded-For': `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}` };
};

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** One upload and its download, as the path's client does them. */
type Pair = () => Promise<void>;

async function webPair(send: ReturnType<typeof browserSession>, image: Buffer): Promise<void> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)]), 'small.jpg');
  form.append('quality', '75');
  const created = await expectStatus(await send('/api/images/process', { method: 'POST', body: form }), 201, 'POST /api/images/process');
  const record = (await created.json()) as { objectPath: string | null };
  if (!record.objectPath) throw new Error('the record has no objectPath');
  await (await expectStatus(await send(record.objectPath), 200, `GET ${record.objectPath}`)).arrayBuffer();
}

let accounts = 0;
/** A new registered account, signed in: the browser session that holds its cookie. */
async function signedIn(origin: string) {
  const send = browserSession(origin, nextAddress);
  accounts++;
  const body = JSON.stringify({
    email: `bench-${accounts}-${Date.now()}@example.com`,
    password: 'bench password 1234',
    firstName: 'Bench',
    lastName: 'Mark',
  });
  await expectStatus(
    await send('/api/auth/register', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }),
    201,
    'register',
  );
  return send;
}

async function apiPairs(origin: string, image: Buffer): Promise<Pair> {
  const send = await signedIn(origin);
  const created = await expectStatus(
    await send('/api/keys', { method: 'POST', body: JSON.stringify({ name: 'bench' }), headers: { 'Content-Type': 'application/json' } }),
    201,
    'POST /api/keys',
  );
  const { key } = (await created.json()) as { key: string };
  const authorization = `Basic ${Buffer.from(`api:${key}`).toString('base64')}`;
  return async () => {
    const shrunk = await expectStatus(
      await fetch(`${origin}/api/v1/shrink`, {
        method: 'POST',
        body: new Uint8Array(image),
        headers: { Authorization: authorization, ...nextAddress() },
      }),
      201,
      'POST /api/v1/shrink',
    );
    await shrunk.arrayBuffer();
    const location = shrunk.headers.get('Location')!;
    await (
      await expectStatus(await fetch(location, { headers: { Authorization: authorization, ...nextAddress() } }), 200, `GET ${location}`)
    ).arrayBuffer();
  };
}

/** A fresh client for a round: a new guest (its cookie kept from its first upload), user or key (per-account limits, rows in the window). */
async function pairFor(name: PathName, server: LoadServer, image: Buffer): Promise<Pair> {
  if (name === 'guest') {
    const guest = browserSession(server.origin, nextAddress);
    return () => webPair(guest, image);
  }
  if (name === 'user') {
    const send = await signedIn(server.origin);
    return () => webPair(send, image);
  }
  return apiPairs(server.origin, image);
}

/**
 * CPU milliseconds per pair over `count` pairs: of the server's main process, and on PostgreSQL of the
 * database backends serving it (those open at the start and the end: the pool's connections stay open
 * while it is busy; 0 on PGlite, whose work is the server's own).
 */
async function cpuPerPair(server: LoadServer, pair: Pair, count: number): Promise<{ server: number; database: number }> {
  const backends = (await server.databaseBackends()) ?? [];
  const [before, databaseBefore] = [(await treeCpu(server.pid)).root, await processesCpu(backends)];
  for (let i = 0; i < count; i++) await pair();
  const [after, databaseAfter] = [(await treeCpu(server.pid)).root, await processesCpu(backends)];
  // A backend that ended meanwhile (the pool closes idle ones) counts nothing rather than minus its past.
  let database = 0;
  for (const [pid, seconds] of databaseAfter) database += seconds - (databaseBefore.get(pid) ?? seconds);
  return { server: ((after - before) * 1000) / count, database: (database * 1000) / count };
}

/** Per path, each round's CPU per pair: the server's, and the database backends' (PostgreSQL). */
type Figures = Record<PathName, number[]> & { database: Record<PathName, number[]> };

/** Per build (this one, then --against's), per path, the CPU per pair of each round. */
async function measure(kind: DatabaseKind, image: Buffer): Promise<Figures[]> {
  const nodeArgs = options.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profile)}`] : [];
  const settings = { QUOTA_GUEST: '100000000', QUOTA_FREE: '100000000', QUOTA_PREMIUM: '', WEB_DIST_DIR: '' };
  const builds = [{ nodeArgs }, ...(options.against ? [{ script: path.resolve(options.against, 'main.js') }] : [])];
  const servers: LoadServer[] = [];
  try {
    for (const build of builds) servers.push(await startLoadServer(kind, String(options['postgres-url']), settings, build));
    const perPath = () => Object.fromEntries(paths.map((name) => [name, [] as number[]])) as Record<PathName, number[]>;
    const figures: Figures[] = servers.map(() => ({ ...perPath(), database: perPath() }));
    for (const server of servers) {
      for (const name of paths) {
        const pair = await pairFor(name, server, image);
        for (let n = 0; n < WARM_UP_PAIRS; n++) await pair();
      }
    }
    for (let round = 0; round < rounds; round++) {
      for (const name of paths) {
        // Turn about: which build goes first changes every round.
        const order = servers.map((_, i) => i);
        if (round % 2 === 1) order.reverse();
        for (const i of order) {
          const pair = await pairFor(name, servers[i]!, image);
          const took = await cpuPerPair(servers[i]!, pair, requests);
          figures[i]![name].push(took.server);
          figures[i]!.database[name].push(took.database);
        }
      }
      log(
        `${kind} round ${round + 1}: ${paths.map((name) => `${name} ${figures.map((f) => `${f[name].at(-1)!.toFixed(1)}+${f.database[name].at(-1)!.toFixed(1)} ms`).join(' / ')}`).join(', ')} (load ${loadAverage()})`,
      );
    }
    for (const server of servers) if (server.errorLines() > 0) throw new Error(`the server logged ${server.errorLines()} errors`);
    return figures;
  } finally {
    for (const server of servers) await server.close();
  }
}

/** Statements per pair on each path, and one pair's statements by text (the first path's). */
async function countStatements(kind: DatabaseKind, image: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-sql-'));
  const file = path.join(dir, 'statements.log');
  const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql-count.ts');
  const statements = async () => (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const server = await startLoadServer(kind, String(options['postgres-url']), {
    QUOTA_GUEST: '100000000',
    QUOTA_FREE: '100000000',
    QUOTA_PREMIUM: '',
    WEB_DIST_DIR: '',
    NODE_OPTIONS: `--import tsx --import ${preload}`,
    LIGHTPIX_BENCH_SQL_LOG: file,
  });
  const out: string[] = [];
  try {
    for (const name of paths) {
      const pair = await pairFor(name, server, image);
      await pair();
      // Sessions and rows in place: the pairs below are a returning client's.
      const before = (await statements()).length;
      await pair();
      const one = (await statements()).slice(before);
      for (let i = 1; i < requests; i++) await pair();
      const perPair = ((await statements()).length - before) / requests;
      out.push('', `${PATHS[name]}: **${perPair.toFixed(1)} statements per pair** (${kind}); one pair's, by text:`, '');
      const counts = new Map<string, number>();
      for (const text of one) counts.set(text, (counts.get(text) ?? 0) + 1);
      for (const [text, n] of counts) out.push(`- ${n}× \`${text.slice(0, 160)}\``);
    }
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

async function main() {
  // Noise, so the encode has something to do, but small: the job is not what is measured.
  const image = await sharp(Buffer.from(Array.from({ length: size * size * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width: size, height: size, channels: 3 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const loadBefore = loadAverage();
  const out = [
    "### The server's own CPU per upload",
    '',
    options.statements
      ? `- ${new Date().toISOString()}; SQL statements the built server sends for a ${size}×${size} JPEG's upload and download, ${requests} pairs per path`
      : `- ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}; the built server (NODE_ENV=production, LOG_LEVEL=warn); a ${size}×${size} JPEG (${image.length} bytes), quality 75; ${rounds} rounds of ${requests} uploads and downloads per path, one at a time; the server's main process CPU (user + system from /proc, job processes left out) per pair; medians over rounds (min–max)`,
  ];
  if (options.statements) {
    for (const kind of databases) out.push(...(await countStatements(kind, image)));
    process.stdout.write(`${out.join('\n')}\n`);
    return;
  }
  const spread = (values: number[]) =>
    `${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
  for (const kind of databases) {
    const [ours, theirs] = await measure(kind, image);
    const ratio = (a: number[], b: number[]) => `**${median(a.map((value, round) => value / b[round]!)).toFixed(2)}×**`;
    const rows = paths.map((name) => {
      const row = [PATHS[name], `**${spread(ours![name])}**`];
      if (kind === 'postgres') row.push(spread(ours!.database[name]));
      if (!theirs) return row;
      row.push(spread(theirs[name]), ratio(ours![name], theirs[name]));
      if (kind === 'postgres') row.push(spread(theirs.database[name]), ratio(ours!.database[name], theirs.database[name]));
      return row;
    });
    const header = ['Path', 'Server CPU per upload + download: median (min–max)'];
    if (kind === 'postgres') header.push("PostgreSQL backends' CPU");
    if (theirs) header.push(`server CPU, ${options.against}`, 'server ratio (median of rounds)');
    if (theirs && kind === 'postgres') header.push(`backends' CPU, ${options.against}`, 'backends ratio');
    out.push('', `**${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}**`, '', table(header, rows, false));
  }
  out.push('', `- Load average (1 / 5 / 15 min): ${loadBefore} before, ${loadAverage()} after`, '');
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
