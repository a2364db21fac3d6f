import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Web code runs in the browser: no Node built-ins, nothing from the server package. */
const browserOnly = [
  { group: ['node:*'], message: 'Web code runs in the browser: no Node built-ins.' },
  {
    group: ['@lightpix/server', '@lightpix/server/*', '**/server/**'],
    message: 'Web code must not import server code; share through @lightpix/shared.',
  },
];
/** Pages in app/ compose features; nothing below them reaches up. */
// A leading '#' starts a comment in these gitignore-style patterns: '\\#' is the subpath import itself.
const noApp = [{ group: ['**/app/**', '\\#app/**'], message: 'Only app/ composes pages; move what you need into lib/ or components/.' }];
const noFeatures = [
  { group: ['**/features/**', '\\#features/**'], message: 'lib/ and components/ sit below the features; move the shared piece down.' },
];
const noOtherFeature = [
  { regex: '^\\.\\./[^./][^/]*(/|$)', message: 'Features do not import each other; share through components/ or lib/.' },
  ...noFeatures.map((ban) => ({ ...ban, message: 'Features do not import each other; share through components/ or lib/.' })),
];

/** Server modules talk through doors: another module's index.ts, never its files (server/src/modules/<name>/index.ts). */
const doorOnly = 'Import another module only through its index.ts, which says what it offers.';
// From anywhere in server/src: '…/modules/other/file.js'.
const throughDoors = [{ regex: '(^|/)modules/[^/]+/(?!index(\\.js)?$)', message: doorOnly }];
// From inside a module, also '../other/file.js'.
const betweenModules = [...throughDoors, { regex: '^\\.\\./[^./][^/]*/(?!index(\\.js)?$)', message: doorOnly }];
/** The floors below the modules are handed what they need (a port, a callback) by the entry points. */
const belowModules = [
  {
    regex: '(^|/)modules(/|$)',
    message:
      'db, storage, images, jobs, presentations and cluster sit below modules/: take what you need as a parameter (see jobs/reservations.ts).',
  },
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
    // French typography puts a no-break space before ":;!?" (shared/src/i18n/README.md); only in text, never in code.
    files: ['web/src/app/pages/legal/texts/*.tsx'],
    rules: { 'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }] },
  },
  {
    // Playwright reads fixture dependencies from the destructuring pattern, even an empty one.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  ...[
    // Each of these SDKs is loaded with import() where its setting is used, so a process without that
    // setting never carries it (docs/decisions/0110); types may still be imported. A later entry replaces
    // an earlier one whole, so each floor repeats them beside its own bans.
    { files: ['server/src/**/*.ts'], bans: throughDoors },
    { files: ['server/src/modules/**/*.ts'], bans: betweenModules },
    { files: ['server/src/{db,storage,images,jobs,presentations,cluster}/**/*.ts'], bans: belowModules },
  ].map(({ files, bans }) => ({
    files,
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['stripe', 'bullmq', 'ioredis', 'nodemailer'].map((name) => ({ name, allowTypeImports: true, message: lazySdk })),
          patterns: [{ group: ['@aws-sdk/*'], allowTypeImports: true, message: lazySdk }, ...bans],
        },
      ],
    },
  })),
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
            { regex: '^(\\.\\./)+(server|web)(/|$)', message: 'shared is imported by server and web, never the reverse.' },
          ],
        },
      ],
    },
  },
);
