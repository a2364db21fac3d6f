// Bundles the server (and the shared package it imports as TypeScript) into dist/main.js;
// npm packages stay external and load from node_modules.
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lightpix/') ? undefined : { path: args.path, external: true }));
  },
};

// The HEIC decoder's worker thread is its own file, found next to main.js (server/src/images/heic.ts).
await build({
  entryPoints: ['src/images/heic-worker.mjs'],
  outfile: 'dist/heic-worker.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  plugins: [externalPackages],
});

// Image jobs run in child processes started from this file, found next to main.js (server/src/jobs/process-queue.ts).
await build({
  entryPoints: ['src/jobs/job-worker.ts'],
  outfile: 'dist/job-worker.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
