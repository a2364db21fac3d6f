import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@lightpix/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { settingDefaults } from '../../src/runtime/env.js';
import { ALLOCATOR_PACKAGE, PRODUCTION_ALLOCATOR, PRODUCTION_NODE_FLAGS } from '../../src/runtime/memory-settings.js';

/*
 * The Containerfile, its install script and the systemd units (issue 35 point 2, docs/decisions/0241,
 * 0244). No image is built here: the file is held to the repository it copies from, and the install
 * script is the one scripts/test.sh (so CI) runs.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'lightpix-units-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The Containerfile's instructions, continuation lines joined, split into its stages. */
function containerStages() {
  const lines = read('Containerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Array<{ from: string; name: string; lines: string[] }> = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2] ?? '', lines: [] });
    else stages.at(-1)!.lines.push(line);
  }
  return stages;
}

const runtimePackages = execFileSync('bash', [path.join(root, 'scripts/install-runtime-deps.sh'), '--list'], { encoding: 'utf8' })
  .trim()
  .split('\n');

describe('the Containerfile', () => {
  const stages = containerStages();
  const runtime = stages.at(-1)!;
  const instruction = (name: string) => runtime.lines.filter((line) => line.startsWith(`${name} `));

  it('builds on Debian in one stage and runs the build with production dependencies in another', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    for (const stage of stages) expect(stage.from).toMatch(/^docker\.io\/library\/node:20-bookworm(-slim)?$/);
    expect(stages[0]!.lines).toContain('RUN npm run build');
    expect(instruction('RUN')).toContain('RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force');
    // Every workspace's package.json, so npm ci installs the same tree as package-lock.json says.
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) expect(instruction('COPY')).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('installs its Debian packages with scripts/install-runtime-deps.sh, the script CI runs too', () => {
    expect(instruction('COPY')).toContain('COPY scripts/install-runtime-deps.sh /tmp/install-runtime-deps.sh');
    expect(instruction('RUN').some((line) => line.startsWith('RUN bash /tmp/install-runtime-deps.sh'))).toBe(true);
    expect(read('scripts/test.sh')).toMatch(/^bash scripts\/install-runtime-deps\.sh$/m);
    expect(runtimePackages).toEqual(expect.arrayContaining(['libreoffice-impress', 'bubblewrap', 'tini']));
  });

  it('copies what the build makes and the server reads, and nothing .dockerignore leaves out', () => {
    const fromBuild = instruction('COPY')
      .filter((line) => line.startsWith('COPY --from=build '))
      .map((line) => line.split(/\s+/)[2]!.replace(/^\/app\//, ''));
    expect(fromBuild).toEqual(['server/dist', 'server/drizzle', 'web/dist', 'web/dist-ssr']);
    // What the build script writes (server/build.mjs, web's vite build) is what is copied.
    const serverBuild = read('server/build.mjs');
    for (const file of ['dist/main.js', 'dist/worker.js', 'dist/job-child.js', 'dist/ops.js', 'dist/pglite-template'])
      expect(serverBuild).toContain(file);
    expect(read('web/vite.config.ts')).toContain("outDir: 'dist-ssr'");
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', 'data', '.env', '.git']));
    const fromContext = instruction('COPY')
      .filter((line) => !line.startsWith('COPY --from='))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    for (const source of fromContext) {
      if (source.includes('*')) continue;
      expect(existsSync(path.join(root, source)), source).toBe(true);
      expect(
        ignored.some((pattern) => source === pattern || source.startsWith(`${pattern}/`)),
        `${source} is ignored`,
      ).toBe(false);
    }
  });

  it('runs node under tini as a user of its own, checks /api/health/live and starts the production server', () => {
    const user = instruction('USER');
    expect(user).toEqual(['USER lightpix']);
    expect(runtime.lines.indexOf(user[0]!)).toBeLessThan(runtime.lines.findIndex((line) => line.startsWith('CMD ')));
    expect(instruction('ENTRYPOINT')).toEqual(['ENTRYPOINT ["/usr/bin/tini", "--"]']);
    expect(instruction('CMD')).toEqual([
      `CMD ${JSON.stringify(['node', ...PRODUCTION_NODE_FLAGS, 'server/dist/main.js']).replaceAll(',', ', ')}`,
    ]);
    const healthcheck = instruction('HEALTHCHECK').join(' ');
    expect(healthcheck).toContain(apiPaths.healthLive);
    expect(instruction('ENV').join(' ')).toContain('NODE_ENV=production');
  });

  it("runs node with the production start's memory settings, its allocator installed by the script (decision 0280)", () => {
    const env = instruction('ENV').join(' ');
    for (const [name, value] of Object.entries(PRODUCTION_ALLOCATOR)) expect(env).toContain(`${name}=${value}`);
    expect(runtimePackages).toContain(ALLOCATOR_PACKAGE);
  });
});

describe("README's production start (decision 0280)", () => {
  it('sets the memory settings the Containerfile, the units and the benchmarks use', () => {
    const readme = read('README.md');
    const allocator = Object.entries(PRODUCTION_ALLOCATOR).map(([name, value]) => `${name}=${value}`);
    expect(readme).toContain(`export ${allocator.join(' ')}\n`);
    expect(readme).toContain(`NODE_ENV=production node ${[...PRODUCTION_NODE_FLAGS, 'server/dist/main.js'].join(' ')}`);
    for (const file of ['docs/operations.md', 'README.md'])
      expect(read(file).replace(/\s+/g, ' ')).not.toMatch(/`node server\/dist\/(main|worker)\.js`/);
  });
});

describe('scripts/install-runtime-deps.sh', () => {
  // The machine it runs on is the one whose packages are checked: CI ran the script in scripts/test.sh first.
  const check = spawnSync('bash', [path.join(root, 'scripts/install-runtime-deps.sh'), '--check'], { encoding: 'utf8' });
  const missing = check.status !== 0;
  if (missing && process.env.CI) throw new Error(`CI ran scripts/install-runtime-deps.sh, yet: ${check.stderr}`);
  if (missing) console.warn(`\n[lightpix] runtime package checks are SKIPPED: ${check.stderr.trim()}\n`);

  it.skipIf(missing)("installs the commands the server runs by default (SOFFICE_PATH, BWRAP_PATH) and the container's init", () => {
    const defaults = settingDefaults();
    const owners = [String(defaults.SOFFICE_PATH), String(defaults.BWRAP_PATH), 'tini'].map((command) => {
      const file = execFileSync('bash', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
      return execFileSync('dpkg', ['-S', file], { encoding: 'utf8' }).split(':')[0]!;
    });
    // Each command's package is on the list, or a direct dependency of one that is.
    const provided = new Set(runtimePackages);
    const depends = execFileSync('apt-cache', ['depends', ...runtimePackages], { encoding: 'utf8' });
    for (const match of depends.matchAll(/Depends: (\S+)/g)) provided.add(match[1]!);
    expect(owners.filter((owner) => !provided.has(owner))).toEqual([]);
  });

  it.skipIf(missing)('has nothing to install, and says nothing, when every package is there', () => {
    const again = spawnSync('bash', [path.join(root, 'scripts/install-runtime-deps.sh')], { encoding: 'utf8' });
    expect([again.status, again.stdout, again.stderr]).toEqual([0, '', '']);
  });
});

/** A unit's `Key=value` lines, by section. */
function unit(file: string) {
  const sections = new Map<string, Map<string, string[]>>();
  let current = new Map<string, string[]>();
  for (const line of read(file).split('\n')) {
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) sections.set(section[1]!, (current = new Map()));
    const entry = /^(\w+)=(.*)$/.exec(line);
    if (entry) current.set(entry[1]!, [...(current.get(entry[1]!) ?? []), entry[2]!]);
  }
  return sections;
}

describe.each([
  ['deploy/lightpix-web.service', 'server/dist/main.js'],
  ['deploy/lightpix-worker.service', 'server/dist/worker.js'],
])('%s', (file, entry) => {
  it('runs the built server with node directly and stops it with SIGTERM within 15 s', () => {
    const service = unit(file).get('Service')!;
    expect(service.get('Type')).toEqual(['simple']);
    expect(service.get('ExecStart')).toEqual([`/usr/bin/node ${[...PRODUCTION_NODE_FLAGS, entry].join(' ')}`]);
    // The production start's allocator (decision 0280), as the Containerfile sets it.
    expect(service.get('Environment')).toContain(
      Object.entries(PRODUCTION_ALLOCATOR)
        .map(([name, value]) => `${name}=${value}`)
        .join(' '),
    );
    expect(read('server/build.mjs')).toContain(`outfile: '${entry.replace('server/', '')}'`);
    expect(service.get('EnvironmentFile')).toEqual(['/etc/lightpix/lightpix.env']);
    expect(service.get('KillSignal')).toEqual(['SIGTERM']);
    expect(service.get('TimeoutStopSec')).toEqual(['15']);
    for (const hardening of ['NoNewPrivileges', 'ProtectSystem', 'ProtectHome', 'PrivateTmp'])
      expect(service.has(hardening), hardening).toBe(true);
    expect(service.get('ReadWritePaths')).toEqual(['/var/lib/lightpix']);
    // V8 compiles code at run time, and bubblewrap needs user namespaces.
    expect(service.has('MemoryDenyWriteExecute')).toBe(false);
    expect(service.has('RestrictNamespaces')).toBe(false);
  });

  it('passes systemd-analyze verify without a warning', (context) => {
    const analyze = spawnSync('systemd-analyze', ['--version']);
    if (analyze.error) {
      if (process.env.CI) throw new Error('systemd-analyze is needed on CI');
      console.warn('\n[lightpix] systemd-analyze verify is SKIPPED: systemd-analyze is not installed.\n');
      return context.skip();
    }
    // Its own copy, so that a unit named in the comments never matches one installed on this machine.
    const copy = path.join(scratch, path.basename(file));
    writeFileSync(copy, read(file));
    const verified = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
    expect([verified.status, verified.stderr.trim()]).toEqual([0, '']);
    // And it would say so of a mistake.
    writeFileSync(copy, read(file).replace('KillSignal=', 'KillSignl='));
    expect(spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' }).stderr).toContain("Unknown key 'KillSignl'");
  });
});
