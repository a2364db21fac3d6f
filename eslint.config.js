import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/drizzle/**', 'bench/out/**'] },
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
      // Only Node's and the server's code may reach the file system and the database.
      'no-restricted-imports': ['error', { patterns: ['node:*', '@lightpix/server*', '**/server/**'] }],
    },
  },
  {
    // Features do not import each other; shared pieces live in components/ and lib/.
    files: ['web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^./][^/]*(/|$)', message: 'Features do not import each other; share through components/ or lib/.' },
            { group: ['**/features/**', '#features/**'], message: 'Features do not import each other; share through components/ or lib/.' },
          ],
        },
      ],
    },
  },
  {
    // Playwright reads fixture dependencies from the destructuring pattern, even an empty one.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // The shared package runs on both sides: no DOM, no Node.
    files: ['shared/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'react*'] }] },
  },
);
