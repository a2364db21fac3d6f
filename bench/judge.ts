import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ssim as ssimJs } from 'ssim.js';

/**
 * The benchmark's judge of quality, independent of the engine's own SSIM (server/src/images/ssim.ts,
 * which only steers the search): ssim.js ('fast', luma, 11×11 Gaussian windows, no downsampling of
 * its own) at two scales, and Debian's butteraugli as a third opinion. An original with transparency
 * is judged composited over white and over black, and each scale keeps the lower score, so a result
 * cannot pass on its colours alone with its alpha damaged (docs/decisions/0132).
 */

/** A page shows photos at about this size: the second scale, on the long side. */
export const VIEW_SIDE = 1600;
/** butteraugli (2017) takes ~10 s for 1600×1067 here; larger views are left out. */
const BUTTERAUGLI_MAX_PIXELS = 2_000_000;
const BUTTERAUGLI_TIMEOUT_MS = 120_000;

export interface Judgement {
  /** ssim.js at full resolution. */
  full: number;
  /** ssim.js with both images at most VIEW_SIDE px on the long side. */
  view: number;
  /** butteraugli's distance at the view scale (lower is closer; ~1 is the edge of visible), or null. */
  butteraugli: number | null;
}

interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The pages a transparent image is judged on: a light one and a dark one. */
const BACKGROUNDS = ['#ffffff', '#000000'] as const;
type Background = (typeof BACKGROUNDS)[number];

/**
 * sRGB pixels, auto-oriented and composited over `background` as a page shows them, optionally reduced
 * to the view size. Composited at full size first: in one sharp pipeline the reduction runs before the
 * flattening and mixes in the colours hidden under fully transparent pixels (a lossless WebP, which
 * rewrites them, scored 0.9950 at page size against its own original's 1.0000 at full size).
 */
async function pixels(data: Buffer, background: Background, maxSide?: number): Promise<Rgba> {
  const flat = await sharp(data, { limitInputPixels: false })
    .rotate()
    .flatten({ background })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  let pipeline = sharp(flat.data, {
    raw: { width: flat.info.width, height: flat.info.height, channels: flat.info.channels },
    limitInputPixels: false,
  });
  if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true, kernel: 'lanczos3' });
  const { data: raw, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length), width: info.width, height: info.height };
}

function ssimOf(a: Rgba, b: Rgba): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`judge: sizes differ (${a.width}×${a.height} vs ${b.width}×${b.height})`);
  return ssimJs(a, b, { ssim: 'fast', downsample: false }).mssim;
}

let butteraugliFound: boolean | null = null;

/** Whether Debian's butteraugli is installed (apt-get install -y butteraugli). */
export async function hasButteraugli(): Promise<boolean> {
  butteraugliFound ??= await promisify(execFile)('butteraugli', [])
    .then(() => true)
    .catch((error: { code?: unknown }) => typeof error.code === 'number');
  return butteraugliFound;
}

async function butteraugli(a: Rgba, b: Rgba, workDir: string): Promise<number | null> {
  if (!(await hasButteraugli()) || a.width * a.height > BUTTERAUGLI_MAX_PIXELS) return null;
  const files = [path.join(workDir, 'a.png'), path.join(workDir, 'b.png')];
  await Promise.all([writeFile(files[0]!, await encodePng(a)), writeFile(files[1]!, await encodePng(b))]);
  const { stdout } = await promisify(execFile)('butteraugli', [...files], { timeout: BUTTERAUGLI_TIMEOUT_MS }).catch(() => ({
    stdout: '',
  }));
  const value = Number.parseFloat(stdout.trim());
  return Number.isFinite(value) ? value : null;
}

function encodePng(image: Rgba): Promise<Buffer> {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** SSIM is compared at the precision the tables show (4 decimals). */
export const ssimAtLeast = (a: number, b: number) => Math.round(a * 1e4) >= Math.round(b * 1e4);
/** "At least the reference's look": at least its ssim.js at both scales. */
export const looksAtLeast = (ours: Pick<Judgement, 'full' | 'view'>, reference: Pick<Judgement, 'full' | 'view'>) =>
  ssimAtLeast(ours.full, reference.full) && ssimAtLeast(ours.view, reference.view);

export interface Judge {
  judge(encoded: Buffer, options?: { butteraugli?: boolean }): Promise<Judgement>;
  close(): Promise<void>;
}

/** Prepares the original once at both scales (over white and black when it has transparency); each result is then judged against it. */
export async function judgeAgainst(original: Buffer): Promise<Judge> {
  const backgrounds = (await sharp(original).stats()).isOpaque ? BACKGROUNDS.slice(0, 1) : BACKGROUNDS;
  const originals = await Promise.all(
    backgrounds.map(async (background) => ({
      background,
      full: await pixels(original, background),
      view: await pixels(original, background, VIEW_SIDE),
    })),
  );
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-judge-'));
  return {
    async judge(encoded, options = {}) {
      const looks = await Promise.all(
        originals.map(async ({ background, full, view }) => {
          const [encodedFull, encodedView] = await Promise.all([pixels(encoded, background), pixels(encoded, background, VIEW_SIDE)]);
          return { full: ssimOf(full, encodedFull), view: ssimOf(view, encodedView), views: [view, encodedView] as const };
        }),
      );
      const [onWhite] = looks;
      return {
        full: Math.min(...looks.map((look) => look.full)),
        view: Math.min(...looks.map((look) => look.view)),
        butteraugli: options.butteraugli ? await butteraugli(onWhite!.views[0], onWhite!.views[1], workDir) : null,
      };
    },
    close: () => rm(workDir, { recursive: true, force: true }),
  };
}
