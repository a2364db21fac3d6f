import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, openPglite, pgliteOptions, seedPgliteFolder } from './client.js';
import { users } from './schema/index.js';

describe('the embedded database folder', () => {
  let scratch: string;
  let template: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'lightpix-pglite-folder-'));
    // A migrated data folder on disk, as the build makes it, from the run's migrated dump.
    template = path.join(scratch, 'template');
    const client = await PGlite.create(template, { loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]) });
    await client.close();
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('starts a new folder as a copy of the migrated template, with the small buffer cache', async () => {
    const folder = path.join(scratch, 'fresh', 'pglite');
    await seedPgliteFolder(folder, template);
    expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${folder}.seeding`)).toBe(false);
    const client = new PGlite(folder, pgliteOptions);
    const handle = await openPglite(client);
    try {
      await handle.db.insert(users).values({
        id: randomUUID(),
        username: 'first',
        email: 'first@example.com',
        passwordHash: 'x',
        firstName: 'First',
        lastName: 'Start',
      });
      expect(await handle.db.$count(users)).toBe(1);
      expect((await client.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await handle.close();
    }
  });

  it('keeps a folder that already holds a database: a restart finds its data', async () => {
    const folder = path.join(scratch, 'fresh', 'pglite');
    await seedPgliteFolder(folder, template);
    const handle = await openDatabase({ dataDir: path.join(scratch, 'fresh') });
    try {
      expect(await handle.db.$count(users)).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('leaves a folder with other files, or no template, to PGlite', async () => {
    const folder = path.join(scratch, 'other', 'pglite');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'note.txt'), 'not a database');
    await seedPgliteFolder(folder, template);
    expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(false);
    const empty = path.join(scratch, 'none', 'pglite');
    await seedPgliteFolder(empty, path.join(scratch, 'missing-template'));
    expect(existsSync(empty)).toBe(false);
  });
});
