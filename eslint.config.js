// Lint rules that keep the layout of ../shared/guides/conventions.md honest: one-way imports
// between top-level parts, kebab-case names, small files, type-only imports marked as such.
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'data/', 'coverage/', '**/dist/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/main', './src/preload', './src/renderer', './server', './widget'] },
            { target: './src/renderer', from: ['./src/main', './server', './widget'] },
            { target: './server', from: ['./src/main', './src/preload', './src/renderer', './widget'] },
            { target: './widget', from: ['./src/main', './src/preload', './src/renderer', './server'] },
            { target: ['./server/lib', './server/db', './server/mail'], from: './server/modules' },
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        // Migrations are numbered: 001-initial.ts.
        { '**/!(migrations)/*.{ts,tsx,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{server,src,tests,widget}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Test files may be long tables of cases.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { 'max-lines': 'off' },
  },
  prettier,
);
