/**
 * The outside probe's small expensive deck: 2.7 MB, 9,990 parts of repetitive XML. It is run as a deck
 * job in a real job process (the server's own childProcessPool), beside a real deck (officer-example.pptx)
 * in the same run as the baseline, and the time to its answer and the peak RSS of this process and its job process
 * are printed against the targets (≤ 5 s, < 1 GB) — docs/decisions/0146.
 */
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';
import { childProcessPool } from '../server/src/jobs/process-pool.js';
import type { AppJobs } from '../server/src/jobs/handlers.js';
import { readPackage } from '../server/src/presentations/zip.js';
import { treeMemory } from './process-tree.js';

const FIXTURES = new URL('../server/test/fixtures/decks/', import.meta.url);

/** A real deck plus 9,990 parts of 20 KB of repetitive XML (~270 bytes packed each): as server/test/decks.ts' manyPartsDeck. */
async function manyPartsDeck(parts: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  // The base deck's parts as they are (read without limits: it is ours).
  for (const entry of await readPackage(await readFile(new URL('libreoffice5.pptx', FIXTURES)))) zip.addBuffer(entry.data, entry.name);
  const row = '<a:p><a:r><a:t>filler</a:t></a:r></a:p>';
  const slide = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="a" xmlns:p="p">${row.repeat(Math.ceil(20_000 / row.length))}</p:sld>`,
  );
  for (let i = 0; i < parts; i++) zip.addBuffer(slide, `ppt/extra/part${i}.xml`);
  zip.end();
  return buffer(zip.outputStream);
}

const MB = 1024 * 1024;
const queue = childProcessPool<AppJobs>({ concurrency: 1, maxWaiting: 4 });
const converter = { soffice: 'soffice', bwrap: 'bwrap' };

async function measured(data: Buffer) {
  let peak = (await treeMemory(process.pid)).bytes;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await treeMemory(process.pid)).bytes);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  let answer: string;
  try {
    const result = await queue.run('deck', { data, target: 'screen', converter });
    answer = `optimised to ${(result.data.length / MB).toFixed(1)} MB`;
  } catch (error) {
    answer = `refused: ${(error as Error).message}`;
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  return { seconds, peakMb: peak / MB, answer };
}

console.error('Building the decks (the 9,990-part one takes a minute)…');
const realistic = await readFile(new URL('officer-example.pptx', FIXTURES));
const hostile = await manyPartsDeck(9_990);
// The first job starts the job process; both measured runs find it started.
await measured(realistic);
const baseline = await measured(realistic);
const probe = await measured(hostile);
// Under the part count: refused by the markup it would unpack to.
const fewer = await manyPartsDeck(4_900);
const markup = await measured(fewer);
await queue.close();

console.log(`| deck | size | answer | seconds | peak RSS, bench + job process |`);
console.log(`|---|---|---|---|---|`);
console.log(
  `| officer-example.pptx (baseline) | ${(realistic.length / MB).toFixed(1)} MB | ${baseline.answer} | ${baseline.seconds.toFixed(2)} | ${baseline.peakMb.toFixed(0)} MB |`,
);
console.log(
  `| 9,990 parts | ${(hostile.length / MB).toFixed(1)} MB | ${probe.answer} | ${probe.seconds.toFixed(2)} | ${probe.peakMb.toFixed(0)} MB |`,
);
console.log(
  `| 4,900 parts | ${(fewer.length / MB).toFixed(1)} MB | ${markup.answer} | ${markup.seconds.toFixed(2)} | ${markup.peakMb.toFixed(0)} MB |`,
);
console.log(
  `\n9,990-part deck: ${(probe.seconds / 5).toFixed(3)}× the 5 s target, ${(probe.peakMb / 1024).toFixed(2)}× the 1 GB target; ${(probe.seconds / baseline.seconds).toFixed(2)}× the baseline deck's time, ${(probe.peakMb / baseline.peakMb).toFixed(2)}× its peak`,
);
