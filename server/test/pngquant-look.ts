import { execFile } from 'node:child_process';
import sharp from 'sharp';
import { PNGQUANT_ARGS } from '../src/images/pngquant.js';
import { ssim as ssimJs } from 'ssim.js';

/**
 * pngquant's look for tests, judged by an implementation the engine does not use (ssim.js), as
 * bench/judge.ts judges graphics (docs/decisions/0132, 0157).
 */

/**
 * The palette Debian's `pngquant --quality=65-80 --speed=3` makes, by the tool itself (a runtime package
 * since docs/decisions/0288, so scripts/test.sh installs it); it used to be our libimagequant at 80,
 * dithered, which scores above pngquant's own on some graphics and below it on others.
 */
export const pngquantLike = async (data: Buffer) => (await run('pngquant', PNGQUANT_ARGS, data)).stdout;

function run(command: string, args: string[], input: Buffer): Promise<{ stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { encoding: 'buffer', maxBuffer: 1 << 28 }, (error, stdout) =>
      error ? reject(error) : resolve({ stdout }),
    );
    child.stdin?.end(input);
  });
}

async function onBackground(data: Buffer, background: string) {
  const { data: raw, info } = await sharp(data)
    .flatten({ background })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(raw.buffer, raw.byteOffset, raw.length), width: info.width, height: info.height };
}

/** ssim.js of `result` against `original`, composited over white and over black, so a transparent result cannot pass on its colours alone. */
export async function looksOverWhiteAndBlack(original: Buffer, result: Buffer) {
  const over = async (background: string) =>
    ssimJs(await onBackground(original, background), await onBackground(result, background), { ssim: 'fast', downsample: false }).mssim;
  return { white: await over('#ffffff'), black: await over('#000000') };
}
