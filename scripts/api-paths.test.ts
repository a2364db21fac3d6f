import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths } from '@lightpix/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../server/test/helpers.js';

const root = new URL('..', import.meta.url).pathname;
/** The one file that may spell an API path. */
const TABLE = 'shared/src/api-paths.ts';
/** Files still spelling their own paths while the table is adopted a module at a time; this list only shrinks. */
const notYetMoved = new Set<string>([
  'server/src/modules/developer-api/routes.ts',
  'server/src/modules/admin/routes.ts',
  'server/src/modules/account/routes.ts',
  'server/src/modules/billing/routes.ts',
  'server/src/modules/contact/routes.ts',
  'server/src/modules/keys/routes.ts',
  'web/src/app/pages/developers/DevelopersPage.tsx',
  'web/src/features/developers/api.ts',
  'web/src/features/admin/api.ts',
  'web/src/features/account/api.ts',
  'web/src/features/billing/api.ts',
  'web/src/features/contact/api.ts',
]);

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
      if (file === TABLE || notYetMoved.has(file)) continue;
      const lines = (await readFile(path.join(root, file), 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (spelledPath.test(line)) spelled.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(spelled).toEqual([]);
  });

  it('knows no file as "not yet moved" that no longer spells a path', async () => {
    const stale: string[] = [];
    for (const file of notYetMoved) {
      const text = await readFile(path.join(root, file), 'utf8').catch(() => '');
      if (!spelledPath.test(text)) stale.push(file);
    }
    expect(stale).toEqual([]);
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
    } finally {
      await test.close();
    }
  });
});
