// `npm start`: builds when the build is missing or older than the sources, then serves web app and API.
// `npm run worker` (argument `worker`): the same build, then a process that only consumes jobs from Redis.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] === 'worker' ? 'worker.js' : 'main.js';
const outputs = ['web/dist/index.html', 'server/dist/main.js', 'server/dist/worker.js', 'server/dist/pglite-template/PG_VERSION'].map((p) =>
  path.join(root, p),
);
// package-lock.json: a new PGlite needs a template made by itself.
const sources = ['shared/src', 'server/src', 'server/drizzle', 'server/build.mjs', 'web/src', 'web/index.html', 'package-lock.json'].map(
  (p) => path.join(root, p),
);

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestChange(path.join(target, name))));
}

const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
if (built < Math.max(...sources.map(newestChange))) {
  console.log('Building Lightpix…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(path.join(root, 'server/dist', entry)).href);
