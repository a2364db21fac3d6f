import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Absolute root so the config works from the repository root (`vite --config web/vite.config.ts`) too.
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Libraries change less often than the app: a separate chunk stays cached across releases.
      // One chunk per language's texts: a language loads with one request when it is first shown.
      output: { codeSplitting: { groups: [{ name: (id: string) => /i18n\/[^/]+\/(\w+)\.json$/.exec(id)?.[1] ?? null, test: /shared\/src\/i18n\// }, { name: 'zod', test: /node_modules\/zod/ }, { name: 'react', test: /node_modules\/react/ }, { name: 'vendor', test: /node_modules/ }] } },
    },
  },
});
