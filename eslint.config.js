// Lint for the whole repo: typescript-eslint's recommended rules, React hooks rules for the
// web app, no import cycles, and the layer rules (features never import each other nor app/;
// lib/ and components/ never import features/; web never imports server code; server plugins
// never import modules). Flat config does not merge a rule's options across blocks: a later
// block's no-restricted-imports replaces an earlier one for its files, so every block that sets
// it repeats the shared patterns (WEB_NO_SERVER). test/eslint-zones.test.ts checks each zone.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Web code never imports server code: in every web block that sets no-restricted-imports. */
const WEB_NO_SERVER = { group: ['**/apps/server/**'], message: 'Web never imports server code.' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-pseudo/**',
      '**/node_modules/**',
      '**/drizzle/meta/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles, type-only imports included (a cycle is a seam drawn in the wrong place).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/contract/tsconfig.json',
            'e2e/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The web app's layers: lib/ and components/ are shared by every feature, so they never
    // import one (features sit above them; src/app composes features).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: './apps/web/src/features',
              message: 'lib/ and components/ are below features/: move the shared code down, or compose in src/app.',
            },
            {
              target: ['./apps/web/src/features', './apps/web/src/lib', './apps/web/src/components'],
              from: './apps/web/src/app',
              message: 'src/app composes features: features, lib/ and components/ never import it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [WEB_NO_SERVER],
        },
      ],
    },
  },
  {
    // Plain scripts the web app serves as they are (public/theme-init.js runs before first paint).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // bulletproof-react's rule: a feature never imports another feature; src/app composes them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*/**', '!../../../**', '**/features/**'],
              message: 'Features do not import each other; compose them in src/app.',
            },
            WEB_NO_SERVER,
          ],
        },
      ],
    },
  },
  {
    // The server's layers (decision 049): workers/ run on top of modules/; other modules reach
    // the reminders module only through its service (and its routes are registered by app.ts).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/server/src/modules', './apps/server/src/plugins', './apps/server/src/lib'],
              from: './apps/server/src/workers',
              message: 'workers/ sit above modules/: a module never starts or imports a worker.',
            },
            {
              target: './apps/server/src/plugins',
              from: './apps/server/src/modules',
              message: 'plugins/ sit below modules/: a plugin never imports a module (app.ts passes what it needs).',
            },
            {
              target: './apps/server/src/modules/!(reminders)/**',
              from: './apps/server/src/modules/reminders',
              except: ['./reminder.service.ts'],
              message: 'Other modules use the reminders module through reminder.service.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/web/**'], message: 'Server never imports web code.' }] },
      ],
    },
  },
);
