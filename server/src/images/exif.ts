/**
 * EXIF's TIFF structure, read into plain entries and written back: only what keeping chosen fields
 * needs (IFD0, the Exif IFD and the GPS IFD; no thumbnails, no maker notes). Values are kept as
 * big-endian bytes in base64, so they can travel as JSON (a job's input, a stored file).
 */

export interface TiffEntry {
  tag: number;
  type: number;
  count: number;
  /** The value's bytes, big-endian, base64. */
  value: string;
}

export interface ExifFields {
  ifd0: TiffEntry[];
  exif: TiffEntry[];
  gps: TiffEntry[];
}

export const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const EXIF_POINTER = 0x8769;
const GPS_POINTER = 0x8825;
const ORIENTATION = 0x0112;

/** Bytes per value of each type we copy, and the size of the unit to swap for byte order. */
const TYPES: Record<number, { size: number; unit: number }> = {
  1: { size: 1, unit: 1 }, // BYTE
  2: { size: 1, unit: 1 }, // ASCII
  3: { size: 2, unit: 2 }, // SHORT
  4: { size: 4, unit: 4 }, // LONG
  5: { size: 8, unit: 4 }, // RATIONAL: two LONGs
  7: { size: 1, unit: 1 }, // UNDEFINED
  9: { size: 4, unit: 4 }, // SLONG
  10: { size: 8, unit: 4 }, // SRATIONAL
};
/** No kept value is larger than this; anything larger is not a field a person reads. */
const MAX_VALUE_BYTES = 64 * 1024;

export const isEmpty = (fields: ExifFields) => fields.ifd0.length + fields.exif.length + fields.gps.length === 0;

/** A TIFF (EXIF without its "Exif\0\0" prefix) as entries; null when it is not one. */
export function readExif(tiff: Buffer): ExifFields | null {
  if (tiff.length >= 6 && tiff.toString('latin1', 0, 6) === 'Exif\0\0') tiff = tiff.subarray(6);
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;

  const readIfd = (start: number): TiffEntry[] => {
    if (start < 8 || start + 2 > tiff.length) return [];
    const count = u16(start);
    const entries: TiffEntry[] = [];
    for (let index = 0; index < count; index++) {
      const at = start + 2 + index * 12;
      if (at + 12 > tiff.length) break;
      const type = TYPES[u16(at + 2)];
      const count = u32(at + 4);
      if (!type || count === 0) continue;
      const size = type.size * count;
      const from = size <= 4 ? at + 8 : u32(at + 8);
      if (size > MAX_VALUE_BYTES || from + size > tiff.length) continue;
      const bytes = Buffer.from(tiff.subarray(from, from + size));
      if (little && type.unit > 1)
        for (let offset = 0; offset < size; offset += type.unit) bytes.subarray(offset, offset + type.unit).reverse();
      entries.push({ tag: u16(at), type: u16(at + 2), count, value: bytes.toString('base64') });
    }
    return entries;
  };
  const pointer = (entries: TiffEntry[], tag: number) => {
    const entry = entries.find((candidate) => candidate.tag === tag && candidate.type === LONG);
    return entry ? Buffer.from(entry.value, 'base64').readUInt32BE(0) : 0;
  };
  const ifd0 = readIfd(u32(4));
  return { ifd0, exif: readIfd(pointer(ifd0, EXIF_POINTER)), gps: readIfd(pointer(ifd0, GPS_POINTER)) };
}

/** An ASCII entry (NUL-terminated, as TIFF wants). */
export function asciiEntry(tag: number, text: string): TiffEntry {
  const bytes = Buffer.from(`${text}\0`, 'latin1');
  return { tag, type: ASCII, count: bytes.length, value: bytes.toString('base64') };
}

/** The text of an ASCII entry. */
export function entryText(entry: TiffEntry): string {
  return Buffer.from(entry.value, 'base64').toString('latin1').replace(/\0+$/, '');
}

function longValue(value: number): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes.toString('base64');
}

const ifdBytes = (entries: TiffEntry[]) =>
  2 +
  entries.length * 12 +
  4 +
  entries.reduce((sum, entry) => {
    const size = Buffer.byteLength(entry.value, 'base64');
    return sum + (size > 4 ? size + (size % 2) : 0);
  }, 0);

/**
 * A big-endian TIFF holding the fields, for an EXIF segment or chunk. IFD0 says Orientation 1: the
 * pixels it goes with are already upright.
 */
export function writeExif(fields: ExifFields): Buffer {
  const pointers = (exifAt: number, gpsAt: number) => [
    ...(fields.exif.length ? [{ tag: EXIF_POINTER, type: LONG, count: 1, value: longValue(exifAt) }] : []),
    ...(fields.gps.length ? [{ tag: GPS_POINTER, type: LONG, count: 1, value: longValue(gpsAt) }] : []),
  ];
  const upright = { tag: ORIENTATION, type: SHORT, count: 1, value: Buffer.from([0, 1]).toString('base64') };
  const ifd0Plain = [...fields.ifd0.filter((entry) => ![ORIENTATION, EXIF_POINTER, GPS_POINTER].includes(entry.tag)), upright];
  const ifd0Size = ifdBytes([...ifd0Plain, ...pointers(0, 0)]);
  const exifAt = 8 + ifd0Size;
  const gpsAt = exifAt + (fields.exif.length ? ifdBytes(fields.exif) : 0);
  const ifds: [number, TiffEntry[]][] = [[8, [...ifd0Plain, ...pointers(exifAt, gpsAt)]]];
  if (fields.exif.length) ifds.push([exifAt, fields.exif]);
  if (fields.gps.length) ifds.push([gpsAt, fields.gps]);

  const out = Buffer.alloc(gpsAt + (fields.gps.length ? ifdBytes(fields.gps) : 0));
  out.write('MM', 0, 'latin1');
  out.writeUInt16BE(42, 2);
  out.writeUInt32BE(8, 4);
  for (const [start, unsorted] of ifds) {
    const entries = [...unsorted].sort((a, b) => a.tag - b.tag);
    out.writeUInt16BE(entries.length, start);
    let data = start + 2 + entries.length * 12 + 4;
    entries.forEach((entry, index) => {
      const at = start + 2 + index * 12;
      const bytes = Buffer.from(entry.value, 'base64');
      out.writeUInt16BE(entry.tag, at);
      out.writeUInt16BE(entry.type, at + 2);
      out.writeUInt32BE(entry.count, at + 4);
      if (bytes.length <= 4) {
        bytes.copy(out, at + 8);
      } else {
        out.writeUInt32BE(data, at + 8);
        bytes.copy(out, data);
        data += bytes.length + (bytes.length % 2);
      }
    });
    // The next-IFD offset stays 0: no thumbnail IFD.
  }
  return out;
}
