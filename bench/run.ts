/**
 * Lightpix benchmark: our API (quality 75 and smart) against sharp alone and the usual command-line
 * tools, per image class, on bytes, savings and SSIM, plus the time our HTTP path adds.
 *
 *   npm run bench -- [folder] [--all] [--json out.json] [--reps 3] [--per-image] [--no-butteraugli]
 *
 * Markdown goes to stdout, progress to stderr. Everything runs in sequence, on 127.0.0.1 only.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';
import {
  availableToolContenders,
  findTools,
  prepareToolInputs,
  runTool,
  sharpDirect,
  TOOL_CONTENDERS,
  type ContenderName,
  type NotApplicable,
} from './contenders.js';
import { loadImageSet, type BenchImage, type ImageClass } from './image-set.js';
import { startOurApi, type ApiResult, type OurApi } from './our-api.js';
import {
  CLASS_TITLE,
  classTable,
  engineTimingTable,
  median,
  perImageTable,
  summary,
  timingTable,
  type ContenderResult,
  type ImageResult,
} from './report.js';
import { judgeAgainst, type Judge } from './judge.js';
import { engineRuns, type EngineRuns } from './engine-direct.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLASSES: ImageClass[] = ['photo', 'graphic'];

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  allowNegative: true,
  options: {
    all: { type: 'boolean', default: false },
    json: { type: 'string' },
    reps: { type: 'string', default: '3' },
    butteraugli: { type: 'boolean', default: true },
    'per-image': { type: 'boolean', default: false },
  },
});
const folder = path.resolve(positionals[0] ?? path.join(here, 'images'));
const reps = Number(options.reps);
if (!Number.isInteger(reps) || reps < 1) throw new Error('--reps must be a whole number of at least 1');

const log = (line: string) => process.stderr.write(`${line}\n`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 200);

/** Contenders butteraugli also judges: it takes ~10 s a view, so only the ones the targets compare. */
const BUTTERAUGLI_FOR = new Set<ContenderName>(['ours-smart', 'ours-auto', 'cjpeg-q75', 'pngquant+optipng']);

async function measured(
  judge: Judge,
  name: ContenderName,
  image: BenchImage,
  data: Buffer,
  ms: number,
  extra: Partial<ContenderResult> = {},
): Promise<ContenderResult> {
  const meta = await sharp(data).metadata();
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  const look = await judge.judge(data, { butteraugli: options.butteraugli && BUTTERAUGLI_FOR.has(name) });
  return {
    bytes: data.length,
    savings: 1 - data.length / image.data.length,
    ssim: look.full,
    ssimView: look.view,
    butteraugli: look.butteraugli,
    ms,
    format,
    ...extra,
  };
}

