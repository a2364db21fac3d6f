// Bundles the server (and the shared package it imports as TypeScript) into dist/main.js;
// npm packages stay external and load from node_modules.
import { rename, rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lightpix/') ? undefined : { path: args.path, external: true }));
  },
};

const shared = { bundle: true, platform: 'node', target: 'node20', format: 'esm', logLevel: 'warning', plugins: [externalPackages] };

// The HEIC decoder's worker thread (server/src/images/heic.ts) and the image jobs' child process
// (server/src/jobs/process-pool.ts) are files of their own, found next to main.js.
await build({ ...shared, entryPoints: ['src/images/heic-worker.mjs'], outfile: 'dist/heic-worker.mjs' });
await build({ ...shared, entryPoints: ['src/jobs/job-child.ts'], outfile: 'dist/job-child.js', sourcemap: true });
await build({ ...shared, entryPoints: ['src/main.ts'], outfile: 'dist/main.js', sourcemap: true });
// `npm run worker`: consumes result jobs from Redis, no HTTP (src/worker.ts).
await build({ ...shared, entryPoints: ['src/worker.ts'], outfile: 'dist/worker.js', sourcemap: true });
// `npm run migrate | backup | restore` (src/cli/ops.ts, through scripts/ops.mjs).
await build({ ...shared, entryPoints: ['src/cli/ops.ts'], outfile: 'dist/ops.js', sourcemap: true });
// `npm run admin -- grant|revoke <email>` (src/cli/admin.ts, through scripts/admin.mjs).
await build({ ...shared, entryPoints: ['src/cli/admin.ts'], outfile: 'dist/admin.js', sourcemap: true });

// The embedded database's first start copies this migrated data folder instead of running initdb in
// the app's process (docs/decisions/0095-idle-memory.md); made aside, then renamed into place.
const template = 'dist/pglite-template';
await rm(`${template}.new`, { recursive: true, force: true });
const client = new PGlite(`${template}.new`);
await migrate(drizzle({ client }), { migrationsFolder: 'drizzle' });
await client.close();
await rm(template, { recursive: true, force: true });
await rename(`${template}.new`, template);
