import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { encode, type EncodedFormat } from '../server/src/images/encode.js';
import type { BenchImage, ImageClass } from './image-set.js';

export const CONTENDERS = [
  'ours-default',
  'ours-smart',
  'ours-auto',
  'sharp-direct',
  'cjpeg-q75',
  'pngquant+optipng',
  'cwebp-q75',
] as const;
export type ContenderName = (typeof CONTENDERS)[number];

/** The contender each class is measured against: the tool people compare us with. */
export const REFERENCE: Record<ImageClass, ContenderName> = { photo: 'cjpeg-q75', graphic: 'pngquant+optipng' };

/** The command-line contenders, by class. */
export const TOOL_CONTENDERS: Record<ImageClass, ContenderName[]> = {
  photo: ['cjpeg-q75', 'cwebp-q75'],
  graphic: ['pngquant+optipng', 'cwebp-q75'],
};

export interface Encoded {
  data: Buffer;
  /** Wall time of the encoder alone (for a tool: its processes, not preparing their input). */
  ms: number;
}

/** A contender that could not give a result for this image, and why. */
export interface NotApplicable {
  reason: string;
}

// ---- sharp directly, with ours-default's settings ----

const DIRECT_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * sharp alone with ours-default's settings (quality 75, original format), to measure what our HTTP
 * path adds. The settings come from the server's own `encode()`, so they follow its tuning (when this
 * was written: JPEG mozjpeg; PNG palette, effort 7 up to 4 MP else 4, compressionLevel 9; WebP effort 4,
 * smartSubsample). Null for formats other than JPEG, PNG and WebP.
 */
export function sharpDirect(data: Buffer, format: string, pixels: number): (() => Promise<Buffer>) | null {
  if (!DIRECT_FORMATS.has(format)) return null;
  return () => encode(sharp(data).rotate(), format as EncodedFormat, 75, { pixels }).toBuffer();
}

// ---- command-line tools ----

interface Tool {
  command: string;
  versionArgs: string[];
  install: string;
}

const TOOLS: Record<string, Tool> = {
  cjpeg: { command: 'cjpeg', versionArgs: ['-version'], install: 'apt-get install -y libjpeg-turbo-progs' },
  pngquant: { command: 'pngquant', versionArgs: ['--version'], install: 'apt-get install -y pngquant' },
  optipng: { command: 'optipng', versionArgs: ['-v'], install: 'apt-get install -y optipng' },
  cwebp: { command: 'cwebp', versionArgs: ['-version'], install: 'apt-get install -y webp' },
};

const TOOLS_OF: Partial<Record<ContenderName, string[]>> = {
  'cjpeg-q75': ['cjpeg'],
  'pngquant+optipng': ['pngquant', 'optipng'],
  'cwebp-q75': ['cwebp'],
};

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

async function timed(command: string, args: string[]): Promise<RunResult & { ms: number }> {
  const started = performance.now();
  const result = await run(command, args);
  return { ...result, ms: performance.now() - started };
}

/** Each tool's version line, or null when it is not installed. */
export async function findTools(): Promise<Map<string, string | null>> {
  const found = new Map<string, string | null>();
  for (const tool of Object.values(TOOLS)) {
    try {
      const { stdout, stderr } = await run(tool.command, tool.versionArgs);
      found.set(tool.command, (stdout || stderr).trim().split('\n')[0] ?? '');
    } catch {
      found.set(tool.command, null);
    }
  }
  return found;
}

/** The command-line contenders whose tools are all installed; the others come with how to install them. */
export function availableToolContenders(tools: Map<string, string | null>): { available: Set<ContenderName>; missing: string[] } {
  const available = new Set<ContenderName>();
  const missing: string[] = [];
  for (const [contender, commands] of Object.entries(TOOLS_OF) as [ContenderName, string[]][]) {
    const absent = commands.filter((command) => !tools.get(command));
    if (absent.length === 0) available.add(contender);
    else missing.push(`${contender} skipped: ${absent.join(', ')} not found (install: ${absent.map((c) => TOOLS[c]!.install).join('; ')})`);
  }
  return { available, missing };
}

/** The tools' input, decoded by sharp and auto-oriented: binary PPM (PGM for grey) for cjpeg, lossless PNG otherwise. */
export async function prepareToolInputs(image: BenchImage, workDir: string) {
  const grey = (await sharp(image.data).metadata()).channels! <= 2;
  const { data, info } = await sharp(image.data)
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace(grey ? 'b-w' : 'srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const header = Buffer.from(`${info.channels === 1 ? 'P5' : 'P6'}\n${info.width} ${info.height}\n255\n`);
  const pnm = path.join(workDir, info.channels === 1 ? 'input.pgm' : 'input.ppm');
  await writeFile(pnm, Buffer.concat([header, data]));
  const png = path.join(workDir, 'input.png');
  await sharp(image.data)
    .rotate()
    .toColourspace(grey ? 'b-w' : 'srgb')
    .png({ compressionLevel: 1 })
    .toFile(png);
  return { pnm, png };
}

type ToolInputs = Awaited<ReturnType<typeof prepareToolInputs>>;

function failed(command: string, result: RunResult): Error {
  return new Error(`${command} exited ${result.code}: ${result.stderr.trim().split('\n')[0] ?? ''}`);
}

/** Runs one command-line contender on the prepared inputs. */
export async function runTool(contender: ContenderName, inputs: ToolInputs, workDir: string): Promise<Encoded | NotApplicable> {
  switch (contender) {
    case 'cjpeg-q75': {
      const out = path.join(workDir, 'cjpeg.jpg');
      const result = await timed('cjpeg', ['-quality', '75', '-outfile', out, inputs.pnm]);
      if (result.code !== 0) throw failed('cjpeg', result);
      return { data: await readFile(out), ms: result.ms };
    }
    case 'pngquant+optipng': {
      const quantised = path.join(workDir, 'pngquant.png');
      const out = path.join(workDir, 'pngquant-optipng.png');
      const quant = await timed('pngquant', ['--quality=65-80', '--speed=3', '--force', '--output', quantised, '--', inputs.png]);
      // 99: no palette reaches the minimum quality; pngquant writes nothing, and neither do we.
      if (quant.code === 99) return { reason: 'pngquant could not reach quality 65 (exit 99)' };
      if (quant.code !== 0) throw failed('pngquant', quant);
      const opti = await timed('optipng', ['-o2', '-quiet', '-clobber', '-out', out, quantised]);
      if (opti.code !== 0) throw failed('optipng', opti);
      return { data: await readFile(out), ms: quant.ms + opti.ms };
    }
    case 'cwebp-q75': {
      const out = path.join(workDir, 'cwebp.webp');
      const result = await timed('cwebp', ['-quiet', '-q', '75', inputs.png, '-o', out]);
      if (result.code !== 0) throw failed('cwebp', result);
      return { data: await readFile(out), ms: result.ms };
    }
    default:
      throw new Error(`${contender} is not a command-line contender`);
  }
}

/** The photos' reference, `cjpeg -quality 75`, for one image, in a working folder of its own. */
export async function cjpegReference(image: BenchImage): Promise<Encoded | NotApplicable> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-cjpeg-'));
  try {
    return await runTool('cjpeg-q75', await prepareToolInputs(image, workDir), workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
