import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Absolute root so the config works from the repository root (`vite --config web/vite.config.ts`) too.
const root = fileURLToPath(new URL('.', import.meta.url));

/** Below this a compressed copy saves too little to be worth a file; the server's own threshold is the same. */
const PRECOMPRESS_ABOVE_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
 * build, once, so the server sends them as they are (@fastify/static's preCompressed, docs/decisions/0216).
 * The HTML pages are left out: the server fills them in and compresses them per answer.
 */
function precompress(): Plugin {
  return {
    name: 'lightpix-precompress',
    apply: 'build',
    writeBundle(options) {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(options.dir!)) {
        if (!/\.(js|css|svg|json|txt|xml|webmanifest)$/.test(file) || statSync(file).size < PRECOMPRESS_ABOVE_BYTES) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * zod's JSON Schema output (toJSONSchema and one processor per schema kind, ~7 KB compressed) is never
 * asked for in the browser, yet every schema refers to it: the web build gets stand-ins with the same
 * exports that throw if it ever is (docs/decisions/0278). The server and the tests keep the real ones.
 */
function zodWithoutJsonSchema(): Plugin {
  const stubbed = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema|json-schema-generator)\.js$/;
  return {
    name: 'lightpix-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!stubbed.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const declared = [...source.matchAll(/^export (?:const|let|function|class) (\w+)/gm)].map((match) => match[1]!);
      const renamed = [...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((match) =>
        match[1]!.split(',').map((part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop()!,
        ),
      );
      const names = [...new Set([...declared, ...renamed])].filter(Boolean);
      if (names.length === 0) this.error(`${id} has no exports this build recognises: see docs/decisions/0278`);
      return [
        `function unavailable() { throw new Error('JSON Schema output is not built into the web app (docs/decisions/0278)'); }`,
        `export { ${names.map((name) => `unavailable as ${name}`).join(', ')} };`,
      ].join('\n');
    },
  };
}

const isSharedModule = (id: string) => /shared\/src\/[\w-]+\.ts$/.test(id);
/** Whether a shared module defines schemas: those stay off the first load, the others may join every page's files (docs/decisions/0283). */
const importsZod = (id: string) => /from 'zod'/.test(readFileSync(id, 'utf8'));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [zodWithoutJsonSchema(), precompress()])],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // The server's render of the landing pages (docs/decisions/0125) bundles the app; npm packages stay in node_modules.
  ssr: { noExternal: ['@lightpix/shared'] },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, rolldownOptions: { input: 'src/ssr/render.tsx' } }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        rolldownOptions: {
          // index.html starts the app at once; landing.html is the landing pages' page, which starts it at the first interaction.
          input: { index: `${root}index.html`, landing: `${root}landing.html` },
          // Libraries change less often than the app: a separate chunk stays cached across releases.
          // One chunk per language's texts: a language loads with one request when it is first shown.
          output: {
            codeSplitting: {
              groups: [
                { name: (id: string) => /i18n\/[^/]+\/(\w+)\.json$/.exec(id)?.[1] ?? null, test: /shared\/src\/i18n\// },
                // The landing's own script (boot.ts) and what it imports stay out of the groups below.
                // Shared schemas with zod, and the app's small common modules, in one file each: every
                // file costs ~1 KB of response headers on a phone (docs/decisions/0260).
                // zod and the shared schemas in one file, loaded with what needs them, never with a page's first load (docs/decisions/0283).
                {
                  name: 'schemas',
                  test: (id: string) => /node_modules\/zod/.test(id) || (isSharedModule(id) && importsZod(id)),
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'common',
                  test: (id: string) =>
                    (/web\/src\/(lib|components\/ui|features\/(session|consent))\//.test(id) ||
                      // The shared modules without zod (paths, routes, settings): every page reads some.
                      (isSharedModule(id) && !importsZod(id)) ||
                      // Small modules every app page loads anyway, each a file (and ~0.5 KB of headers) of its own otherwise.
                      /web\/src\/(components\/router|app\/workspace\/(useWorkspace|LoadFailedAlert)|features\/contact\/api)\./.test(id)) &&
                    // What loads on demand (zod's schemas, docs/decisions/0283) stays out of it.
                    !/lib\/(homePath|languages|notice|answerSchemas|formChecks)\.|ToastView/.test(id),
                  includeDependenciesRecursively: false,
                },
                // The toast's code loads with the first toast or touch, not with the page (docs/decisions/0276).
                {
                  name: 'toast',
                  test: /node_modules\/@radix-ui|components\/ui\/ToastView/,
                  includeDependenciesRecursively: false,
                },
                { name: 'react', test: /node_modules\/react/ },
                { name: 'vendor', test: /node_modules/ },
              ],
            },
          },
        },
      },
}));
