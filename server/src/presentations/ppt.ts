import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { AppError } from '../errors.js';
import { invalidDeck } from './zip.js';

/**
 * PowerPoint 97–2003 (.ppt) decks are converted to .pptx by LibreOffice (`soffice`), then optimised
 * (docs/decisions/0044-ppt-through-libreoffice.md). Each conversion gets its own profile folder, so
 * conversions can run side by side, and a time limit.
 */

const run = promisify(execFile);
const CONVERT_TIME_LIMIT_MS = 90_000;
/** The compound-file signature every .ppt starts with. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const isLegacyPpt = (data: Buffer) => data.length >= 8 && data.subarray(0, 8).equals(OLE_SIGNATURE);

const available = new Map<string, Promise<boolean>>();

/** Whether LibreOffice can be started with this command; asked once per process. */
export function converterAvailable(command: string): Promise<boolean> {
  let answer = available.get(command);
  if (!answer) {
    answer = run(command, ['--version'], { timeout: 30_000 }).then(
      () => true,
      () => false,
    );
    available.set(command, answer);
  }
  return answer;
}

export function converterMissing(): AppError {
  return new AppError(
    'ppt_converter_missing',
    'PowerPoint 97–2003 (.ppt) files need LibreOffice on the server, which is not installed here. Save the deck as .pptx in PowerPoint, or ask the operator to install the Debian package libreoffice-impress.',
  );
}

/** The .pptx LibreOffice makes of a .ppt; 422 when it cannot read the file. */
export async function convertPptToPptx(data: Buffer, command: string): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lightpix-ppt-'));
  try {
    const input = path.join(folder, 'deck.ppt');
    await writeFile(input, data);
    const profile = pathToFileURL(path.join(folder, 'profile')).href;
    const out = path.join(folder, 'out');
    try {
      await run(command, [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', 'pptx', '--outdir', out, input], {
        timeout: CONVERT_TIME_LIMIT_MS,
        killSignal: 'SIGKILL',
      });
    } catch {
      throw invalidDeck('This .ppt file could not be converted; it may be damaged, or not a PowerPoint file.');
    }
    const produced = (await readdir(out).catch(() => [])).find((name) => name.endsWith('.pptx'));
    if (!produced) throw invalidDeck('This .ppt file could not be converted; it may be damaged, or not a PowerPoint file.');
    return await readFile(path.join(out, produced));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
