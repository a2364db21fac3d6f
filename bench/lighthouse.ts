// `npm run bench:lighthouse [-- --runs N] [-- --only /guest,/auth]`: Lighthouse mobile (its default
// simulated throttling: slow 4G, 4× CPU) on the landing page and the app pages, against the built
// server (run `npm run build` first; nothing is built here) on 127.0.0.1 with a fresh DATA_DIR, with
// Debian's chromium (CHROME_PATH). A signed-in premium user with 20 results is prepared for /images,
// /powerpoint, /developers and /account. Prints per page the median run's performance and accessibility
// scores, FCP, LCP, TBT, CLS and the script and total bytes transferred (compressed) before
// interaction: Lighthouse never interacts, so everything it loads is before interaction.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { apiPaths } from '@lightpix/shared';
import { startServer } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, only: { type: 'string' }, detail: { type: 'boolean', default: false } },
});
const runs = Math.max(1, Number(values.runs));

interface Page {
  path: string;
  signedIn: boolean;
}
const pages: Page[] = [
  { path: '/', signedIn: false },
  { path: '/guest', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/images', signedIn: true },
  { path: '/powerpoint', signedIn: true },
  { path: '/developers', signedIn: true },
  { path: '/account', signedIn: true },
].filter((page) => !values.only || values.only.split(',').includes(page.path));

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RESULTS = 20;
const ADMIN = 'bench-admin@lightpix.test';
const USER = 'bench-user@lightpix.test';
const PASSWORD = 'correct horse battery';

for (const file of ['web/dist/index.html', 'web/dist-ssr/render.js', 'server/dist/main.js']) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`npm run build\` first (this benchmark builds nothing).`);
    process.exit(1);
  }
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lightpix-lighthouse-'));
// The operator's admin is made at start (ADMIN_EMAIL, docs/decisions/0189); a sign-up never makes one.
const server = await startServer(
  'build',
  { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  { inheritEnv: false },
);
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });

/** The cookies an answer sets (the session's and the device's, decision 0191), as a Cookie header. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');

/** Signs an account up and returns its cookies. */
async function signUp(email: string): Promise<string> {
  const response = await fetch(`${server.origin}${apiPaths.register}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace', username: '' }),
  });
  if (response.status !== 201) throw new Error(`signing ${email} up answered ${response.status}: ${await response.text()}`);
  return cookiesOf(response);
}

/** Signs an existing account in and returns its cookies. */
async function signIn(email: string): Promise<string> {
  const response = await fetch(`${server.origin}${apiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing ${email} in answered ${response.status}: ${await response.text()}`);
  return cookiesOf(response);
}

async function api(cookie: string, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${server.origin}${url}`, { ...init, headers: { ...init.headers, cookie } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** A premium user with RESULTS results, as a person who has used the app for a while. */
async function prepareUser(): Promise<string> {
  const admin = await signIn(ADMIN);
  const cookie = await signUp(USER);
  const user = (await (await api(cookie, apiPaths.currentUser)).json()) as { id?: string; user?: { id: string } };
  const id = user.user?.id ?? user.id;
  await api(admin, `/api/admin/users/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tier: 'premium' }),
  });
  for (let i = 0; i < RESULTS; i++) {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40 + i * 9, g: 120, b: 200 - i * 7 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `holiday-photo-${String(i + 1).padStart(2, '0')}.jpg`);
    await api(cookie, apiPaths.processImage, { method: 'POST', body: form });
  }
  return cookie;
}

interface Row {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
  totalBytes: number;
  /** Main-thread work (ms, Lighthouse's 4× CPU slowdown applied to what it observed). */
  mainThread: number;
  /** Long tasks Lighthouse lists (50 ms or more after its slowdown): how many, and the longest. */
  longTasks: number;
  longestTask: number;
}

async function audit(page: Page, cookie: string): Promise<Row> {
  const result = await lighthouse(
    `${server.origin}${page.path}`,
    {
      port: Number(chrome.port),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
  if (values.detail) printDetail(page, lhr.audits);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)
    ?.items;
  const tasks = (lhr.audits['long-tasks']?.details as { items?: { duration?: number }[] } | undefined)?.items ?? [];
  const scriptBytes = (requests ?? []).filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptBytes,
    totalBytes: numeric('total-byte-weight'),
    mainThread: numeric('mainthread-work-breakdown'),
    longTasks: tasks.length,
    longestTask: Math.max(0, ...tasks.map((task) => task.duration ?? 0)),
  };
}

type Audits = Record<string, { details?: unknown } | undefined>;

/** `--detail`: where the main thread's time went (Lighthouse's groups) and each script's share, with the 4× slowdown. */
function printDetail(page: Page, audits: Audits) {
  const itemsOf = (id: string) => (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const groups = itemsOf('mainthread-work-breakdown').map((item) => `${String(item.groupLabel)} ${Math.round(Number(item.duration))} ms`);
  const scripts = itemsOf('bootup-time').map(
    (item) =>
      `${String(item.url).replace(/^.*\//, '')} ${Math.round(Number(item.total))} ms (script ${Math.round(Number(item.scripting))})`,
  );
  const tasks = itemsOf('long-tasks').map(
    (item) =>
      `${String(item.url).replace(/^.*\//, '')} at ${Math.round(Number(item.startTime))} ms: ${Math.round(Number(item.duration))} ms`,
  );
  console.error(`${page.path}\n  main thread: ${groups.join(', ')}\n  scripts: ${scripts.join(', ')}\n  long tasks: ${tasks.join(', ')}`);
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): such a run is run again, twice at most. */
async function auditWithRetry(page: Page, cookie: string, attempts = 3): Promise<Row> {
  try {
    return await audit(page, cookie);
  } catch (error) {
    if (attempts <= 1) throw error;
    console.error(`${(error as Error).message}: running it again`);
    return auditWithRetry(page, cookie, attempts - 1);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
try {
  const cookie = await prepareUser();
  console.log(
    `Lighthouse mobile (default throttling), median of ${runs} run(s) by performance score; ${server.origin}; load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log(
    '| Page | Performance | Accessibility | FCP | LCP | TBT | CLS | Script before interaction | All bytes | Main thread | Long tasks (longest) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const page of pages) {
    const rows: Row[] = [];
    for (let i = 0; i < runs; i++) rows.push(await auditWithRetry(page, cookie));
    rows.sort((a, b) => a.performance - b.performance);
    const row = rows[Math.floor(rows.length / 2)]!;
    const label = page.signedIn ? `${page.path} (signed in)` : page.path;
    console.log(
      `| ${label} | ${row.performance} | ${row.accessibility} | ${seconds(row.fcp)} | ${seconds(row.lcp)} | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${kb(row.scriptBytes)} | ${kb(row.totalBytes)} | ${seconds(row.mainThread)} | ${row.longTasks} (${Math.round(row.longestTask)} ms) |`,
    );
  }
  console.log(`\nload average at the end: ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
