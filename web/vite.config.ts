import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Absolute root so the config works from the repository root (`vite --config web/vite.config.ts`) too.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: [react(), tailwindcss()],
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
                { name: 'zod', test: /node_modules\/zod/ },
                { name: 'react', test: /node_modules\/react/ },
                { name: 'vendor', test: /node_modules/ },
              ],
            },
          },
        },
      },
}));
