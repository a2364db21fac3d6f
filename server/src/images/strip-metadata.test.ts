import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripJpegMetadata, stripPngMetadata, stripWebpMetadata } from './strip-metadata.js';

const base = sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366cc' } });
const exif = { IFD0: { Artist: 'Jane Doe', Copyright: 'private' } };

describe('lossless metadata removal', () => {
  it('drops EXIF from a JPEG and keeps the pixels and the ICC profile', async () => {
    const original = await base.clone().jpeg({ quality: 80 }).withExif(exif).withIccProfile('p3').toBuffer();
    const stripped = stripJpegMetadata(original)!;
    const meta = await sharp(stripped).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeDefined();
    expect(stripped.includes(Buffer.from('Jane Doe'))).toBe(false);
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it('drops EXIF and text chunks from a PNG and keeps it decodable', async () => {
    const original = await base.clone().png().withExif(exif).toBuffer();
    const stripped = stripPngMetadata(original)!;
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect(stripped.includes(Buffer.from('Jane Doe'))).toBe(false);
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it('drops EXIF from a WebP and fixes the RIFF header', async () => {
    const original = await base.clone().webp({ lossless: true }).withExif(exif).toBuffer();
    const stripped = stripWebpMetadata(original)!;
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it('ends a JPEG at its EOI marker: bytes after it are not passed on, in baseline and progressive files', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    for (const progressive of [false, true]) {
      const original = await base.clone().jpeg({ quality: 80, progressive }).toBuffer();
      const stripped = stripJpegMetadata(Buffer.concat([original, html]))!;
      expect(stripped.includes(Buffer.from('<html>'))).toBe(false);
      expect(stripped.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
      expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
    }
  });

  it('drops a comment written between progressive scans', async () => {
    const original = await base.clone().jpeg({ quality: 80, progressive: true }).toBuffer();
    const secondScan = original.indexOf(Buffer.from([0xff, 0xda]), original.indexOf(Buffer.from([0xff, 0xda])) + 2);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x0b]), Buffer.from('Jane Doe!')]);
    const withComment = Buffer.concat([original.subarray(0, secondScan), comment, original.subarray(secondScan)]);
    expect((await sharp(withComment).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
    const stripped = stripJpegMetadata(withComment)!;
    expect(stripped.includes(Buffer.from('Jane Doe'))).toBe(false);
    expect(stripped.equals(original)).toBe(true);
  });

  it('ends a WebP where its RIFF header says', async () => {
    const original = await base.clone().webp({ lossless: true }).toBuffer();
    const stripped = stripWebpMetadata(Buffer.concat([original, Buffer.from('<html></html>')]))!;
    expect(stripped.equals(original)).toBe(true);
  });

  it('refuses data that is not what it claims to be', () => {
    expect(stripJpegMetadata(Buffer.from('not a jpeg'))).toBeNull();
    expect(stripPngMetadata(Buffer.from('not a png at all'))).toBeNull();
    expect(stripWebpMetadata(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });
});
