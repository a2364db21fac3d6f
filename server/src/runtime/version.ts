import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installation's version: the root package.json's, three folders up from src/runtime/ (sources) and two
 * up from dist/ (the bundle).
 * Shown by /api/health/live and the admin panel; CHANGELOG.md says what each changed.
 */
export const appVersion: string = (() => {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), fromSources ? '../../../package.json' : '../../package.json');
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();
