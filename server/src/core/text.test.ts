import { describe, expect, it } from 'vitest';
import { safeFolder, withoutBidiControls, withoutControlCharacters } from './text.js';

describe('withoutControlCharacters', () => {
  it('replaces each run of CR, LF, NUL, TAB and DEL, and keeps other text', () => {
    expect(withoutControlCharacters('a\r\nBcc: x\u0000\u007fb\tc', ' ')).toBe('a Bcc: x b c');
    expect(withoutControlCharacters('photo\u0000.jpg', '')).toBe('photo.jpg');
    expect(withoutControlCharacters('Zoë — Ünïcode ✓', '')).toBe('Zoë — Ünïcode ✓');
    expect(withoutControlCharacters('a\u0085b\u009fc', '')).toBe('abc');
  });
});

describe('withoutBidiControls', () => {
  it('removes the characters that turn a name around, and keeps right-to-left text itself', () => {
    expect(withoutBidiControls('photo\u202Egpj.exe')).toBe('photogpj.exe');
    expect(withoutBidiControls('a\u200e\u200f\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u061cb')).toBe('ab');
    expect(withoutBidiControls('صورة.jpg')).toBe('صورة.jpg');
  });
});

describe('safeFolder', () => {
  it('cleans every segment of a folder path, drops empty and dot segments, and keeps right-to-left names', () => {
    expect(safeFolder('Holiday\u202Egpj.exe/Day\u0085 1/../\u2067\u2069/صور')).toBe('Holidaygpj.exe/Day 1/صور');
    expect(safeFolder('/etc\\passwd:/a<b>. ')).toBe('etc/passwd/ab');
    expect(safeFolder('\u202E/..')).toBeNull();
  });
});
