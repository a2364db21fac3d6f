import type { ResizeRequest } from '@lightpix/shared';
import type { EncodedFormat } from './encode.js';
import { classifySharpError, inspectImage, MAX_INPUT_PIXELS, type ImageInfo } from './inspect.js';
import { checkOutputSize, uprightSize } from './limits.js';
import { sharp } from './loaders.js';
import { optimiseImage, type OptimisedImage } from './optimise.js';

/** Exact output dimensions: cropped to the interesting part (cover), or framed for cut-outs (thumb). */
export interface CropRequest {
  method: 'cover' | 'thumb';
  width: number;
  height: number;
}

export interface TransformRequest {
  data: Buffer;
  info: ImageInfo;
  /** Proportional resizing (scale, fit), done by the optimiser itself. */
  resize: ResizeRequest;
  crop: CropRequest | null;
  /** A colour to flatten transparency onto: 'white', 'black' or #rrggbb. */
  background: string | null;
  /** Candidate formats; the smallest result wins. */
  formats: EncodedFormat[];
}

/** The developer API's output transforms (docs/decisions/0052): reframe if asked, then optimise into the smallest candidate format. */
export async function transformImage(request: TransformRequest): Promise<OptimisedImage> {
  let { data, info } = request;
  if (request.crop) checkOutputSize(uprightSize(info), request.crop, info.pages);
  if (request.crop || request.background) {
    data = await reframe(data, info, request.crop, request.background);
    info = await inspectImage(data);
  }
  let best: OptimisedImage | null = null;
  for (const format of request.formats) {
    const image = await optimiseImage(data, info, { ...request.resize, format, quality: 'smart', maxBytes: null, keepMetadata: false });
    if (!best || image.data.length < best.data.length) best = image;
  }
  return best!;
}

/** Crops or frames and flattens into a lossless, uncompressed PNG that the optimiser encodes once. */
async function reframe(data: Buffer, info: ImageInfo, crop: CropRequest | null, background: string | null): Promise<Buffer> {
  let pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).rotate();
  if (crop) {
    // A cut-out (transparent background) is framed whole; anything else is cropped to its most interesting part.
    const cutOut = crop.method === 'thumb' && info.hasAlpha;
    pipeline = pipeline.resize(
      crop.width,
      crop.height,
      cutOut ? { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } } : { fit: 'cover', position: sharp.strategy.attention },
    );
  }
  if (background) pipeline = pipeline.flatten({ background });
  try {
    return await pipeline.png({ compressionLevel: 0 }).toBuffer();
  } catch (error) {
    throw classifySharpError(error);
  }
}
