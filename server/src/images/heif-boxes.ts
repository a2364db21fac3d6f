/**
 * Reads what we need from a HEIF file's boxes (ISO/IEC 23008-12) without decoding a pixel: the
 * primary image's size, whether it is turned (irot/imir), its ICC profile, its EXIF block, whether it
 * has an alpha plane, and whether every byte the images point to is in the file.
 */

interface Box {
  type: string;
  /** Offsets of the box's content (after its header) and of its end. */
  start: number;
  end: number;
}

export interface HeifFacts {
  /** Size as stored, before irot is applied. */
  width: number;
  height: number;
  /** Quarter turns anticlockwise (irot); the decoder applies it. */
  quarterTurns: number;
  /** A mirror (imir) is set; the decoder applies it. */
  mirrored: boolean;
  hasAlpha: boolean;
  icc: Buffer | null;
  /** The EXIF block as a TIFF structure (II*… or MM…*), ready for a PNG eXIf chunk. */
  exif: Buffer | null;
  /** False when an image's data reaches past the end of the file (a cut-short upload). */
  complete: boolean;
}

class Malformed extends Error {}

function children(data: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) throw new Malformed();
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header) throw new Malformed();
    // A box may run past the file (cut short): keep its start so completeness can be judged.
    boxes.push({ type, start: offset + header, end: Math.min(offset + size, end) });
    if (offset + size > end) break;
    offset += size;
  }
  return boxes;
}

const find = (boxes: Box[], type: string) => boxes.find((box) => box.type === type);

/** A reader over one box's content that refuses to read past it. */
function reader(data: Buffer, box: Box) {
  let offset = box.start;
  const need = (bytes: number) => {
    if (offset + bytes > box.end) throw new Malformed();
  };
  return {
    get offset() {
      return offset;
    },
    uint(bytes: number): number {
      need(bytes);
      let value = 0;
      for (let i = 0; i < bytes; i++) value = value * 256 + data[offset + i]!;
      offset += bytes;
      return value;
    },
    text(bytes: number): string {
      need(bytes);
      offset += bytes;
      return data.toString('latin1', offset - bytes, offset);
    },
    skip(bytes: number) {
      need(bytes);
      offset += bytes;
    },
  };
}

interface Extent {
  offset: number;
  length: number;
}

function readIloc(data: Buffer, box: Box): Map<number, { method: number; extents: Extent[] }> {
  const r = reader(data, box);
  const version = r.uint(1);
  r.skip(3);
  const sizes = r.uint(1);
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 15;
  const more = r.uint(1);
  const baseOffsetSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  const count = r.uint(version < 2 ? 2 : 4);
  const items = new Map<number, { method: number; extents: Extent[] }>();
  for (let i = 0; i < count; i++) {
    const id = r.uint(version < 2 ? 2 : 4);
    const method = version === 1 || version === 2 ? r.uint(2) & 15 : 0;
    r.skip(2);
    const base = r.uint(baseOffsetSize);
    const extentCount = r.uint(2);
    const extents: Extent[] = [];
    for (let e = 0; e < extentCount; e++) {
      r.skip(indexSize);
      const offset = base + r.uint(offsetSize);
      extents.push({ offset, length: r.uint(lengthSize) });
    }
    items.set(id, { method, extents });
  }
  return items;
}

/** The item info entries (`infe`, version 2 and later) of an `iinf` box: each item's id, its type, and where the rest of its entry starts. */
function itemInfos(data: Buffer, box: Box): { id: number; type: string; rest: number; end: number }[] {
  const r = reader(data, box);
  const version = r.uint(1);
  r.skip(3);
  r.skip(version === 0 ? 2 : 4);
  const infos: { id: number; type: string; rest: number; end: number }[] = [];
  for (const infe of children(data, r.offset, box.end).filter((b) => b.type === 'infe')) {
    const e = reader(data, infe);
    const infeVersion = e.uint(1);
    e.skip(3);
    if (infeVersion < 2) continue;
    const id = e.uint(infeVersion === 2 ? 2 : 4);
    e.skip(2);
    infos.push({ id, type: e.text(4), rest: e.offset, end: infe.end });
  }
  return infos;
}

function readItemTypes(data: Buffer, box: Box): Map<number, string> {
  return new Map(itemInfos(data, box).map(({ id, type }) => [id, type]));
}

/** Property indexes (1-based into ipco) associated with each item. */
function readAssociations(data: Buffer, box: Box): Map<number, number[]> {
  const r = reader(data, box);
  const version = r.uint(1);
  const flags = r.uint(3);
  const count = r.uint(4);
  const associations = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const id = r.uint(version < 1 ? 2 : 4);
    const n = r.uint(1);
    const indexes: number[] = [];
    for (let a = 0; a < n; a++) indexes.push(flags & 1 ? r.uint(2) & 0x7fff : r.uint(1) & 0x7f);
    associations.set(id, indexes);
  }
  return associations;
}

/** EXIF items start with the offset of the TIFF header after a 4-byte field (usually past "Exif\0\0"). */
function tiffOfExifItem(block: Buffer): Buffer | null {
  if (block.length < 12) return null;
  const start = 4 + block.readUInt32BE(0);
  const tiff = block.subarray(start);
  const mark = tiff.toString('latin1', 0, 4);
  return mark === 'II*\0' || mark === 'MM\0*' ? Buffer.from(tiff) : null;
}

