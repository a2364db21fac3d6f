import { describe, expect, it } from 'vitest';
import { detailSample } from './search.js';

/** An RGB image whose 6×6 grid cells each hold one grey level, 10 apart. */
function gridImage(width: number, height: number) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = Math.floor((y * 6) / height) * 6 + Math.floor((x * 6) / width);
      data.fill(cell * 7, (y * width + x) * 3, (y * width + x + 1) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

describe('the detail sample smart mode searches on', () => {
  it('searches images up to 1.1 MP whole', () => {
    const image = gridImage(1200, 900);
    expect(detailSample(image)).toBe(image);
  });

  it('takes a tile from every cell of a large image, block-aligned, about 1 MP in all', () => {
    const sample = detailSample(gridImage(4000, 3000));
    expect(sample.width % 16).toBe(0);
    expect(sample.height % 16).toBe(0);
    expect(sample.width * sample.height).toBeLessThanOrEqual(1_200_000);
    const levels = new Set<number>();
    for (let i = 0; i < sample.data.length; i += 3) levels.add(sample.data[i]!);
    expect([...levels].sort((a, b) => a - b)).toEqual(Array.from({ length: 36 }, (_, cell) => cell * 7));
  });
});
