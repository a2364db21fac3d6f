import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.js';

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/subscribe')).toBe('/subscribe');
    expect(safeRedirect('/admin?x=1')).toBe('/admin?x=1');
  });

  it('falls back to / for anything else', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('subscribe')).toBe('/');
    expect(safeRedirect('/ok\\..\\evil')).toBe('/');
    expect(safeRedirect('/\t/evil.example')).toBe('/');
    expect(safeRedirect('/\n/evil.example')).toBe('/');
    expect(safeRedirect(42)).toBe('/');
  });
});
