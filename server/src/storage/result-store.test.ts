import { mkdtemp, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileResultStore, StoredFileMissing, type ResultStore } from './result-store.js';

describe('the local result store', () => {
  let dir: string;
  let store: ResultStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lightpix-store-'));
    store = fileResultStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores a buffer and a stream and gives the same bytes back', async () => {
    await store.put('a.jpg', Buffer.from('first'));
    await store.put('b.jpg', Readable.from([Buffer.from('sec'), Buffer.from('ond')]));
    expect((await buffer(await store.get('a.jpg'))).toString()).toBe('first');
    expect((await buffer(await store.get('b.jpg'))).toString()).toBe('second');
  });

  it('says a missing key is missing, and deleting twice is fine', async () => {
    await store.put('gone.png', Buffer.from('x'));
    await store.delete('gone.png');
    await store.delete('gone.png');
    await expect(store.get('gone.png')).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it('refuses keys that could leave its folder', async () => {
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });

  it('lists only keys written before a time', async () => {
    await store.put('old.webp', Buffer.from('x'));
    await store.put('new.webp', Buffer.from('y'));
    const past = new Date(Date.now() - 3600_000);
    await utimes(path.join(dir, 'old.webp'), past, past);
    const listed: string[] = [];
    for await (const key of store.listOlderThan(new Date(Date.now() - 60_000))) listed.push(key);
    expect(listed).toEqual(['old.webp']);
  });
});
