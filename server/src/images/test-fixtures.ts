import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The image tests' fixture folder (server/test/fixtures), and one of its files read whole. */
export const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
export const fixture = (name: string) => readFile(path.join(fixtures, name));
