import { describe, expect, it } from 'vitest';
import { withoutControlCharacters } from './text.js';

describe('withoutControlCharacters', () => {
  it('replaces each run of CR, LF, NUL, TAB and DEL, and keeps other text', () => {
    expect(withoutControlCharacters('a\r\nBcc: x\u0000\u007fb\tc', ' ')).toBe('a Bcc: x b c');
    expect(withoutControlCharacters('photo\u0000.jpg', '')).toBe('photo.jpg');
    expect(withoutControlCharacters('Zoë — Ünïcode ✓', '')).toBe('Zoë — Ünïcode ✓');
  });
});
