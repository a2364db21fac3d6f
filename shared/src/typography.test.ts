import { describe, expect, it } from 'vitest';
import { frenchSpacingProblems } from './typography.js';

describe('French spacing', () => {
  it('accepts a no-break space before : ; ! ? » and after «', () => {
    expect(frenchSpacingProblems('Échec\u00a0: réessayez\u00a0; vraiment\u00a0? Oui\u00a0! «\u00a0Premium\u00a0»')).toEqual([]);
  });

  it('refuses an ordinary space, a narrow one, or none', () => {
    expect(frenchSpacingProblems('Échec:')).toHaveLength(1);
    expect(frenchSpacingProblems('Échec :')).toHaveLength(1);
    expect(frenchSpacingProblems('Échec\u202f:')).toHaveLength(1);
    expect(frenchSpacingProblems('« Premium »')).toHaveLength(2);
    expect(frenchSpacingProblems('Vraiment ?!')).toHaveLength(1);
  });

  it('leaves addresses, clock times, ratios and quoted code alone', () => {
    expect(frenchSpacingProblems('Ouvrez https://exemple.fr/a?b=c à 12:30, en 16:9, avec {"source": {"url": "…"}}')).toEqual([]);
  });
});
