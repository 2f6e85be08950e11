// Lint rules that keep the code's layout honest: one-way imports
// between top-level parts, server modules reached only through their services, kebab-case names,
// small files, type-only imports marked as such.
import fs from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The sub-folders of a folder, by name (none when it is missing). */
const foldersIn = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];

/** The renderer's feature folders (src/renderer/src/features/*): none may import another. */
const RENDERER_FEATURES = foldersIn('src/renderer/src/features');

/**
 * The server's modules (server/modules/*): a module reaches another only through that module's
 * `*.service.ts`, so each module's tables, queries and routes stay its own business.
 */
const SERVER_MODULE_ZONES = foldersIn('server/modules').map((module) => ({
  target: `./server/modules/${module}`,
  from: './server/modules/**/*',
  except: [`**/server/modules/${module}/**`, '**/server/modules/*/*.service.ts'],
  message: 'Another module is reached only through its *.service.ts.',
}));

export default tseslint.config(
  { ignores: ['node_modules/', '.tools/', 'out/', 'dist/', 'data/', 'coverage/', '**/dist/', 'test-results/'] },
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
            {
              target: ['./server/lib', './server/db', './server/mail', './server/heavy-reads'],
              from: './server/modules',
            },
            // The desktop main process: Electron, node:* and src/shared only.
            { target: './src/main', from: ['./src/preload', './src/renderer', './server', './widget'] },
            // The preload bridge: Electron's contextBridge/ipcRenderer and src/shared only.
            { target: './src/preload', from: ['./src/main', './src/renderer', './server', './widget'] },
            ...SERVER_MODULE_ZONES,
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
    // The widget runs on other people's pages: browser globals, no npm packages at run time, and
    // from src/shared only the zod-free constants and helpers (types may come from anywhere).
    files: ['widget/src/**/*.ts'],
    ignores: ['widget/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^[^.]', message: 'The widget has no dependencies: no npm packages or node: modules.' },
            {
              regex: '/src/shared/(?!limits$|links$|rules/[\\w-]+$)',
              allowTypeImports: true,
              message: 'Only `import type` from src/shared, except the zod-free limits, links and rules/*.',
            },
          ],
        },
      ],
    },
  },
  {
    // The rules the widget shares with the server stay free of zod and of every npm package, so
    // importing them never drags a validator into the widget's bundle.
    files: ['src/shared/rules/**/*.ts'],
    ignores: ['src/shared/rules/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^[^.]', message: 'src/shared/rules is zod-free: no npm packages or node: modules.' },
            { regex: '/schemas(/|$)', message: 'src/shared/rules is zod-free: it may not import the zod schemas.' },
          ],
        },
      ],
    },
  },
  {
    // The renderer runs in the browser. Inside it imports go one way (docs/architecture.md, "Code conventions" 1):
    // app → features → components/lib → stores/config/utils; a feature never imports another.
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/renderer', from: ['./src/main', './server', './widget'] },
            ...RENDERER_FEATURES.map((feature) => ({
              target: `./src/renderer/src/features/${feature}`,
              from: './src/renderer/src/features',
              except: [`./${feature}`],
            })),
            { target: './src/renderer/src/features', from: './src/renderer/src/app' },
            {
              target: [
                './src/renderer/src/components',
                './src/renderer/src/lib',
                './src/renderer/src/stores',
                './src/renderer/src/config',
                './src/renderer/src/utils',
                './src/renderer/src/hooks',
                './src/renderer/src/theme',
              ],
              from: ['./src/renderer/src/app', './src/renderer/src/features'],
            },
          ],
        },
      ],
    },
  },
  {
    // One plan table in the console, the server's: lib/use-plans.ts alone reads the built-in one,
    // as the stand-in until the server answers. Tests may use it as a fixture.
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/src/lib/use-plans.ts', 'src/renderer/**/*.test.{ts,tsx}', 'src/renderer/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/shared/plans$',
              importNames: ['DEFAULT_PLANS'],
              message: 'Read the plan table the server enforces with usePlans() (lib/use-plans.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Test files may be long tables of cases.
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    // The Node check, plain JavaScript so that an old Node can parse it (server/node-version/supported-node.js).
    files: ['server/node-version/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Host pages' own scripts in the widget's browser tests.
    files: ['tests/fixtures/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  prettier,
);
