import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { smartQuality, targetSize, type OutputFormat, type ResizeRequest } from '@lightpix/shared';
import { classifySharpError, MAX_INPUT_PIXELS, type ImageInfo } from './inspect.js';
import { stripMetadata } from './strip-metadata.js';

export interface OptimiseOptions extends ResizeRequest {
  format: OutputFormat;
  quality: number | 'smart';
}

export interface OptimisedImage {
  data: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
  /** The original's own compressed data came back (metadata removed): re-encoding could not beat it. */
  alreadyOptimal: boolean;
}

/** A stranger's file must not hold a worker for long. */
const TIME_LIMIT_SECONDS = 60;
/** Orientations 5–8 swap width and height. */
const SWAPS_SIDES = new Set([5, 6, 7, 8]);

function encode(pipeline: Sharp, format: OutputFormat, quality: number): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality, mozjpeg: true });
    case 'webp':
      return pipeline.webp({ quality, effort: 4 });
    case 'avif':
      // effort 2: the default (4) costs ~15 s of CPU for a 12 MP photo here.
      return pipeline.avif({ quality: Math.max(1, quality - 20), effort: 2 });
    case 'png':
      // Palette quantisation (TinyPNG's method) below 100; lossless above. Effort 4 keeps it interactive.
      return quality < 100
        ? pipeline.png({ palette: true, quality, effort: 4, compressionLevel: 9 })
        : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
  }
}

/** Decodes once, applies orientation, resize and format, and strips metadata (sharp's default). */
export async function optimiseImage(data: Buffer, info: ImageInfo, options: OptimiseOptions): Promise<OptimisedImage> {
  const upright = SWAPS_SIDES.has(info.orientation)
    ? { width: info.height, height: info.width }
    : { width: info.width, height: info.height };
  const target = targetSize(upright, options);
  const resized = target.width !== upright.width || target.height !== upright.height;
  const quality = options.quality === 'smart' ? smartQuality(data.length) : options.quality;

  let pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
    .timeout({ seconds: TIME_LIMIT_SECONDS })
    .rotate();
  if (resized) pipeline = pipeline.resize(target.width, target.height, { fit: 'fill' });
  if (options.format === 'jpeg' && info.hasAlpha) pipeline = pipeline.flatten({ background: '#ffffff' });

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await encode(pipeline, options.format, quality).toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw classifySharpError(error);
  }

  const sameFrame = !resized && info.orientation === 1 && options.format === info.format;
  if (sameFrame && output.data.length >= data.length) {
    const stripped = stripMetadata(info.format, data);
    if (stripped && stripped.length <= output.data.length) {
      return { data: stripped, format: options.format, width: info.width, height: info.height, alreadyOptimal: true };
    }
  }
  return {
    data: output.data,
    format: options.format,
    width: output.info.width,
    height: output.info.height,
    alreadyOptimal: false,
  };
}
