import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/src/db/schema/index.ts', './server/src/db/schema/results.ts'],
  out: './server/drizzle',
});
