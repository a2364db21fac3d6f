import { buffer as readAll } from 'node:stream/consumers';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { AppError } from '../core/errors.js';

/**
 * A deck's package read with limits, because the zip is a stranger's (docs/decisions/0146): the part
 * count, each part's size, the total and the markup (everything but media) once unpacked, all judged
 * from the central directory before any part is inflated; then a compression ratio per part, and names
 * without absolute or `..` parts (yauzl refuses those itself). yauzl also stops any entry that inflates
 * past its declared size.
 */
export const DECK_ZIP_LIMITS = {
  /** A 500-slide deck with its layouts, notes and media has ~2,500 parts. */
  entries: 5_000,
  entryBytes: 256 * 1024 * 1024,
  totalBytes: 256 * 1024 * 1024,
  /** XML and other markup unpacked: a 500-slide deck has ~25 MB; it is parsed, which costs several times its size. */
  markupBytes: 64 * 1024 * 1024,
  /** Unpacked ÷ packed; XML reaches 20–50, an empty bitmap a few hundred, bombs thousands. */
  ratio: 200,
  /** Entries smaller than this may have any ratio: a tiny bomb cannot hurt. */
  ratioFloorBytes: 1024 * 1024,
};

export type ZipLimits = typeof DECK_ZIP_LIMITS;

export interface PackageEntry {
  name: string;
  data: Buffer;
  modified: Date;
}

export function invalidDeck(message: string): AppError {
  return new AppError('invalid_presentation', message);
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const isZip = (data: Buffer) => data.length >= 4 && data.subarray(0, 4).equals(ZIP_SIGNATURE);

/** Media keep their size unpacked and are never parsed; everything else counts as markup. */
const MEDIA = /^ppt\/(media|embeddings|fonts)\//;

const tooBig = (limits: ZipLimits) =>
  invalidDeck(
    `This deck unpacks to more than ${Math.round(limits.totalBytes / 1024 / 1024)} MB, or more than ${Math.round(limits.markupBytes / 1024 / 1024)} MB of slides and other markup, which no real deck needs; it may be a zip bomb.`,
  );

/** The central directory's entries, judged by count and unpacked sizes before any is inflated. */
async function directoryOf(zip: yauzl.ZipFile, limits: ZipLimits): Promise<yauzl.Entry[]> {
  if (zip.entryCount > limits.entries)
    throw invalidDeck(`This deck has too many parts (${zip.entryCount}; the limit is ${limits.entries}).`);
  const entries: yauzl.Entry[] = [];
  const seen = new Set<string>();
  let total = 0;
  let markup = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    if (seen.has(entry.fileName.toLowerCase())) throw invalidDeck('This deck names one part twice; it may have been tampered with.');
    seen.add(entry.fileName.toLowerCase());
    if (entry.isEncrypted()) throw invalidDeck('This deck is password-protected. Remove the password in PowerPoint and upload it again.');
    const size = entry.uncompressedSize;
    total += size;
    if (!MEDIA.test(entry.fileName)) markup += size;
    if (size > limits.entryBytes || total > limits.totalBytes || markup > limits.markupBytes) throw tooBig(limits);
    if (size > limits.ratioFloorBytes && size / Math.max(1, entry.compressedSize) > limits.ratio) {
      throw invalidDeck('A part of this deck is compressed far more than real content can be; it may be a zip bomb.');
    }
    entries.push(entry);
  }
  return entries;
}

/** Every entry of the package in its order (folder entries left out), or a 422 that says what is wrong. */
export async function readPackage(data: Buffer, limits: ZipLimits = DECK_ZIP_LIMITS): Promise<PackageEntry[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: true,
      decodeStrings: true,
    });
  } catch {
    throw invalidDeck('This file is not a valid .pptx: it cannot be opened as a zip package.');
  }
  try {
    const directory = await directoryOf(zip, limits);
    const entries: PackageEntry[] = [];
    for (const entry of directory) {
      const stream = await zip.openReadStreamPromise(entry);
      entries.push({ name: entry.fileName, data: await readAll(stream), modified: entry.getLastModDate() });
    }
    return entries;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidDeck(`This deck is damaged or unsafe to open (${zipProblem(error)}).`);
  } finally {
    zip.close();
  }
}

/** yauzl's reason, without anything of ours in it. */
function zipProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/absolute path|relative path|invalid characters/i.test(message)) return 'a part is named outside the package';
  if (/too many bytes|too few bytes|invalid|unexpected|bad/i.test(message)) return 'a part does not match its own header';
  return 'the package cannot be read';
}

/** Compressed media gain nothing from deflate: stored as they are, like PowerPoint does for JPEG. */
const STORED_EXTENSIONS = /\.(jpe?g|png|gif|mp4|m4v|m4a|mp3|mov|wmv|avi|wma|webp)$/i;

/**
 * Writes entries in the order given, `[Content_Types].xml` first: readers that check a package expect it
 * there, and LibreOffice writes it last in a converted `.ppt` (docs/decisions/0257).
 */
export async function writePackage(entries: readonly PackageEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const first = (entry: PackageEntry) => (entry.name === '[Content_Types].xml' ? 0 : 1);
  for (const entry of [...entries].sort((a, b) => first(a) - first(b))) {
    zip.addBuffer(entry.data, entry.name, { mtime: entry.modified, compress: !STORED_EXTENSIONS.test(entry.name) });
  }
  zip.end();
  return readAll(zip.outputStream);
}
