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

  it('refuses data that is not what it claims to be', () => {
    expect(stripJpegMetadata(Buffer.from('not a jpeg'))).toBeNull();
    expect(stripPngMetadata(Buffer.from('not a png at all'))).toBeNull();
    expect(stripWebpMetadata(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });
});