/** Null when the boxes cannot be read at all; `complete: false` when they can but the image data is cut. */
export function readHeif(data: Buffer): HeifFacts | null {
  try {
    return readBoxes(data);
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

function readBoxes(data: Buffer): HeifFacts | null {
  const top = children(data, 0, data.length);
  const meta = find(top, 'meta');
  if (!meta) return null;
  const inMeta = children(data, meta.start + 4, meta.end);
  const pitm = find(inMeta, 'pitm');
  const iloc = find(inMeta, 'iloc');
  const iinf = find(inMeta, 'iinf');
  const iprp = find(inMeta, 'iprp');
  if (!pitm || !iloc || !iinf || !iprp) return null;
  const p = reader(data, pitm);
  const primary = p.uint(1) === 0 ? (p.skip(3), p.uint(2)) : (p.skip(3), p.uint(4));
  const locations = readIloc(data, iloc);
  const types = readItemTypes(data, iinf);
  const inIprp = children(data, iprp.start, iprp.end);
  const ipco = find(inIprp, 'ipco');
  const ipma = find(inIprp, 'ipma');
  if (!ipco || !ipma) return null;
  const properties = children(data, ipco.start, ipco.end);
  const associations = readAssociations(data, ipma);

  const facts: HeifFacts = {
    width: 0,
    height: 0,
    quarterTurns: 0,
    mirrored: false,
    hasAlpha: false,
    icc: null,
    exif: null,
    complete: true,
  };
  for (const index of associations.get(primary) ?? []) {
    const property = properties[index - 1];
    if (!property) continue;
    const r = reader(data, property);
    if (property.type === 'ispe') {
      r.skip(4);
      facts.width = r.uint(4);
      facts.height = r.uint(4);
    } else if (property.type === 'irot') {
      facts.quarterTurns = r.uint(1) & 3;
    } else if (property.type === 'imir') {
      facts.mirrored = true;
    } else if (property.type === 'colr') {
      const kind = r.text(4);
      if (kind === 'prof' || kind === 'rICC') facts.icc = Buffer.from(data.subarray(r.offset, property.end));
    }
  }
  // An alpha plane is an auxiliary image whose auxC names alpha (HEVC's auxid 1 or MPEG-B's URN).
  facts.hasAlpha = properties.some(
    (property) => property.type === 'auxC' && /alpha|auxid:1\0/.test(data.toString('latin1', property.start + 4, property.end)),
  );
  if (!facts.width || !facts.height) return null;

  const idat = find(inMeta, 'idat');
  for (const [id, location] of locations) {
    for (const extent of location.extents) {
      // Length 0 means "to the end of the file" (method 0 only); idat extents are within the meta box.
      const limit = location.method === 1 ? (idat ? idat.end - idat.start : 0) : data.length;
      if (extent.offset + extent.length > limit) facts.complete = false;
    }
    if (types.get(id) === 'Exif' && location.method === 0 && facts.complete && location.extents.length > 0) {
      const block = Buffer.concat(location.extents.map((e) => data.subarray(e.offset, e.offset + e.length)));
      facts.exif ??= tiffOfExifItem(block);
    }
  }
  return facts;
}

/**
 * Where the EXIF and XMP items' bytes are (absolute file offsets), for blanking them in place; null
 * when the boxes cannot be read or an item is stored in a way we do not rewrite.
 */
export function metadataExtents(data: Buffer): (Extent & { kind: 'exif' | 'xmp' })[] | null {
  try {
    const top = children(data, 0, data.length);
    const meta = find(top, 'meta');
    if (!meta) return null;
    const inMeta = children(data, meta.start + 4, meta.end);
    const iloc = find(inMeta, 'iloc');
    const iinf = find(inMeta, 'iinf');
    if (!iloc || !iinf) return null;
    const idat = find(inMeta, 'idat');
    const locations = readIloc(data, iloc);
    const extents: (Extent & { kind: 'exif' | 'xmp' })[] = [];
    for (const [id, kind] of metadataItems(data, iinf)) {
      const location = locations.get(id);
      if (!location || location.method > 1 || (location.method === 1 && !idat)) return null;
      const base = location.method === 1 ? idat!.start : 0;
      for (const extent of location.extents) {
        // Length 0 means "to the end of the file": not a block we can blank safely.
        if (extent.length === 0 || base + extent.offset + extent.length > data.length) return null;
        extents.push({ offset: base + extent.offset, length: extent.length, kind });
      }
    }
    return extents;
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

/** Ids of the EXIF items and of the XMP items (`mime` items of type application/rdf+xml). */
function metadataItems(data: Buffer, box: Box): Map<number, 'exif' | 'xmp'> {
  const items = new Map<number, 'exif' | 'xmp'>();
  for (const { id, type, rest, end } of itemInfos(data, box)) {
    // After the type: the item's name and, for `mime`, its content type, each ending in a NUL.
    const strings = data.toString('latin1', rest, end).split('\0');
    if (type === 'Exif') items.set(id, 'exif');
    else if (type === 'mime' && strings[1] === 'application/rdf+xml') items.set(id, 'xmp');
  }
  return items;
}
