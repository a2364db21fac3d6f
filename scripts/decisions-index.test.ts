import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const folder = new URL('../docs/decisions/', import.meta.url);

describe('the decision index (docs/decisions/README.md)', () => {
  it('lists every record once, linked to its file, with a status', async () => {
    const records = (await readdir(folder)).filter((name) => /^\d{4}-.+\.md$/.test(name)).sort();
    expect(records.length).toBeGreaterThan(80);
    const index = await readFile(new URL('README.md', folder), 'utf8');
    const rows = index.split('\n').filter((line) => /^\| \[\d{4}\]/.test(line));
    const listed = rows.map(
      (row) => /^\| \[(\d{4})\]\(([^)]+)\) \| [^|]*\S[^|]* \| ([^|]*\S[^|]*) \|$/.exec(row)?.[2] ?? `malformed: ${row}`,
    );
    expect(listed.sort()).toEqual(records);
  });
});
