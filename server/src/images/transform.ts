import type { ResizeRequest } from '@lightpix/shared';
import type { EncodedFormat } from './encode.js';
import { classifySharpError, inspectImage, MAX_INPUT_PIXELS, type ImageInfo } from './inspect.js';
import { checkOutputSize, uprightSize } from './limits.js';
import { sharp } from './loaders.js';
import { SearchDeadline } from './deadline.js';
import { selectKept, type KeptMetadata, type MetadataField } from './kept-metadata.js';
import { optimiseImage, type OptimisedImage } from './optimise.js';
import { withKeptMetadata } from './strip-metadata.js';

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
  /** The API's `preserve`: which fields of the source's original to write back, and the result they were kept beside. */
  preserve?: { fields: readonly MetadataField[]; from: string } | null;
  /** Those fields as read beside the source result (filled in by the result job from the store). */
  kept?: KeptMetadata | null;
}

/**
 * The developer API's output transforms (docs/decisions/0052): reframe if asked, then optimise into the
 * smallest candidate format. Several formats are one `auto` search among them, not a smart search each:
 * four searches in a row outlived the job's time limit on a busy machine (decision 0130).
 */
export async function transformImage(request: TransformRequest, deadline = SearchDeadline.forJob()): Promise<OptimisedImage> {
  let { data, info } = request;
  if (request.crop) checkOutputSize(uprightSize(info), request.crop, info.pages);
  if (request.crop || request.background) {
    data = await reframe(data, info, request.crop, request.background);
    info = await inspectImage(data);
  }
  const options = { ...request.resize, quality: 'smart' as const, maxBytes: null, keepMetadata: false };
  // A still image is one `auto` search among the formats asked for, one format alone too: a convert to WebP runs the very
  // search a list that ends up in WebP runs, so it is never larger (docs/decisions/0232-one-search-per-format.md).
  if (info.pages === 1)
    return withPreserved(request, await optimiseImage(data, info, { ...options, format: 'auto', autoFormats: request.formats }, deadline));
  // An animation (`auto` would keep its frames in a format not asked for): each format on its own.
  let best: OptimisedImage | null = null;
  for (const format of request.formats) {
    const image = await optimiseImage(data, info, { ...options, format }, deadline);
    if (!best || image.data.length < best.data.length) best = image;
  }
  // The formats shared one deadline: a later format cut short cut the whole conversion short (decision 0156).
  return withPreserved(request, { ...best!, search: best!.search && deadline.outcome });
}

/** The API's `preserve`, written into the encoded file as the web's "keep metadata" does (docs/decisions/0136). */
function withPreserved(request: TransformRequest, chosen: OptimisedImage): OptimisedImage {
  if (!request.preserve || !request.kept) return chosen;
  return { ...chosen, data: withKeptMetadata(chosen.data, chosen.format, selectKept(request.kept, request.preserve.fields), chosen) };
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
      cutOut ? { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } } : { fit: 'cover', position: 'attention' },
    );
  }
  if (background) pipeline = pipeline.flatten({ background });
  try {
    return await pipeline.png({ compressionLevel: 0 }).toBuffer();
  } catch (error) {
    throw classifySharpError(error);
  }
}
