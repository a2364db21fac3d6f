// `npm start`: serves web app and API from the build; `npm run worker` (argument `worker`): a process that
// only consumes jobs from Redis. In a checkout with the build tools (dev dependencies) it first builds
// when the build is missing or older than the sources; a production install (`npm ci --omit=dev`) never
// builds, it starts what `npm run build` made (docs/decisions/0204-a-production-start.md).
// The server runs as this script's child: SIGTERM, SIGINT and SIGHUP are passed on to it and this script
// exits with its code, so a supervisor stopping `npm start` leaves nothing behind. In production run
// `node server/dist/main.js` (or `worker.js`) directly instead.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** The build needs vite and esbuild, which are dev dependencies. */
function canBuild() {
  const require = createRequire(path.join(root, 'package.json'));
  try {
    require.resolve('vite/package.json');
    require.resolve('esbuild/package.json');
    return true;
  } catch {
    return false;
  }
}

const complete = outputs.every(existsSync);
const built = complete ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
if (built < Math.max(...sources.map(newestChange))) {
  if (canBuild()) {
    console.log('Building Lightpix…');
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  } else if (!complete) {
    console.error('Lightpix cannot start: there is no build. Run `npm run build` where the dev dependencies are installed.');
    process.exit(1);
  } else {
    console.warn('Lightpix: the build is older than the sources; starting it as it is (run `npm run build` to rebuild).');
  }
}

const child = spawn(process.execPath, [...process.execArgv, path.join(root, 'server/dist', entry)], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + ({ SIGTERM: 15, SIGINT: 2, SIGHUP: 1 }[signal] ?? 9) : 1)));
// A parent that died without passing a signal on (a shell between npm and this script) must not leave the server running.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && child.kill('SIGTERM'), 1000).unref();
