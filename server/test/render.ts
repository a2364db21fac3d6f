import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ssim } from 'ssim.js';

const run = promisify(execFile);

/** LibreOffice and poppler render decks for the "looks the same" checks; scripts/test.sh installs both. */
export async function renderToolsMissing(): Promise<string | null> {
  for (const tool of ['soffice', 'pdftoppm']) {
    try {
      await run(tool, ['--version'], { timeout: 30_000 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return `${tool} is not installed (bash scripts/test.sh installs it)`;
    }
  }
  return null;
}

export interface Slide {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Each slide as LibreOffice shows it (headless PDF export), rendered 1280 px wide by pdftoppm. */
export async function renderSlides(deck: Buffer, extension = 'pptx'): Promise<Slide[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lightpix-render-'));
  try {
    await writeFile(path.join(folder, `deck.${extension}`), deck);
    const profile = pathToFileURL(path.join(folder, 'profile')).href;
    await run(
      'soffice',
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        folder,
        path.join(folder, `deck.${extension}`),
      ],
      { timeout: 120_000 },
    );
    await run('pdftoppm', ['-png', '-scale-to-x', '1280', '-scale-to-y', '-1', path.join(folder, 'deck.pdf'), path.join(folder, 'slide')], {
      timeout: 120_000,
    });
    const pages = (await readdir(folder))
      .filter((name) => /^slide-\d+\.png$/.test(name))
      .sort((a, b) => parseInt(a.slice(6)) - parseInt(b.slice(6)));
    return await Promise.all(
      pages.map(async (name) => {
        const { data, info } = await sharp(path.join(folder, name)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
      }),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** SSIM (ssim.js, independent of the engine's own) of each pair of slides. */
export function slideSimilarity(before: Slide[], after: Slide[]): number[] {
  if (before.length !== after.length) throw new Error(`slide count changed: ${before.length} → ${after.length}`);
  return before.map((slide, i) => ssim(slide, after[i]!).mssim);
}
