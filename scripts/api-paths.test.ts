import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths, tinifyRootPath } from '@lightpix/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../server/test/helpers.js';

const root = new URL('..', import.meta.url).pathname;
/** The one file that may spell an API path. */
const TABLE = 'shared/src/api-paths.ts';

/** A string or template literal that starts with /api: a path spelled outside the table. */
const spelledPath = /(['"`])\/api(?=[/'"`?])/;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The routes in Fastify's printed tree (`├── /api/keys (GET, HEAD, POST)`, children indented by four). */
function printedRoutes(tree: string): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(`${stack.at(-1) ?? ''}${match[2]}`);
    routes.add(stack.at(-1)!);
  }
  return routes;
}

describe('the API path table (shared/src/api-paths.ts)', () => {
  it('is the only place server, web and shared code spell an /api path', async () => {
    const files = (await Promise.all(['server/src', 'web/src', 'shared/src'].map(sourceFiles))).flat();
    expect(files.length).toBeGreaterThan(100);
    const spelled: string[] = [];
    for (const file of files) {
      if (file === TABLE) continue;
      const lines = (await readFile(path.join(root, file), 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (spelledPath.test(line)) spelled.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(spelled).toEqual([]);
  });

  it('names exactly the /api routes the app serves', async () => {
    const test = await createTestApp('pglite');
    try {
      const served = printedRoutes(test.app.printRoutes({ commonPrefix: false }));
      // Fastify prints a wildcard under the catch-all, so those are asked for one by one.
      for (const pattern of Object.values(apiPaths)) {
        if (pattern.endsWith('*') && test.app.hasRoute({ method: 'GET', url: pattern })) served.add(pattern);
      }
      const servedApi = [...served].filter((route) => route.startsWith('/api/')).sort();
      expect(servedApi.length).toBeGreaterThan(40);
      expect(servedApi).toEqual(Object.values(apiPaths).sort());
      // Tinify's own clients find shrink and output at the root as well (docs/decisions/0051).
      expect(
        [tinifyRootPath(apiPaths.developerShrink), tinifyRootPath(apiPaths.developerOutput)].filter((route) => !served.has(route)),
      ).toEqual([]);
    } finally {
      await test.close();
    }
  });
});
