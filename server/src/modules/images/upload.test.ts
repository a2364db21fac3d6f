import { describe, expect, it } from 'vitest';
import { cleanFolder } from './upload.js';

describe('a chosen folder, made safe for a ZIP entry', () => {
  it('strips bidi and control characters from every part of the path', () => {
    expect(cleanFolder('Holi\u202Eday/Day\u2066 1\u2069/sub\u0085dir\u0007/photo.jpg')).toBe('Holiday/Day 1/subdir');
    expect(cleanFolder('\u202E/\u200F/photo.jpg')).toBeNull();
  });
});