/** All contenders on one image, in sequence. */
async function benchImage(image: BenchImage, api: OurApi, tools: Set<ContenderName>, workDir: string): Promise<ImageResult> {
  const judge = await judgeAgainst(image.data);

  const contenders: ImageResult['contenders'] = {};
  const filename = path.basename(image.name);
  const attempt = async (name: ContenderName, work: () => Promise<ContenderResult | NotApplicable>) => {
    try {
      contenders[name] = await work();
    } catch (error) {
      contenders[name] = { reason: errorText(error) };
    }
  };

  // ours-default and sharp-direct, turn about: one warm-up each, then `reps` timed runs.
  const direct = sharpDirect(image.data, image.format, image.width * image.height);
  const http = { ms: [] as number[], last: null as ApiResult | null, error: null as unknown };
  const alone = { ms: [] as number[], last: null as Buffer | null, error: null as unknown };
  for (let run = 0; run <= reps; run++) {
    if (!http.error) {
      try {
        http.last = await api.optimise(image.data, filename, '75');
        if (run > 0) http.ms.push(http.last.ms);
      } catch (error) {
        http.error = error;
      }
    }
    if (direct && !alone.error) {
      try {
        const started = performance.now();
        alone.last = await direct();
        if (run > 0) alone.ms.push(performance.now() - started);
      } catch (error) {
        alone.error = error;
      }
    }
  }
  const ours = http.last;
  await attempt('ours-default', async () => {
    if (http.error || !ours) throw http.error;
    return measured(judge, 'ours-default', image, ours.data, median(http.ms), {
      quality: ours.record.quality,
      alreadyOptimal: ours.record.alreadyOptimal,
    });
  });
  await attempt('sharp-direct', async () => {
    if (!direct) return { reason: `sharp-direct covers JPEG, PNG and WebP, not ${image.format}` };
    if (alone.error || !alone.last) throw alone.error;
    return measured(judge, 'sharp-direct', image, alone.last, median(alone.ms));
  });
  const timing = direct && !http.error && !alone.error ? { httpMs: http.ms, sharpMs: alone.ms } : null;

  // The engine in this process: one fixed-quality encode, smart and 'auto' (a premium plan's formats), timed alike.
  let engine: EngineRuns | null = null;
  let engineError: unknown = null;
  try {
    engine = await engineRuns(image.data);
  } catch (error) {
    engineError = error;
  }

  await attempt('ours-smart', async () => {
    let why: string;
    try {
      const smart = await api.optimise(image.data, filename, 'smart');
      if (smart.record.search !== 'cut short') {
        return await measured(judge, 'ours-smart', image, smart.data, smart.ms, {
          quality: smart.record.quality,
          alreadyOptimal: smart.record.alreadyOptimal,
        });
      }
      why = 'was cut short by its deadline';
    } catch (error) {
      why = `failed (${errorText(error)})`;
    }
    // On a loaded machine a large photo's smart search can reach its deadline (decision 0130): the same
    // engine's whole search from this process stands in, marked, so the search's look and bytes are judged.
    const ran = engine as EngineRuns | null;
    if (!ran) throw new Error(`ours-smart through HTTP ${why}`);
    log(`${image.name}: ours-smart through HTTP ${why}; judging the in-process smart result`);
    return measured(judge, 'ours-smart', image, ran.smart.data, ran.smartMs, { quality: ran.smart.quality, inProcess: true });
  });

  await attempt('ours-auto', async () => {
    const ran = engine as EngineRuns | null;
    if (!ran) throw engineError;
    return measured(judge, 'ours-auto', image, ran.auto.data, ran.autoMs, { quality: ran.auto.quality });
  });

  const wanted = TOOL_CONTENDERS[image.imageClass].filter((name) => tools.has(name));
  if (wanted.length > 0) {
    const imageDir = await mkdtemp(path.join(workDir, 'tools-'));
    const inputs = prepareToolInputs(image, imageDir);
    for (const name of wanted) {
      await attempt(name, async () => {
        const encoded = await runTool(name, await inputs, imageDir);
        return 'reason' in encoded ? encoded : measured(judge, name, image, encoded.data, encoded.ms);
      });
    }
    await rm(imageDir, { recursive: true, force: true });
  }

  await judge.close();
  const { name, imageClass, format, width, height } = image;
  const ran = engine as EngineRuns | null;
  const engineTiming = ran ? { fixedMs: ran.fixedMs, smartMs: ran.smartMs, autoMs: ran.autoMs } : null;
  return { name, imageClass, format, width, height, originalBytes: image.data.length, contenders, timing, engineTiming };
}

