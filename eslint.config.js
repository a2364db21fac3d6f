import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Web code runs in the browser: no Node built-ins, nothing from the server package. */
const browserOnly = [
  { group: ['node:*'], message: 'Web code runs in the browser: no Node built-ins.' },
  { group: ['@lightpix/server', '@lightpix/server/*', '**/server/**'], message: 'Web code must not import server code; share through @lightpix/shared.' },
];
/** Pages in app/ compose features; nothing below them reaches up. */
const noApp = [{ group: ['**/app/**', '#app/**'], message: 'Only app/ composes pages; move what you need into lib/ or components/.' }];
const noFeatures = [{ group: ['**/features/**', '#features/**'], message: 'lib/ and components/ sit below the features; move the shared piece down.' }];
const noOtherFeature = [
  { regex: '^\\.\\./[^./][^/]*(/|$)', message: 'Features do not import each other; share through components/ or lib/.' },
  ...noFeatures.map((ban) => ({ ...ban, message: 'Features do not import each other; share through components/ or lib/.' })),
];

const lazySdk = 'Load it with await import() where its setting is used, and import only its types here (docs/decisions/0110).';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/drizzle/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
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
    // Shared pieces stay below the features that use them.
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...browserOnly, ...noFeatures, ...noApp] }] },
  },
  {
    // A later rule entry replaces an earlier one whole, so each override repeats the web-wide bans.
    files: ['web/src/features/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...browserOnly, ...noOtherFeature, ...noApp] }] },
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
    // The shared package runs on both sides: no DOM, no Node.
    files: ['shared/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'react*'] }] },
  },
);
