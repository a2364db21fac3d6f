import { asciiEntry, entryText, isEmpty, readExif, type ExifFields, type TiffEntry } from './exif.js';
import { sharp } from './loaders.js';
import { MAX_INPUT_PIXELS } from './inspect.js';

/**
 * The metadata a result may keep (docs/decisions/0136): the API's `preserve` names the first three,
 * the web's "keep metadata" keeps all four. Everything else is always removed.
 */
export type MetadataField = 'copyright' | 'creation' | 'location' | 'camera';
export const ALL_METADATA_FIELDS: readonly MetadataField[] = ['copyright', 'creation', 'location', 'camera'];
/** What Tinify's `preserve` can name. */
export const PRESERVABLE_FIELDS: readonly MetadataField[] = ['copyright', 'creation', 'location'];

export type KeptMetadata = ExifFields;
export const NOTHING_KEPT: KeptMetadata = { ifd0: [], exif: [], gps: [] };

const ARTIST = 0x013b;
const COPYRIGHT = 0x8298;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;

/** Which tags each field keeps, by IFD; location keeps the whole GPS IFD. */
const FIELD_TAGS: Record<Exclude<MetadataField, 'location'>, { ifd0: number[]; exif: number[] }> = {
  copyright: { ifd0: [ARTIST, COPYRIGHT], exif: [] },
  // DateTimeOriginal, CreateDate (DateTimeDigitized), their time zones and fractions of a second.
  creation: { ifd0: [], exif: [DATE_TIME_ORIGINAL, 0x9004, 0x9010, OFFSET_TIME_ORIGINAL, 0x9012, 0x9290, 0x9291, 0x9292] },
  // Make, model, software, description, resolution, and the exposure a photographer reads; no serial numbers.
  camera: {
    ifd0: [0x010e, 0x010f, 0x0110, 0x011a, 0x011b, 0x0128, 0x0131, 0x0132],
    exif: [
      0x829a, 0x829d, 0x8822, 0x8827, 0x9000, 0x9201, 0x9202, 0x9203, 0x9204, 0x9205, 0x9206, 0x9207, 0x9208, 0x9209, 0x920a, 0xa402,
      0xa403, 0xa404, 0xa405, 0xa406, 0xa432, 0xa433, 0xa434,
    ],
  },
};

/** The fields asked for, from everything read. */
export function selectKept(all: KeptMetadata, fields: readonly MetadataField[]): KeptMetadata {
  const ifd0 = new Set<number>();
  const exif = new Set<number>();
  for (const field of fields) {
    if (field === 'location') continue;
    FIELD_TAGS[field].ifd0.forEach((tag) => ifd0.add(tag));
    FIELD_TAGS[field].exif.forEach((tag) => exif.add(tag));
  }
  return {
    ifd0: all.ifd0.filter((entry) => ifd0.has(entry.tag)),
    exif: all.exif.filter((entry) => exif.has(entry.tag)),
    gps: fields.includes('location') ? all.gps : [],
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => XML_ENTITIES[name]!).trim();

/** The first rdf:li of an XMP property (dc:rights, dc:creator), or its attribute form. */
function xmpValue(xmp: string, property: string): string | null {
  const element = new RegExp(`<${property}[^>]*>([\\s\\S]*?)</${property}>`).exec(xmp)?.[1];
  const text = element
    ? (/<rdf:li[^>]*>([^<]*)<\/rdf:li>/.exec(element)?.[1] ?? element)
    : new RegExp(`${property}="([^"]*)"`).exec(xmp)?.[1];
  return text && !text.includes('<') ? xmlText(text) || null : null;
}

/** An ISO 8601 date (XMP, PNG "Creation Time") as EXIF's "YYYY:MM:DD HH:MM:SS" and its offset. */
function exifDate(iso: string): { date: string; offset: string | null } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(iso.trim());
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
  return { date: `${year}:${month}:${day} ${hour}:${minute}:${second}`, offset: zone === 'Z' ? '+00:00' : (zone ?? null) };
}

/** Adds an entry unless the EXIF already had that tag: EXIF wins over XMP and PNG text. */
function addMissing(entries: TiffEntry[], entry: TiffEntry | null) {
  if (entry && !entries.some((existing) => existing.tag === entry.tag)) entries.push(entry);
}

/**
 * Everything keepable in an image: its EXIF, and for fields EXIF lacks, XMP's dc:rights, dc:creator
 * and creation date, and PNG's Copyright, Author and Creation Time text. Reads the header only.
 */
export async function readKeptMetadata(data: Buffer): Promise<KeptMetadata> {
  const metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (!metadata) return NOTHING_KEPT;
  const kept: KeptMetadata = (metadata.exif && readExif(metadata.exif)) || { ifd0: [], exif: [], gps: [] };
  const text = Object.fromEntries((metadata.comments ?? []).map((comment) => [comment.keyword.toLowerCase(), comment.text.trim()]));
  const xmp = metadata.xmp?.toString('utf8') ?? '';
  const latin1 = (value: string | null | undefined) => (value ? value.replace(/[^\x20-\xff]/g, '?') : null);

  const copyright = latin1(text.copyright ?? xmpValue(xmp, 'dc:rights'));
  const artist = latin1(text.author ?? xmpValue(xmp, 'dc:creator'));
  addMissing(kept.ifd0, copyright ? asciiEntry(COPYRIGHT, copyright) : null);
  addMissing(kept.ifd0, artist ? asciiEntry(ARTIST, artist) : null);
  const created = exifDate(
    text['creation time'] ??
      xmpValue(xmp, 'exif:DateTimeOriginal') ??
      xmpValue(xmp, 'xmp:CreateDate') ??
      xmpValue(xmp, 'photoshop:DateCreated') ??
      '',
  );
  if (created && !kept.exif.some((entry) => entry.tag === DATE_TIME_ORIGINAL)) {
    kept.exif.push(asciiEntry(DATE_TIME_ORIGINAL, created.date));
    addMissing(kept.exif, created.offset ? asciiEntry(OFFSET_TIME_ORIGINAL, created.offset) : null);
  }
  return kept;
}

/** PNG's own text keywords for the kept copyright, artist and creation date (tools show these). */
export function pngTexts(kept: KeptMetadata): { keyword: string; text: string }[] {
  const text = (entries: TiffEntry[], tag: number) => {
    const entry = entries.find((candidate) => candidate.tag === tag);
    return entry ? entryText(entry) : null;
  };
  const copyright = text(kept.ifd0, COPYRIGHT);
  const artist = text(kept.ifd0, ARTIST);
  const created = text(kept.exif, DATE_TIME_ORIGINAL);
  return [
    ...(copyright ? [{ keyword: 'Copyright', text: copyright }] : []),
    ...(artist ? [{ keyword: 'Author', text: artist }] : []),
    ...(created ? [{ keyword: 'Creation Time', text: created }] : []),
  ];
}

export { isEmpty as nothingKept };