/** The commit the server code comes from, and whether server/ or shared/ have uncommitted changes. */
async function codeVersion(): Promise<string> {
  const git = (...args: string[]) => promisify(execFile)('git', ['-C', path.join(here, '..'), ...args]).then((r) => r.stdout.trim());
  try {
    const commit = await git('rev-parse', '--short', 'HEAD');
    const changed = (await git('status', '--porcelain', '--', 'server', 'shared')).split('\n').filter(Boolean).length;
    return changed ? `commit ${commit} + ${changed} uncommitted file(s) in server/ or shared/` : `commit ${commit}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function progressLine(index: number, total: number, result: ImageResult): string {
  const parts = Object.entries(result.contenders).map(([name, r]) =>
    'bytes' in r ? `${name} ${(r.bytes / 1024).toFixed(0)}K/${r.ssim.toFixed(4)}/${r.ssimView.toFixed(4)}` : `${name} n/a`,
  );
  return `[${index}/${total}] ${result.name}: ${parts.join(', ')}`;
}

async function main() {
  // Read before the run: a long run can outlast a commit, and its figures belong to the code it started with.
  const code = await codeVersion();
  const { images, skipped } = await loadImageSet(folder, options.all);
  if (images.length === 0) throw new Error(`no image to benchmark in ${folder}`);
  const foundTools = await findTools();
  const { available, missing } = availableToolContenders(foundTools);
  missing.forEach(log);

  const workDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-bench-'));
  const api = await startOurApi(path.join(workDir, 'data'));
  await mkdir(path.join(workDir, 'tools'), { recursive: true });
  const started = new Date();
  const results: ImageResult[] = [];
  try {
    for (const [index, image] of images.entries()) {
      const result = await benchImage(image, api, available, path.join(workDir, 'tools'));
      results.push(result);
      log(progressLine(index + 1, images.length, result));
    }
  } finally {
    await api.close();
    await rm(workDir, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started.getTime()) / 1000;

  const cpus = os.cpus();
  const machine = {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    sharp: sharp.versions.sharp,
    libvips: sharp.versions.vips,
    tools: Object.fromEntries(foundTools),
  };
  const classes = CLASSES.filter((imageClass) => results.some((r) => r.imageClass === imageClass));
  const notApplicable = results.flatMap((r) =>
    Object.entries(r.contenders).flatMap(([name, outcome]) => ('reason' in outcome ? [`- ${r.name}, ${name}: ${outcome.reason}`] : [])),
  );

  const out: string[] = [
    `## Lightpix benchmark`,
    '',
    `- Folder: ${folder} (${images.length} images${options.all ? ', --all' : ''}); ${reps} timed runs after 1 warm-up`,
    `- Date: ${started.toISOString()}; took ${seconds.toFixed(0)} s; code: ${code}`,
    `- Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ${machine.platform}`,
    `- Node ${machine.node}, sharp ${machine.sharp}, libvips ${machine.libvips}; ${[...foundTools].map(([tool, version]) => `${tool}: ${version ?? 'missing'}`).join('; ')}`,
    '',
  ];
  for (const imageClass of classes) {
    out.push(classTable(results, imageClass), '');
    if (options['per-image']) out.push(perImageTable(results, imageClass), '');
  }
  out.push('### Time: ours-default through HTTP vs sharp-direct', '', timingTable(results, classes), '');
  out.push('### Time: smart and auto vs one fixed-quality encode (engine in process)', '', engineTimingTable(results, classes), '');
  out.push('### Summary', '', summary(results), '');
  if (notApplicable.length) out.push('### Not applicable', '', ...notApplicable, '');
  if (skipped.length) out.push('### Skipped files', '', ...skipped.map((s) => `- ${s.name}: ${s.reason}`), '');
  if (missing.length) out.push('### Missing tools', '', ...missing.map((m) => `- ${m}`), '');
  process.stdout.write(`${out.join('\n')}\n`);

  if (options.json) {
    const report = {
      folder,
      date: started.toISOString(),
      seconds,
      code,
      reps,
      machine,
      classes: classes.map((c) => CLASS_TITLE[c]),
      skipped,
      images: results,
    };
    await writeFile(path.resolve(options.json), `${JSON.stringify(report, null, 2)}\n`);
    log(`wrote ${path.resolve(options.json)}`);
  }
}

await main();
