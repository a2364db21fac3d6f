/**
 * Lightpix load test: the built server under many connections, on PGlite and then on PostgreSQL.
 *
 *   npm run build && npm run bench:load -- [--duration 30] [--connections 200] [--burst-duration 30]
 *     [--burst-connections 20] [--baseline-connections 8] [--databases pglite,postgres]
 *     [--parts reads,uploads] [--slices 3] [--photo bench/images/photos/skimage_rocket.jpg] [--max-requests 2000000]
 *
 * Per database, a fresh one each time (PGlite in a temporary folder, a new PostgreSQL database that is
 * dropped after): pages (/, /it, a script asset) and GET /api/session/current with 200 connections for
 * 30 s each, then POST /api/images/process with 8 and 20 connections (30 s each, in 3 alternating
 * slices), once with clients that resend at once after a 503 and once with clients that wait its
 * Retry-After. Prints throughput, p50/p99 latency, status counts, errors other than deliberate 429s,
 * the server process tree's peak RSS and CPU time.
 * Traffic goes to 127.0.0.1 only; every run is bounded by its duration and --max-requests.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startLoadServer, type DatabaseKind, type LoadServer } from './load-server.js';
import { politeUploads } from './polite-uploads.js';
import { treeCpu, treeRss, watchPeakRss } from './process-tree.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '200' },
    'burst-duration': { type: 'string', default: '30' },
    'burst-connections': { type: 'string', default: '20' },
    'baseline-connections': { type: 'string', default: '8' },
    databases: { type: 'string', default: 'pglite,postgres' },
    photo: { type: 'string', default: path.join(here, 'images/photos/skimage_rocket.jpg') },
    'max-requests': { type: 'string', default: '2000000' },
    slices: { type: 'string', default: '3' },
    parts: { type: 'string', default: 'reads,uploads' },
    /** Another checkout (built) whose server is measured instead of this one's: a before and after from one script. */
    tree: { type: 'string' },
    'postgres-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const positive = (name: keyof typeof options) => {
  const value = Number(options[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const duration = positive('duration');
const connections = positive('connections');
const burstDuration = positive('burst-duration');
const burstConnections = positive('burst-connections');
const baselineConnections = positive('baseline-connections');
const maxRequests = positive('max-requests');
const slices = Math.round(positive('slices'));
const databases = String(options.databases)
  .split(',')
  .map((kind) => kind.trim()) as DatabaseKind[];
if (databases.some((kind) => kind !== 'pglite' && kind !== 'postgres')) throw new Error('--databases takes pglite and/or postgres');
const parts = new Set(
  String(options.parts)
    .split(',')
    .map((part) => part.trim()),
);
if ([...parts].some((part) => part !== 'reads' && part !== 'uploads')) throw new Error('--parts takes reads and/or uploads');

const log = (line: string) => process.stderr.write(`${line}\n`);
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;

interface Measured {
  label: string;
  connections: number;
  seconds: number;
  statuses: Record<string, number>;
  /** Connection errors and timeouts: requests that got no answer. */
  failures: number;
  failureKinds: Record<string, number>;
  /** Every answer's latency in ms, and the successful answers' alone (201 for uploads). */
  latencies: number[];
  okLatencies: number[];
  peakRss: number;
  /** CPU seconds spent during the run by the server's main process, its job processes and this load generator. */
  cpu: { server: number; jobs: number; client: number };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Two runs of the same load (slices of one measurement) as one. */
const combined = (a: Measured, b: Measured): Measured => ({
  ...a,
  seconds: a.seconds + b.seconds,
  statuses: Object.fromEntries(
    [...new Set([...Object.keys(a.statuses), ...Object.keys(b.statuses)])].map((status) => [
      status,
      (a.statuses[status] ?? 0) + (b.statuses[status] ?? 0),
    ]),
  ),
  failures: a.failures + b.failures,
  failureKinds: Object.fromEntries(
    [...new Set([...Object.keys(a.failureKinds), ...Object.keys(b.failureKinds)])].map((kind) => [
      kind,
      (a.failureKinds[kind] ?? 0) + (b.failureKinds[kind] ?? 0),
    ]),
  ),
  latencies: [...a.latencies, ...b.latencies],
  okLatencies: [...a.okLatencies, ...b.okLatencies],
  peakRss: Math.max(a.peakRss, b.peakRss),
  cpu: { server: a.cpu.server + b.cpu.server, jobs: a.cpu.jobs + b.cpu.jobs, client: a.cpu.client + b.cpu.client },
});

let clientNumber = 0;
/** Each request comes from its own address in 10.0.0.0/8, as many visitors behind one proxy. */
const newClientAddress = () => {
  clientNumber = (clientNumber + 1) % 0xffffff;
  return `10.${clientNumber >> 16}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
};
const fromNewClient = (request: autocannon.Request) => ({
  ...request,
  headers: { ...request.headers, 'x-forwarded-for': newClientAddress() },
});
/** Every request from one address: the per-client limit (300 a minute) answers 429 on purpose. */
const fromOneClient = (request: autocannon.Request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': '192.0.2.1' } });

interface Run {
  seconds: number;
  statuses: Record<string, number>;
  failures: number;
  /** Requests without an answer, by error code (autocannon's runs only). */
  failureKinds?: Record<string, number>;
  latencies: number[];
  okLatencies: number[];
}

/** Runs a load while watching the server's memory and everyone's CPU time. */
async function measure(server: LoadServer, label: string, connections: number, load: () => Promise<Run>): Promise<Measured> {
  const rss = watchPeakRss(server.pid);
  const cpuBefore = await treeCpu(server.pid);
  const clientBefore = process.cpuUsage();
  const run = await load();
  const peakRss = await rss.stop();
  const cpuAfter = await treeCpu(server.pid);
  const client = process.cpuUsage(clientBefore);
  return {
    label,
    connections,
    seconds: run.seconds,
    statuses: run.statuses,
    failures: run.failures,
    failureKinds: run.failureKinds ?? {},
    latencies: run.latencies,
    okLatencies: run.okLatencies,
    peakRss,
    cpu: {
      server: cpuAfter.root - cpuBefore.root,
      jobs: cpuAfter.descendants - cpuBefore.descendants,
      client: (client.user + client.system) / 1e6,
    },
  };
}

/** autocannon: every connection sends its next request as soon as the last is answered. */
function cannon(
  server: LoadServer,
  options: {
    path: string;
    connections: number;
    seconds: number;
    method?: 'GET' | 'POST';
    body?: Buffer;
    headers?: Record<string, string>;
    okStatus: number;
    oneClient?: boolean;
  },
): Promise<Run> {
  const latencies: number[] = [];
  const okLatencies: number[] = [];
  const failureKinds: Record<string, number> = {};
  return new Promise<Run>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.origin}${options.path}`,
        connections: options.connections,
        duration: options.seconds,
        maxOverallRequests: maxRequests,
        // An upload may wait behind the queue's other jobs; a page should never take this long.
        timeout: options.method === 'POST' ? 120 : 30,
        method: options.method ?? 'GET',
        body: options.body,
        headers: options.headers,
        requests: [{ setupRequest: options.oneClient ? fromOneClient : fromNewClient }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          seconds: (result.finish.getTime() - result.start.getTime()) / 1000,
          statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [status, stat.count ?? 0])),
          failures: result.errors,
          failureKinds,
          latencies,
          okLatencies,
        });
      },
    );
    instance.on('reqError', (error: Error & { code?: string }) => {
      const name = error.code ?? error.message;
      failureKinds[name] = (failureKinds[name] ?? 0) + 1;
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      if (status === options.okStatus) okLatencies.push(ms);
    });
  });
}

