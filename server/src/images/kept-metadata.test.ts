import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ALL_METADATA_FIELDS, readKeptMetadata, selectKept } from './kept-metadata.js';
import { withKeptMetadata } from './strip-metadata.js';

/** A photo whose EXIF says who made it, when and where, and which camera took it. */
async function signedPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
    .withExif({
      IFD0: { Copyright: 'Copyright Example Studio', Artist: 'Ada Example', Make: 'ExampleCam', Model: 'X100' },
      IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', FNumber: '28/10' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

async function exifOf(data: Buffer) {
  const { exif } = await sharp(data).metadata();
  return exif ? exifReader(exif) : null;
}

describe('kept metadata', () => {
  it('keeps exactly the fields asked for, in JPEG, PNG and WebP, without re-encoding the pixels', async () => {
    const all = await readKeptMetadata(await signedPhoto());
    const kept = selectKept(all, ['copyright', 'creation']);
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const blank = sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } });
      const plain = await blank[format]().toBuffer();
      const written = withKeptMetadata(plain, format, kept, { width: 40, height: 30 });
      const exif = await exifOf(written);
      expect(exif?.Image?.Copyright, format).toBe('Copyright Example Studio');
      expect(exif?.Image?.Artist, format).toBe('Ada Example');
      expect(exif?.Photo?.DateTimeOriginal?.toISOString(), format).toBe('2024-05-06T07:08:09.000Z');
      expect([exif?.Image?.Make, exif?.Photo?.FNumber, exif?.GPSInfo], format).toEqual([undefined, undefined, undefined]);
      const raw = (data: Buffer) => sharp(data).raw().toBuffer();
      expect((await raw(written)).equals(await raw(plain)), format).toBe(true);
    }
  });

  it('keeps the location as GPS, and everything the web keeps', async () => {
    const all = await readKeptMetadata(await signedPhoto());
    const plain = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const located = await exifOf(withKeptMetadata(plain, 'jpeg', selectKept(all, ['location']), { width: 40, height: 30 }));
    expect([located?.GPSInfo?.GPSLatitude, located?.GPSInfo?.GPSLongitudeRef, located?.Image?.Copyright]).toEqual([
      [45, 30, 0],
      'E',
      undefined,
    ]);
    const everything = await exifOf(withKeptMetadata(plain, 'jpeg', selectKept(all, ALL_METADATA_FIELDS), { width: 40, height: 30 }));
    expect([everything?.Image?.Make, everything?.Image?.Model, everything?.Photo?.FNumber, everything?.Image?.Orientation]).toEqual([
      'ExampleCam',
      'X100',
      2.8,
      1,
    ]);
  });

  it("reads a PNG's copyright and creation date from its XMP, and writes them as PNG text", async () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreateDate>2016-01-18T10:37:35+01:00</xmp:CreateDate><dc:rights><rdf:Alt><rdf:li xml:lang="x-default">Copyright Voormedia</rdf:li></rdf:Alt></dc:rights></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const source = await sharp({ create: { width: 20, height: 10, channels: 4, background: '#00000000' } })
      .withXmp(xmp)
      .png()
      .toBuffer();
    const kept = selectKept(await readKeptMetadata(source), ['copyright', 'creation']);
    const plain = await sharp({ create: { width: 20, height: 10, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const written = withKeptMetadata(plain, 'png', kept, { width: 20, height: 10 });
    expect(written.includes(Buffer.from('Copyright\0Copyright Voormedia', 'latin1'))).toBe(true);
    const exif = await exifOf(written);
    expect([exif?.Image?.Copyright, exif?.Photo?.DateTimeOriginal?.toISOString(), exif?.Photo?.OffsetTimeOriginal]).toEqual([
      'Copyright Voormedia',
      '2016-01-18T10:37:35.000Z',
      '+01:00',
    ]);
    expect(written.length - plain.length).toBeLessThan(400);
  });
});
