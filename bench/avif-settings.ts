/**
 * AVIF encoder settings compared at equal look (issue 36 point 2): per photo and setting, the lowest AVIF
 * quality whose file reaches turbo-q75's ssim.js look at both scales (bench/judge.ts, 4 decimals), found
 * by bisection, and its bytes × turbo-q75's (sharp's libjpeg-turbo q75, as bench:jpeg writes it); also
 * the CPU seconds of that one encode. A tuning tool: it says which libaom setting writes the look in the
 * fewest bytes, not what `auto` chooses (bench:jpeg --auto says that).
 *
 *   npm run bench:avif -- <photo or folder …> [--settings ssim420e2,iq420e2,ssim444e2,ssim420e4] [--json out.json] [--own]
 *
 * --own also asks our own four scores on the whole photo, with the search's lead (smart.ts lookJudge), as
 * `auto`'s whole-photo finalist does (finalists.ts): the look `auto` can actually write.
 * A setting is named tune + chroma + effort (+ b10 for 10 bits): `ssim420e2` is smart AVIF today up to 6 MP (encode.ts).
 * Markdown goes to stdout, progress to stderr.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { lookJudge } from '../server/src/images/smart.js';
import { photosOf } from './image-set.js';
import { judgeAgainst, looksAtLeast } from './judge.js';
import { loadAverage, median, table } from './report.js';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    settings: { type: 'string', default: 'ssim420e2,iq420e2,ssim444e2,ssim420e4' },
    json: { type: 'string' },
    own: { type: 'boolean', default: false },
  },
});

interface Setting {
  name: string;
  tune: 'ssim' | 'iq' | 'psnr';
  chroma: '4:2:0' | '4:4:4';
  effort: number;
  bitdepth: 8 | 10;
}

function parseSetting(name: string): Setting {
  const match = /^(ssim|iq|psnr)(420|444)e(\d)(b10)?$/.exec(name);
  if (!match) throw new Error(`--settings: ${name} is not tune+chroma+effort, such as ssim420e2`);
  return {
    name,
    tune: match[1] as Setting['tune'],
    chroma: match[2] === '420' ? '4:2:0' : '4:4:4',
    effort: Number(match[3]),
    bitdepth: match[4] ? 10 : 8,
  };
}

const settings = options.settings.split(',').map(parseSetting);
const log = (line: string) => process.stderr.write(`${line}\n`);
const LOW = 40;
const HIGH = 99;

interface Found {
  quality: number;
  bytes: number;
  cpu: number;
}

/** The CPU seconds (all threads) of one encode. */
async function timed<T>(run: () => Promise<T>): Promise<{ value: T; cpu: number }> {
  const before = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(before);
  return { value, cpu: (used.user + used.system) / 1e6 };
}

async function main() {
  const images = await photosOf(positionals);
  const started = new Date();
  const loadBefore = loadAverage();
  const results: { name: string; pixels: number; turbo: number; found: Record<string, Found | null> }[] = [];
  for (const image of images) {
    const oriented = await sharp(image.data, { limitInputPixels: false }).rotate().flatten({ background: '#ffffff' }).raw().toBuffer({
      resolveWithObject: true,
    });
    const pipeline = () => sharp(oriented.data, { raw: oriented.info, limitInputPixels: false });
    const turbo = await pipeline().jpeg({ quality: 75 }).toBuffer();
    const judge = await judgeAgainst(image.data);
    const reference = await judge.judge(turbo);
    // --own: our four scores on the whole photo too, with the search's lead, as finalists.ts judges AVIF.
    const prepared = {
      data: new Uint8Array(oriented.data),
      width: oriented.info.width,
      height: oriented.info.height,
      channels: oriented.info.channels,
    };
    const own = options.own ? await lookJudge(prepared, { sample: prepared }) : null;
    const found: Record<string, Found | null> = {};
    // Qualities seen: the next setting starts its bisection near the last one's answer.
    let hint = 85;
    for (const setting of settings) {
      const encode = (quality: number) =>
        timed(() =>
          pipeline()
            .avif({ quality, effort: setting.effort, tune: setting.tune, chromaSubsampling: setting.chroma, bitdepth: setting.bitdepth })
            .toBuffer(),
        );
      const passes = new Map<number, Found | null>();
      const probe = async (quality: number) => {
        const { value: encoded, cpu } = await encode(quality);
        const ok = (!own || (await own.looksAsGood(encoded)) !== null) && looksAtLeast(await judge.judge(encoded), reference);
        passes.set(quality, ok ? { quality, bytes: encoded.length, cpu } : null);
        return ok;
      };
      // Bisection from the hint: up or down in steps of 4 to a bracket, then halving.
      let low = LOW;
      let high = HIGH + 1;
      let q = Math.min(HIGH, Math.max(LOW, hint));
      if (await probe(q)) {
        high = q;
        for (q = high - 4; q >= LOW && (await probe(q)); q -= 4) high = q;
        low = Math.max(LOW, q + 1);
      } else {
        low = q + 1;
        for (q = low + 3; q <= HIGH && !(await probe(q)); q += 4) low = q + 1;
        high = Math.min(HIGH + 1, q);
      }
      while (low < high) {
        const mid = (low + high) >> 1;
        if (passes.has(mid) ? passes.get(mid) !== null : await probe(mid)) high = mid;
        else low = mid + 1;
      }
      found[setting.name] = high <= HIGH ? (passes.get(high) ?? null) : null;
      if (found[setting.name]) hint = high;
      const one = found[setting.name];
      log(
        `${image.name} ${setting.name}: ${one ? `q${one.quality} ${(one.bytes / turbo.length).toFixed(3)}× ${one.cpu.toFixed(2)} s` : 'none'}`,
      );
    }
    await judge.close();
    results.push({ name: image.name, pixels: image.width * image.height, turbo: turbo.length, found });
  }
  if (options.json) await writeFile(options.json, JSON.stringify({ started, results }, null, 2));
  // A photo no AVIF setting brings to the look keeps turbo-q75 (1×) in the medians, as `auto` would keep a JPEG.
  const ratio = (r: (typeof results)[number], name: string) => Math.min(1, (r.found[name]?.bytes ?? Infinity) / r.turbo);
  const rows = results.map((r) => [
    r.name,
    `${(r.pixels / 1e6).toFixed(1)} MP`,
    ...settings.map((s) => {
      const one = r.found[s.name];
      return one ? `${(one.bytes / r.turbo).toFixed(3)}× q${one.quality} ${one.cpu.toFixed(1)} s` : '–';
    }),
  ]);
  rows.push(['**median** (none = 1×)', '', ...settings.map((s) => `**${median(results.map((r) => ratio(r, s.name))).toFixed(3)}×**`)]);
  const out = [
    `- ${started.toISOString()}, ${images.length} photos, sharp ${sharp.versions.sharp}, libaom ${sharp.versions.aom}, load ${loadBefore} → ${loadAverage()}`,
    '',
    table(['Photo', 'Size', ...settings.map((s) => s.name)], rows, false),
    '',
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
