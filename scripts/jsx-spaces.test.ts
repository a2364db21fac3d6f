import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

describe('no-break spaces in JSX text (docs/decisions/0171)', () => {
  it('never start a line, where TypeScript trims them as whitespace and Prettier may have moved them', async () => {
    const entries = await readdir(path.join(root, 'web/src'), { withFileTypes: true, recursive: true });
    const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const entry of files) {
      const file = path.join(entry.parentPath, entry.name);
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (/^[\t ]*[\u00a0\u202f]/.test(line)) found.push(`${path.relative(root, file)}:${index + 1}`);
      });
    }
    expect(found).toEqual([]);
  });
});
