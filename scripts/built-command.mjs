// Runs one of the server's commands (`admin`, `ops`): the built file (server/dist/<name>.js) on a
// production install, which has no tsx; in a checkout without a build, the same command from its sources
// through tsx (docs/decisions/0245, 0246). Its exit status is the command's.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function runBuiltCommand(name) {
  const built = path.join(root, `server/dist/${name}.js`);
  const args = existsSync(built) ? [built] : ['--import', 'tsx', path.join(root, `server/src/cli/${name}.ts`)];
  const { status, error } = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (error) console.error(error.message);
  process.exit(status ?? 1);
}
