// Bundles the server (and the shared package it imports as TypeScript) into dist/main.js;
// npm packages stay external and load from node_modules.
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lightpix/') ? undefined : { path: args.path, external: true }));
  },
};

const shared = { bundle: true, platform: 'node', target: 'node20', format: 'esm', logLevel: 'warning', plugins: [externalPackages] };

// The HEIC decoder's worker thread (server/src/images/heic.ts) and the image jobs' child process
// (server/src/jobs/process-queue.ts) are files of their own, found next to main.js.
await build({ ...shared, entryPoints: ['src/images/heic-worker.mjs'], outfile: 'dist/heic-worker.mjs' });
await build({ ...shared, entryPoints: ['src/jobs/job-worker.ts'], outfile: 'dist/job-worker.js', sourcemap: true });
await build({ ...shared, entryPoints: ['src/main.ts'], outfile: 'dist/main.js', sourcemap: true });
