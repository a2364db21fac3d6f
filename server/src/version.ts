import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installation's version: the root package.json's, two folders up from src/ and from dist/ alike.
 * Shown by /api/health/live and the admin panel; CHANGELOG.md says what each changed.
 */
export const appVersion: string = (() => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();
