import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../core/errors.js';
import { dropExternalLinks } from './links.js';
import { SANDBOX_FOLDER, runSandboxed, writeProfile, type ConverterState, type PptConverter } from './sandbox.js';
import { invalidDeck } from './zip.js';

/**
 * PowerPoint 97–2003 (.ppt) decks are converted to .pptx by LibreOffice (`soffice`), then optimised
 * (docs/decisions/0044-ppt-through-libreoffice.md), inside a sandbox with a fresh profile and a time
 * limit (docs/decisions/0145-libreoffice-in-a-sandbox.md).
 */

const CONVERT_TIME_LIMIT_MS = 90_000;
/** The compound-file signature every .ppt starts with. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const isLegacyPpt = (data: Buffer) => data.length >= 8 && data.subarray(0, 8).equals(OLE_SIGNATURE);

export { converterState, type PptConverter } from './sandbox.js';

/** Why a .ppt cannot be converted here (415, before any quota is used). */
export function converterUnavailable(state: Exclude<ConverterState, 'ready'>): AppError {
  if (state === 'no-sandbox') {
    return new AppError(
      'ppt_converter_missing',
      'PowerPoint 97–2003 (.ppt) files are converted only inside a sandbox, which this server cannot create (it needs bubblewrap and user namespaces). Save the deck as .pptx in PowerPoint, or ask the operator to install the Debian package bubblewrap.',
    );
  }
  return new AppError(
    'ppt_converter_missing',
    'PowerPoint 97–2003 (.ppt) files need LibreOffice on the server, which is not installed here. Save the deck as .pptx in PowerPoint, or ask the operator to install the Debian package libreoffice-impress.',
  );
}

const notConverted = () => invalidDeck('This .ppt file could not be converted; it may be damaged, or not a PowerPoint file.');

/** The .pptx LibreOffice makes of a .ppt, without links to anything outside it; 422 when it cannot read the file. */
export async function convertPptToPptx(data: Buffer, converter: PptConverter): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'lightpix-ppt-'));
  try {
    await writeFile(path.join(folder, 'deck.ppt'), data);
    const profile = await writeProfile(folder);
    const args = [
      `-env:UserInstallation=${profile}`,
      '--headless',
      '--norestore',
      '--convert-to',
      'pptx',
      '--outdir',
      `${SANDBOX_FOLDER}/out`,
      `${SANDBOX_FOLDER}/deck.ppt`,
    ];
    try {
      await runSandboxed(converter, folder, args, CONVERT_TIME_LIMIT_MS);
    } catch {
      throw notConverted();
    }
    const out = path.join(folder, 'out');
    const produced = (await readdir(out).catch(() => [])).find((name) => name.endsWith('.pptx'));
    if (!produced) throw notConverted();
    return await dropExternalLinks(await readFile(path.join(out, produced)));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
