import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseTree, floorTable, forbidden } from './walls.js';

const root = new URL('..', import.meta.url).pathname;
const packages = [
  { folder: 'server/src', tsConfig: 'server/tsconfig.json' },
  { folder: 'shared/src', tsConfig: 'shared/tsconfig.json' },
  { folder: 'web/src', tsConfig: 'web/tsconfig.json' },
];

/** The rules each file breaks ("rule: from -> to"), cruising `folder` of the tree at `base`; dynamic and type-only imports included. */
async function violations(base: string, folder: string, tsConfig: string): Promise<string[]> {
  const { summary } = await cruiseTree(base, folder, tsConfig, forbidden);
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('the walls (scripts/walls.ts) on resolved paths', () => {
  it.each(packages)('hold in $folder', async ({ folder, tsConfig }) => {
    expect(await violations(root, folder, tsConfig)).toEqual([]);
  });

  describe('refuse each way around them, in a copy of the tree with probe files', () => {
    const probes = [
      { at: 'server/src/modules/images/', code: "export * from './../quota/rules.js';", rule: 'module-door' },
      { at: 'server/src/modules/images/', code: "export const x = () => import('../quota/rules.js');", rule: 'module-door' },
      { at: 'server/src/modules/images/deeper/', code: "export * from '../../quota/rules.js';", rule: 'module-door' },
      { at: 'server/src/', code: "export * from './modules/images/routes.js';", rule: 'module-door-from-outside' },
      { at: 'server/src/jobs/', code: "export * from '../app.js';", rule: 'floor:jobs/' },
      { at: 'server/src/jobs/', code: "export const x = () => import('../modules/quota/index.js');", rule: 'floor:jobs/' },
      { at: 'server/src/jobs/', code: "export { sessions } from '../db/schema/index.js';", rule: 'floor:jobs/:types-only' },
      { at: 'server/src/images/', code: "export * from '../db/schema/index.js';", rule: 'floor:images/' },
      { at: 'server/src/images/', code: "export * from '../jobs/queue.js';", rule: 'floor:images/' },
      { at: 'server/src/core/', code: "export * from '../http/busy-door.js';", rule: 'floor:core/' },
      { at: 'server/src/storage/', code: "export * from '../modules/quota/index.js';", rule: 'floor:storage/' },
      { at: 'server/src/db/', code: "export * from '../modules/session/index.js';", rule: 'floor:db/' },
      { at: 'server/src/cluster/', code: "export * from '../modules/results/index.js';", rule: 'floor:cluster/' },
      { at: 'server/src/modules/stats/', code: "export { results } from '../../db/schema/results.js';", rule: 'results-table' },
      { at: 'shared/src/', code: "export * from '../../server/src/app.js';", rule: 'shared-imports-neither-side' },
      { at: 'shared/src/', code: "export * from 'node:fs';", rule: 'shared-no-node' },
      { at: 'web/src/features/upload/', code: "export * from './../history/api';", rule: 'feature-alone' },
      { at: 'web/src/features/upload/', code: "export const x = () => import('../../app/routes');", rule: 'feature-alone' },
      { at: 'web/src/lib/', code: "export * from '../features/history/api';", rule: 'lib-and-components-below' },
      { at: 'web/src/lib/', code: "export * from '../../../server/src/app.js';", rule: 'web-not-server' },
      { at: 'web/src/lib/', code: "export * from '#features/upload/UploadArea';", rule: 'resolved' },
    ].map((probe, i) => ({ ...probe, file: `${probe.at}probe-${i}.ts` }));
    let copy: string;
    const found: string[] = [];
    beforeAll(async () => {
      copy = await mkdtemp(path.join(os.tmpdir(), 'lightpix-walls-'));
      for (const name of ['server/src', 'shared/src', 'web/src', 'server/tsconfig.json', 'shared/tsconfig.json', 'web/tsconfig.json']) {
        await cp(path.join(root, name), path.join(copy, name), { recursive: true });
      }
      for (const name of ['tsconfig.base.json', 'package.json', 'server/package.json', 'shared/package.json', 'web/package.json']) {
        await cp(path.join(root, name), path.join(copy, name));
      }
      await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
      for (const { file, code } of probes) {
        await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
        await writeFile(path.join(copy, file), `${code}\n`);
      }
      for (const { folder, tsConfig } of packages) found.push(...(await violations(copy, folder, tsConfig)));
    }, 120_000);
    afterAll(() => rm(copy, { recursive: true, force: true }));

    it.each(probes)('$rule: $code in $at', ({ file, rule }) => {
      expect(found.filter((line) => line.includes(`: ${file} -> `)).map((line) => line.split(': ')[0])).toEqual([rule]);
    });

    it('and nothing else in the copy', () => {
      expect(found.filter((line) => !/probe-\d+\.ts -> /.test(line))).toEqual([]);
    });
  });

  it('the probes are real files of the tree (a probe at a path the tree lacks would prove nothing)', async () => {
    expect(await readFile(path.join(root, 'server/src/modules/quota/rules.ts'), 'utf8')).toContain('export');
    expect(await readFile(path.join(root, 'web/src/features/history/api.ts'), 'utf8')).toContain('export');
  });
});

describe('docs/architecture.md', () => {
  it('shows the floor table written from the walls', async () => {
    const doc = await readFile(path.join(root, 'docs/architecture.md'), 'utf8');
    const table = /<!-- floors:[^\n]*-->\n([\s\S]*?)\n<!-- \/floors -->/.exec(doc)?.[1];
    expect(table).toBe(floorTable());
  });

  it('lists every folder of the tree, and no folder that is gone', async () => {
    const doc = await readFile(path.join(root, 'docs/architecture.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Every folder'));
    const listed = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!);
    const folders: string[] = [];
    for (const top of ['server/src', 'shared/src', 'web/src']) {
      folders.push(top);
      for (const entry of await readdir(path.join(root, top), { recursive: true, withFileTypes: true })) {
        if (entry.isDirectory()) folders.push(path.relative(root, path.join(entry.parentPath, entry.name)));
      }
    }
    const covered = (folder: string) => listed.includes(folder) || listed.includes(`${path.dirname(folder)}/*`);
    expect(folders.length).toBeGreaterThan(50);
    expect(folders.filter((folder) => !covered(folder))).toEqual([]);
    const stars = listed.filter((entry) => entry.endsWith('/*')).map((entry) => entry.slice(0, -2));
    expect(listed.filter((entry) => !entry.endsWith('/*') && !folders.includes(entry))).toEqual([]);
    expect(stars.filter((parent) => !folders.includes(parent))).toEqual([]);
  });
});
