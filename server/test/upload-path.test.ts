import { existsSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { optimiseImageJob } from '../src/images/optimise.js';
import { transformImage } from '../src/images/transform.js';
import { jobHandlers, type AppJobs } from '../src/jobs/handlers.js';
import { childProcessPool } from '../src/jobs/process-pool.js';
import { runDeckJob } from '../src/presentations/deck-job.js';
import { createTestApp, fixture, processForm, visitor, type TestApp } from './helpers.js';

/**
 * The files a guest's upload crosses before the engine, as docs/architecture.md lists them (issue 40: at
 * most 12). Counted, not read off the imports: V8's own coverage of this process says which functions ran
 * from the request's arrival until its job reached the job process, and a plain request's run says
 * which of them every request runs (the frame). The job process's side is its script, job-child.ts,
 * whose handlers are the engine's own entries.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverSrc = path.join(root, 'server/src');
const marker = path.join(os.tmpdir(), `lightpix-upload-path-${process.pid}`);
// Read by the job process (trace/job-child-marker.ts), which the pool starts with this environment.
process.env.UPLOAD_PATH_MARKER = marker;

const session = new Session();
let test: TestApp;

beforeAll(async () => {
  const jobScript = fileURLToPath(new URL('./trace/job-child-marker.ts', import.meta.url));
  test = await createTestApp('pglite', {}, undefined, { pool: childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 4, jobScript }) });
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Debugger.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});

afterAll(async () => {
  await session.post('Profiler.stopPreciseCoverage');
  session.disconnect();
  await test.close();
  await rm(marker, { force: true });
  await rm(`${marker}.go`, { force: true });
});

/** A vitest module's export getter: the test runner's, not the file's own code. */
const EXPORT_GETTER = /^\(\) => \{ try \{ return [\w.]+ \} catch \{\} \}$/;

/** Functions of server/src that ran since the last call, as `file@offset`, the engine (images/) left out. */
async function ranSinceLast(): Promise<Set<string>> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const ran = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith('file:')) continue;
    const file = path.relative(serverSrc, fileURLToPath(script.url));
    if (file.startsWith('..') || file.startsWith('images/')) continue;
    const called = script.functions.filter((f) => f.ranges[0]!.count > 0);
    if (called.length === 0) continue;
    const { scriptSource } = await session.post('Debugger.getScriptSource', { scriptId: script.scriptId });
    for (const f of called) {
      const { startOffset, endOffset } = f.ranges[0]!;
      if (!EXPORT_GETTER.test(scriptSource.slice(startOffset, endOffset))) ran.add(`${file}@${startOffset}`);
    }
  }
  return ran;
}

const filesOf = (functions: Iterable<string>) => new Set([...functions].map((f) => f.slice(0, f.lastIndexOf('@'))));

/** The backquoted server files of a list between `<!-- name -->` and `<!-- /name -->` in docs/architecture.md. */
async function documented(name: string): Promise<string[]> {
  const doc = await readFile(path.join(root, 'docs/architecture.md'), 'utf8');
  const block = doc.slice(doc.indexOf(`<!-- ${name}`), doc.indexOf(`<!-- /${name} -->`));
  expect(block.length).toBeGreaterThan(0);
  return [...block.matchAll(/^\s*(?:\d+\.|-) `([^`]+)`/gm)].map((m) => m[1]!);
}

it("a guest's upload crosses the files docs/architecture.md lists, at most 12, before the engine", async () => {
  const guest = visitor(test.app);
  await ranSinceLast();
  // Every API request's frame: its hooks, with a guest's plain read.
  expect((await guest.get('/api/plans')).statusCode).toBe(200);
  const frame = await ranSinceLast();

  const answer = visitor(test.app, '203.0.113.11').post('/api/images/process', processForm(await fixture('photo.jpg'), 'photo.jpg'));
  // Until the job reaches the job process, which then waits for the go.
  while (!existsSync(marker)) await new Promise((resolve) => setTimeout(resolve, 5));
  const upload = await ranSinceLast();
  writeFileSync(`${marker}.go`, '');
  expect((await answer).statusCode).toBe(201);

  // The door counts though its hook runs for every request: the upload's own check (refuseWhenBusy) runs in it.
  const ownFiles = filesOf([...upload].filter((f) => !frame.has(f)));
  const parentSide = [...new Set(['http/busy-door.ts', ...ownFiles])].sort();
  const frameFiles = [...filesOf(upload)].filter((file) => !parentSide.includes(file)).sort();
  const crossed = [...parentSide, 'jobs/job-child.ts'];

  expect([...(await documented('upload-path'))].sort()).toEqual([...crossed].sort());
  expect(crossed.length).toBeLessThanOrEqual(12);
  expect((await documented('request-frame')).sort()).toEqual(frameFiles);
});

it("the job process's handlers are the engine's own entries, so job-child.ts hands a job straight to the engine", async () => {
  expect(jobHandlers).toEqual({ image: optimiseImageJob, apiTransform: transformImage, deck: runDeckJob });
  const child = await readFile(path.join(serverSrc, 'jobs/job-child.ts'), 'utf8');
  const imports = [...child.matchAll(/^import (?!type )[^;]*from '(\.[^']+)'/gm)].map((m) => m[1]);
  expect(imports.sort()).toEqual(['../images/job-process.js', './handlers.js', './protocol.js']);
});
