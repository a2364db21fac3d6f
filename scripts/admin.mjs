// `npm run admin -- grant|revoke <email>`: the built command (server/dist/admin.js) on a production install,
// which has no tsx; in a checkout without a build, the same command from its sources through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'server/dist/admin.js');
const args = existsSync(built) ? [built] : ['--import', 'tsx', path.join(root, 'server/src/cli/admin.ts')];
const { status, error } = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
if (error) console.error(error.message);
process.exit(status ?? 1);
