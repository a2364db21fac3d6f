/**
 * Structural similarity (SSIM, Wang et al. 2004) between two same-sized images, averaged over the
 * R, G and B channels (or the one grey channel), with 8×8 windows. Alpha is ignored: composite first
 * with `overWhite`.
 */

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
const WINDOW = 8;

export interface RawImage {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
  channels: number;
}

/** How far windows step: a divisor of the window, so they tile into cells. Below 8 they overlap; 4 is the usual accuracy, 8 is four times faster. */
export type SsimStride = 1 | 2 | 4 | 8;

export function ssim(a: RawImage, b: RawImage, stride: SsimStride = 4): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('ssim: images differ in size');
  if (a.width < WINDOW || a.height < WINDOW) return meanAbsoluteSimilarity(a, b);
  return ssimFromCells(a, b, stride, Math.min(colourChannels(a), colourChannels(b)));
}

/**
 * The five sums a window needs (a, b, a², b², ab), per stride×stride cell of one channel, side by side:
 * each pixel is read once, not once per overlapping window.
 */
function cellSums(a: RawImage, b: RawImage, cell: number, channel: number, across: number, down: number): Int32Array {
  const sums = new Int32Array(across * down * 5);
  const ca = a.channels;
  const cb = b.channels;
  for (let y = 0; y < down * cell; y++) {
    const row = Math.floor(y / cell) * across;
    let ia = y * a.width * ca + channel;
    let ib = y * b.width * cb + channel;
    for (let at = row * 5; at < (row + across) * 5; at += 5) {
      let sumA = 0;
      let sumB = 0;
      let sumAA = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let x = 0; x < cell; x++, ia += ca, ib += cb) {
        const va = a.data[ia]!;
        const vb = b.data[ib]!;
        sumA += va;
        sumB += vb;
        sumAA += va * va;
        sumBB += vb * vb;
        sumAB += va * vb;
      }
      sums[at]! += sumA;
      sums[at + 1]! += sumB;
      sums[at + 2]! += sumAA;
      sums[at + 3]! += sumBB;
      sums[at + 4]! += sumAB;
    }
  }
  return sums;
}

/**
 * The same windows, sums and order of addition as computing each window on its own (ssim.test.ts holds
 * it to that), so the same score to the last bit (the sums are whole numbers), from cells the size of
 * the stride: several times faster.
 */
function ssimFromCells(a: RawImage, b: RawImage, stride: SsimStride, colours: number): number {
  const across = Math.floor(a.width / stride);
  const down = Math.floor(a.height / stride);
  const span = WINDOW / stride;
  const channels = Array.from({ length: colours }, (_, c) => cellSums(a, b, stride, c, across, down));
  const n = WINDOW * WINDOW;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + WINDOW <= a.height; y += stride) {
    for (let x = 0; x + WINDOW <= a.width; x += stride) {
      const first = ((y / stride) * across + x / stride) * 5;
      for (let c = 0; c < colours; c++) {
        const sums = channels[c]!;
        let sumA = 0;
        let sumB = 0;
        let sumAA = 0;
        let sumBB = 0;
        let sumAB = 0;
        for (let dy = 0; dy < span; dy++) {
          const start = first + dy * across * 5;
          for (let at = start; at < start + span * 5; at += 5) {
            sumA += sums[at]!;
            sumB += sums[at + 1]!;
            sumAA += sums[at + 2]!;
            sumBB += sums[at + 3]!;
            sumAB += sums[at + 4]!;
          }
        }
        total += similarity(sumA / n, sumB / n, sumAA / n, sumBB / n, sumAB / n);
      }
      windows += colours;
    }
  }
  return total / windows;
}

function similarity(meanA: number, meanB: number, meanAA: number, meanBB: number, meanAB: number): number {
  const varA = meanAA - meanA * meanA;
  const varB = meanBB - meanB * meanB;
  const cov = meanAB - meanA * meanB;
  return ((2 * meanA * meanB + C1) * (2 * cov + C2)) / ((meanA * meanA + meanB * meanB + C1) * (varA + varB + C2));
}

/** Tiny images have no 8×8 window: fall back to 1 − mean absolute difference. */
function meanAbsoluteSimilarity(a: RawImage, b: RawImage): number {
  let diff = 0;
  let count = 0;
  const colours = Math.min(colourChannels(a), colourChannels(b));
  for (let i = 0; i < a.width * a.height; i++) {
    for (let c = 0; c < colours; c++) {
      diff += Math.abs(a.data[i * a.channels + c]! - b.data[i * b.channels + c]!);
      count++;
    }
  }
  return 1 - diff / (count * 255);
}

/** Grey images have one colour channel (two with alpha); colour images three (four with alpha). */
function colourChannels(image: RawImage): number {
  return image.channels >= 3 ? 3 : 1;
}

/** Composites an image with alpha over white, as a page shows it; images without alpha come back as they are. */
export function overWhite(image: RawImage): RawImage {
  return over(image, 255);
}

/** Composites an image with alpha over black, where damaged alpha edges show that white hides (docs/decisions/0132). */
export function overBlack(image: RawImage): RawImage {
  return over(image, 0);
}

function over(image: RawImage, background: number): RawImage {
  const { channels } = image;
  if (channels !== 2 && channels !== 4) return image;
  const colours = channels - 1;
  const pixels = image.width * image.height;
  const data = new Uint8Array(pixels * colours);
  for (let i = 0; i < pixels; i++) {
    const alpha = image.data[i * channels + colours]! / 255;
    for (let c = 0; c < colours; c++) {
      data[i * colours + c] = Math.round(image.data[i * channels + c]! * alpha + background * (1 - alpha));
    }
  }
  return { data, width: image.width, height: image.height, channels: colours };
}

/** Whether any pixel is less than fully opaque. */
export function hasTransparency(image: RawImage): boolean {
  const { channels } = image;
  if (channels !== 2 && channels !== 4) return false;
  for (let i = channels - 1; i < image.data.length; i += channels) if (image.data[i]! < 255) return true;
  return false;
}

/** The luma plane (Rec. 601 weights, integer rounding) of an RGB image; grey images come back as they are. */
export function luma(image: RawImage): RawImage {
  if (image.channels < 3) return image;
  const pixels = image.width * image.height;
  const data = new Uint8Array(pixels);
  const { channels } = image;
  for (let i = 0; i < pixels; i++) {
    const at = i * channels;
    data[i] = (77 * image.data[at]! + 150 * image.data[at + 1]! + 29 * image.data[at + 2]! + 128) >> 8;
  }
  return { data, width: image.width, height: image.height, channels: 1 };
}
