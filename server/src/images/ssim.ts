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

/** The five sums a window needs, per cell and colour channel: a, b, a², b², ab. */
const SUMS = 5;

/** One image's bytes as the cell loops read them: `line` bytes a row, `step` bytes a pixel. */
interface Bytes {
  data: Uint8Array;
  line: number;
  step: number;
}

/**
 * Every window's score, from sums that are whole numbers, so any order of adding them gives the same
 * sums and the same score as computing each window on its own to the last bit (ssim.test.ts holds it
 * to that); only the scores are added up in the windows' order (row by row, left to right, channel by
 * channel). One row of windows at a time, from the last `span` rows of stride×stride cells:
 *
 * 1. each row of cells is summed from its pixels, cell by cell (all colour channels in one pass when
 *    there are three), into the ring of the last `span` rows, over the row `span` rows up;
 * 2. `strip` keeps the sum of those rows, column by column: it gains the new row and loses the old as
 *    each cell is written;
 * 3. each window of the row adds up `span` neighbouring columns of the strip.
 */
function ssimFromCells(a: RawImage, b: RawImage, stride: SsimStride, colours: number): number {
  const across = Math.floor(a.width / stride);
  const cellRows = Math.floor(a.height / stride);
  const span = WINDOW / stride;
  const rowLength = across * colours * SUMS;
  const ring = Array.from({ length: span }, () => new Int32Array(rowLength));
  const strip = new Int32Array(rowLength);
  const bytesA = bytes(a);
  const bytesB = bytes(b);
  const sumRow = colours === 3 ? sumColourCells : sumCells;
  let total = 0;
  for (let row = 0; row < cellRows; row++) {
    sumRow(ring[row % span]!, strip, bytesA, bytesB, row * stride, stride, colours);
    if (row >= span - 1) total = addWindowRow(strip, across - span + 1, span, colours, total);
  }
  const windows = (across - span + 1) * (cellRows - span + 1) * colours;
  return total / windows;
}

/** The pixels as a plain Uint8Array (a Buffer too), so the loops see one kind of array. */
function bytes(image: RawImage): Bytes {
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
  return { data, line: image.width * image.channels, step: image.channels };
}

/**
 * The row of cells whose top pixel row is `y`, channel by channel, into `cells` (which held the row
 * `span` rows up), `strip` gaining the new sums and losing the old.
 */
function sumCells(cells: Int32Array, strip: Int32Array, a: Bytes, b: Bytes, y: number, cell: number, colours: number) {
  const { data: da, line: lineA, step: stepA } = a;
  const { data: db, line: lineB, step: stepB } = b;
  const width = colours * SUMS;
  for (let c = 0; c < colours; c++) {
    let startA = y * lineA + c;
    let startB = y * lineB + c;
    for (let at = c * SUMS; at < cells.length; at += width, startA += cell * stepA, startB += cell * stepB) {
      let sumA = 0;
      let sumB = 0;
      let sumAA = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let dy = 0; dy < cell; dy++) {
        for (let x = 0, i = startA + dy * lineA, j = startB + dy * lineB; x < cell; x++, i += stepA, j += stepB) {
          const va = da[i]!;
          const vb = db[j]!;
          sumA += va;
          sumB += vb;
          sumAA += va * va;
          sumBB += vb * vb;
          sumAB += va * vb;
        }
      }
      replace(cells, strip, at, sumA, sumB, sumAA, sumBB, sumAB);
    }
  }
}

/** `sumCells` for three colour channels, read together: the same sums, a third of the passes. */
function sumColourCells(cells: Int32Array, strip: Int32Array, a: Bytes, b: Bytes, y: number, cell: number) {
  const { data: da, line: lineA, step: stepA } = a;
  const { data: db, line: lineB, step: stepB } = b;
  let startA = y * lineA;
  let startB = y * lineB;
  for (let at = 0; at < cells.length; at += 3 * SUMS, startA += cell * stepA, startB += cell * stepB) {
    let rA = 0,
      rB = 0,
      rAA = 0,
      rBB = 0,
      rAB = 0;
    let gA = 0,
      gB = 0,
      gAA = 0,
      gBB = 0,
      gAB = 0;
    let bA = 0,
      bB = 0,
      bAA = 0,
      bBB = 0,
      bAB = 0;
    for (let dy = 0; dy < cell; dy++) {
      for (let x = 0, i = startA + dy * lineA, j = startB + dy * lineB; x < cell; x++, i += stepA, j += stepB) {
        const ra = da[i]!;
        const ga = da[i + 1]!;
        const ba = da[i + 2]!;
        const rb = db[j]!;
        const gb = db[j + 1]!;
        const bb = db[j + 2]!;
        rA += ra;
        rB += rb;
        rAA += ra * ra;
        rBB += rb * rb;
        rAB += ra * rb;
        gA += ga;
        gB += gb;
        gAA += ga * ga;
        gBB += gb * gb;
        gAB += ga * gb;
        bA += ba;
        bB += bb;
        bAA += ba * ba;
        bBB += bb * bb;
        bAB += ba * bb;
      }
    }
    replace(cells, strip, at, rA, rB, rAA, rBB, rAB);
    replace(cells, strip, at + SUMS, gA, gB, gAA, gBB, gAB);
    replace(cells, strip, at + 2 * SUMS, bA, bB, bAA, bBB, bAB);
  }
}

