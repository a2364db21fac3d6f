import { spawn } from 'node:child_process';
import { fromPixels } from './loaders.js';
import type { RawImage } from './ssim.js';

/**
 * The graphics' reference itself: Debian's `pngquant` at the settings smart PNG is judged against
 * (`--quality=65-80 --speed=3`, TinyPNG's method), run as its own program on pixels we hand it. Its
 * palette is pngquant's look by definition, so smart PNG takes it as a verified candidate and measures
 * its own palettes against its real look (docs/decisions/0288-pngquant-itself-as-a-candidate.md). A
 * separate program, not linked: pngquant 2.17 and its libimagequant are GPL-3. Without it (not
 * installed, or it fails) smart PNG falls back to its stand-in, sharp's libimagequant (decision 0132).
 */

export const PNGQUANT_ARGS = ['--quality=65-80', '--speed=3', '--strip', '-'];
/** A run that takes longer than this is given up (a 3640×2400 wallpaper takes ~3 s of CPU). */
const RUN_LIMIT_MS = 30_000;

let command = 'pngquant';
let found: Promise<boolean> | null = null;

/** Tests point this at a missing program to see the fallback; null restores `pngquant` from PATH. */
export function usePngquantCommand(path: string | null): void {
  command = path ?? 'pngquant';
  found = null;
}

function run(args: string[], input: Buffer | null): Promise<{ code: number | null; stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'ignore'], timeout: RUN_LIMIT_MS });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(chunks) }));
    if (input && child.stdin) {
      // pngquant may exit (99) before reading it all: a closed pipe is not our error.
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
  });
}

/** Whether pngquant can be run here; asked once per process. */
export function pngquantAvailable(): Promise<boolean> {
  found ??= run(['--version'], null).then(
    ({ code }) => code === 0,
    () => false,
  );
  return found;
}

/**
 * pngquant's palette PNG of `pixels` (its own deflate, no ancillary chunks), or null when pngquant is
 * missing, fails, or cannot reach quality 65 (then the reference writes nothing either).
 */
export async function pngquantPalette(pixels: RawImage): Promise<Buffer | null> {
  if (!(await pngquantAvailable())) return null;
  const input = await fromPixels(pixels).png({ compressionLevel: 0 }).toBuffer();
  try {
    const { code, stdout } = await run(PNGQUANT_ARGS, input);
    // 99: no palette reaches the minimum quality (65), and pngquant writes nothing.
    if (code !== 0 || stdout.length === 0) return null;
    return stdout;
  } catch {
    return null;
  }
}