const count = (m: Measured, status: number) => m.statuses[String(status)] ?? 0;
const goodput = (m: Measured) => count(m, 201) / m.seconds;
const answered = (m: Measured) => Object.values(m.statuses).reduce((a, b) => a + b, 0);
/** Everything but the expected answer and deliberate 429s: other statuses, connection errors, timeouts. */
const unexpected = (m: Measured, ok: number) => answered(m) - count(m, ok) - count(m, 429) + m.failures;
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);
const statusText = (m: Measured) =>
  [
    ...Object.entries(m.statuses).map(([status, n]) => `${status}: ${n}`),
    ...Object.entries(m.failureKinds).map(([kind, n]) => `${kind}: ${n}`),
  ].join(', ') || 'none';

/** A multipart upload as the web page sends it: the photo, then the settings. */
async function uploadBody(photoPath: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await readFile(photoPath))], { type: 'image/jpeg' }), path.basename(photoPath));
  for (const [name, value] of Object.entries({ width: '', height: '', quality: '75', format: '', maintainRatio: 'true' }))
    form.append(name, value);
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** A script the landing page loads, as a browser asks for it next. */
async function scriptAsset(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/`)).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!asset) throw new Error('the landing page names no /assets/*.js script: is web/dist built?');
  return asset;
}

const cpuText = (m: Measured) => `${m.cpu.server.toFixed(1)} / ${m.cpu.jobs.toFixed(1)} / ${m.cpu.client.toFixed(1)}`;

/** Pages, a script and the session endpoint under `connections` connections each; no errors but deliberate 429s. */
async function benchReads(server: LoadServer, kind: DatabaseKind): Promise<string[]> {
  const asset = await scriptAsset(server.origin);
  for (const warm of ['/', '/it', asset, '/api/session/current']) await fetch(`${server.origin}${warm}`);
  const sessionsBefore = await server.sessionRows();
  const reads: Measured[] = [];
  for (const target of ['/', '/it', asset, '/api/session/current']) {
    log(`${kind}: GET ${target}, ${connections} connections for ${duration} s…`);
    reads.push(
      await measure(server, target, connections, () => cannon(server, { path: target, connections, seconds: duration, okStatus: 200 })),
    );
  }
  const limited = '/api/session/current';
  log(`${kind}: GET ${limited} from one address, ${connections} connections for ${duration} s…`);
  reads.push(
    await measure(server, `${limited} (one address)`, connections, () =>
      cannon(server, { path: limited, connections, seconds: duration, okStatus: 200, oneClient: true }),
    ),
  );
  const sessionsAfter = await server.sessionRows();
  const lines = [
    '| GET | connections | s | requests/s | p50 | p99 | statuses | errors (not 429) | peak RSS | CPU s server / jobs / client |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const m of reads) {
    lines.push(
      `| ${m.label} | ${m.connections} | ${m.seconds.toFixed(1)} | ${Math.round(answered(m) / m.seconds)} | ${ms(percentile(m.latencies, 50))} | ${ms(percentile(m.latencies, 99))} | ${statusText(m)} | ${unexpected(m, 200)} | ${mib(m.peakRss)} | ${cpuText(m)} |`,
    );
  }
  lines.push('');
  if (sessionsBefore !== null && sessionsAfter !== null)
    lines.push(`Session rows written by these cookie-less reads: ${sessionsAfter - sessionsBefore}.`);
  const readErrors = reads.reduce((sum, m) => sum + unexpected(m, 200), 0);
  lines.push(`Errors other than deliberate 429s on the reads: **${readErrors}** (target 0).`, '');
  return lines;
}

type UploadForm = { body: Buffer; contentType: string };

/**
 * The same upload from `baselineConnections` and then `burstConnections` connections, twice: clients
 * that resend at once after a 503 (autocannon, the hostile case) and clients that wait its Retry-After.
 */
async function benchUploads(server: LoadServer, kind: DatabaseKind, upload: UploadForm): Promise<string[]> {
  // Each level's time is cut into slices run in turn (8, 20, 8, 20, …), so a change in the machine's other load hits both alike.
  const sliceSeconds = burstDuration / slices;
  const storm = (n: number) => () =>
    cannon(server, {
      path: '/api/images/process',
      method: 'POST',
      body: upload.body,
      headers: { 'content-type': upload.contentType },
      connections: n,
      seconds: sliceSeconds,
      okStatus: 201,
    });
  const polite = (n: number) => () => politeUploads(server.origin, upload.body, upload.contentType, n, sliceSeconds, newClientAddress);
  const runs: { m: Measured; sessions: number | null }[] = [];
  for (const [label, load] of [
    ['resend at once', storm],
    ['wait Retry-After', polite],
  ] as const) {
    log(
      `${kind}: POST /api/images/process, ${baselineConnections} and ${burstConnections} connections that ${label}, ${slices} × ${sliceSeconds} s each in turn…`,
    );
    const levels = [baselineConnections, burstConnections].map((n) => ({ n, m: null as Measured | null, sessions: 0 as number | null }));
    for (let slice = 0; slice < slices; slice++) {
      for (const level of levels) {
        const sessionsBefore = await server.sessionRows();
        const m = await measure(server, `${level.n} that ${label}`, level.n, load(level.n));
        const sessionsAfter = await server.sessionRows();
        level.m = level.m ? combined(level.m, m) : m;
        level.sessions =
          sessionsBefore === null || sessionsAfter === null || level.sessions === null
            ? null
            : level.sessions + sessionsAfter - sessionsBefore;
      }
    }
    for (const level of levels) runs.push({ m: level.m!, sessions: level.sessions });
  }
  const lines = [
    '| upload clients | s | goodput (201/s) | 201 | 503 | other | p50 all | p99 all | p50 201 | p99 201 | peak RSS | CPU s server / jobs / client | session rows written |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { m, sessions } of runs) {
    const other = answered(m) - count(m, 201) - count(m, 503) + m.failures;
    lines.push(
      `| ${m.label} | ${m.seconds.toFixed(1)} | ${goodput(m).toFixed(2)} | ${count(m, 201)} | ${count(m, 503)} | ${other} | ${ms(percentile(m.latencies, 50))} | ${ms(percentile(m.latencies, 99))} | ${ms(percentile(m.okLatencies, 50))} | ${ms(percentile(m.okLatencies, 99))} | ${mib(m.peakRss)} | ${cpuText(m)} | ${sessions ?? '–'} |`,
    );
  }
  const [stormBase, stormBurst, politeBase, politeBurst] = runs.map(({ m }) => m) as [Measured, Measured, Measured, Measured];
  lines.push(
    '',
    `Goodput of ${burstConnections} connections / goodput of ${baselineConnections} connections (target ≥ 1.00): ` +
      `**${(goodput(stormBurst) / goodput(stormBase)).toFixed(2)}×** when refused clients resend at once, ` +
      `**${(goodput(politeBurst) / goodput(politeBase)).toFixed(2)}×** when they wait the Retry-After.`,
    '',
  );
  return lines;
}

async function benchDatabase(kind: DatabaseKind, upload: UploadForm): Promise<string[]> {
  log(`\n${kind}: starting the built server…`);
  // Guests may upload without end, so the quota never refuses a burst.
  const server = await startLoadServer(
    kind,
    String(options['postgres-url']),
    { QUOTA_GUEST: '100000000', QUOTA_FREE: '100000000', QUOTA_PREMIUM: '' },
    { tree: options.tree },
  );
  try {
    await fetch(`${server.origin}/`);
    const lines = [`### ${kind}`, '', `Idle RSS of the server's process tree after start: ${mib(await treeRss(server.pid))}.`, ''];
    if (parts.has('reads')) lines.push(...(await benchReads(server, kind)));
    if (parts.has('uploads')) lines.push(...(await benchUploads(server, kind, upload)));
    lines.push(`Server log lines at error level during the run: ${server.errorLines()} (a busy 503 is a warning, not an error).`, '');
    return lines;
  } finally {
    await server.close();
  }
}

const upload = await uploadBody(String(options.photo));
const report = [
  '## Load test (`npm run bench:load`)',
  '',
  `${new Date().toISOString()}, Node ${process.version}, built server, ${connections} connections × ${duration} s per read target, uploads of ${path.basename(String(options.photo))} (${Math.round(upload.body.length / 1024)} KB form) with ${baselineConnections} and ${burstConnections} connections × ${burstDuration} s. ` +
    `Each request names its own client address (X-Forwarded-For, TRUST_PROXY=1) except in the "one address" run. The load generator runs in this process, on the same ${os.availableParallelism()} cores as the server. CPU s: the server's main process / its job processes / the load generator.`,
  '',
];
for (const kind of databases) report.push(...(await benchDatabase(kind, upload)));
process.stdout.write(`${report.join('\n')}\n`);