/** One cell's five sums written over the old ones at `at`, the strip column gaining the difference. */
function replace(
  cells: Int32Array,
  strip: Int32Array,
  at: number,
  sumA: number,
  sumB: number,
  sumAA: number,
  sumBB: number,
  sumAB: number,
) {
  strip[at]! += sumA - cells[at]!;
  strip[at + 1]! += sumB - cells[at + 1]!;
  strip[at + 2]! += sumAA - cells[at + 2]!;
  strip[at + 3]! += sumBB - cells[at + 3]!;
  strip[at + 4]! += sumAB - cells[at + 4]!;
  cells[at] = sumA;
  cells[at + 1] = sumB;
  cells[at + 2] = sumAA;
  cells[at + 3] = sumBB;
  cells[at + 4] = sumAB;
}

/** `total` plus the scores of one row of `windows` windows, each `span` columns of the strip, in their order. */
function addWindowRow(strip: Int32Array, windows: number, span: number, colours: number, total: number): number {
  const width = colours * SUMS;
  const n = WINDOW * WINDOW;
  for (let first = 0; first < windows * width; first += width) {
    for (let at = first; at < first + width; at += SUMS) {
      let sumA = 0;
      let sumB = 0;
      let sumAA = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let column = at; column < at + span * width; column += width) {
        sumA += strip[column]!;
        sumB += strip[column + 1]!;
        sumAA += strip[column + 2]!;
        sumBB += strip[column + 3]!;
        sumAB += strip[column + 4]!;
      }
      total += similarity(sumA / n, sumB / n, sumAA / n, sumBB / n, sumAB / n);
    }
  }
  return total;
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
  const source = bytes(image).data;
  const data = new Uint8Array(image.width * image.height * colours);
  const blend = blended(background);
  for (let from = 0, to = 0; from < source.length; from += channels) {
    const alpha = source[from + colours]!;
    for (let c = 0; c < colours; c++, to++) data[to] = blend[(source[from + c]! << 8) | alpha]!;
  }
  return { data, width: image.width, height: image.height, channels: colours };
}

const blends = new Map<number, Uint8Array>();

/** Every colour (high byte) at every alpha (low byte) over `background`, as `over` blends it: a look-up per pixel instead of the arithmetic. */
function blended(background: number): Uint8Array {
  let table = blends.get(background);
  if (table) return table;
  table = new Uint8Array(256 * 256);
  for (let value = 0; value < 256; value++) {
    for (let a = 0; a < 256; a++) {
      const alpha = a / 255;
      table[(value << 8) | a] = Math.round(value * alpha + background * (1 - alpha));
    }
  }
  blends.set(background, table);
  return table;
}

/** Whether any pixel is less than fully opaque. */
export function hasTransparency(image: RawImage): boolean {
  const { channels } = image;
  if (channels !== 2 && channels !== 4) return false;
  const { data } = bytes(image);
  for (let i = channels - 1; i < data.length; i += channels) if (data[i]! < 255) return true;
  return false;
}

/** The luma plane (Rec. 601 weights, integer rounding) of an RGB image; grey images come back as they are. */
export function luma(image: RawImage): RawImage {
  const { channels } = image;
  if (channels < 3) return image;
  const source = bytes(image).data;
  const pixels = image.width * image.height;
  const data = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) {
    const at = i * channels;
    data[i] = (77 * source[at]! + 150 * source[at + 1]! + 29 * source[at + 2]! + 128) >> 8;
  }
  return { data, width: image.width, height: image.height, channels: 1 };
}
