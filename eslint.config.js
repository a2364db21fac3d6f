import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Web code runs in the browser: no Node built-ins, nothing from the server package. The walls between
 * folders (floors, module doors, features) are dependency-cruiser rules on resolved paths: scripts/walls.ts.
 */
const browserOnly = [
  { group: ['node:*'], message: 'Web code runs in the browser: no Node built-ins.' },
  { group: ['@lightpix/server', '@lightpix/server/*'], message: 'Web code must not import server code; share through @lightpix/shared.' },
];

const lazySdk = 'Load it with await import() where its setting is used, and import only its types here (docs/decisions/0110).';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      'server/dist-*/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'server/drizzle/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The tinify client's own integration test, kept as upstream wrote it (CommonJS, run by mocha).
    files: ['bench/tinify/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.mocha } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [...browserOnly] }],
    },
  },
  {
    // French typography puts a no-break space before ":;!?" (shared/src/i18n/README.md); only in text, never in code.
    files: ['web/src/app/pages/legal/texts/*.tsx'],
    rules: { 'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }] },
  },
  {
    // Playwright reads fixture dependencies from the destructuring pattern, even an empty one.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Each of these SDKs is loaded with import() where its setting is used, so a process without that
    // setting never carries it (docs/decisions/0110); types may still be imported.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['stripe', 'bullmq', 'ioredis', 'nodemailer'].map((name) => ({ name, allowTypeImports: true, message: lazySdk })),
          patterns: [{ group: ['@aws-sdk/*'], allowTypeImports: true, message: lazySdk }],
        },
      ],
    },
  },
  {
    // The shared package runs on both sides: no DOM, no Node, and it imports neither side.
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react*'], message: 'shared runs on both sides: no Node, no DOM or React.' },
            {
              group: ['@lightpix/server', '@lightpix/server/*', '@lightpix/web', '@lightpix/web/*'],
              message: 'shared is imported by server and web, never the reverse.',
            },
          ],
        },
      ],
    },
  },
);
