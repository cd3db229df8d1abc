import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// Web boundaries (docs/architecture.md): app -> features -> components/lib, and a feature reaches another
// only through its index.ts. The zones are built from the feature folders so a new feature is covered.
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const features = readdirSync(path.join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...features.map((feature) => ({
    target: path.join(webSrc, 'features', feature),
    from: path.join(webSrc, 'features'),
    except: [
      `./${feature}`,
      ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message: 'Import another feature only through its index.ts (@/features/<name>).',
  })),
  {
    // The router loads each feature's pages lazily from routes/, so each page stays its own chunk.
    target: path.join(webSrc, 'app'),
    from: path.join(webSrc, 'features'),
    except: features.flatMap((feature) => [`./${feature}/index.ts`, `./${feature}/routes`]),
    message: 'The app imports a feature through its index.ts, or lazily from its routes/.',
  },
  {
    target: [
      path.join(webSrc, 'features'),
      path.join(webSrc, 'components'),
      path.join(webSrc, 'lib'),
    ],
    from: path.join(webSrc, 'app'),
    message: 'Only the app imports from app/.',
  },
  {
    target: [path.join(webSrc, 'components'), path.join(webSrc, 'lib')],
    from: path.join(webSrc, 'features'),
    message: 'Shared components and lib never import a feature.',
  },
];

// Server boundaries: a module reaches another only through its index.ts (what it lets others use);
// plugins likewise. app.ts and admin-area.ts register the routes. Tests and fixtures may reach in.
const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
const serverModules = readdirSync(path.join(serverSrc, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverZones = [
  ...serverModules.map((name) => ({
    target: path.join(serverSrc, 'modules', name),
    from: path.join(serverSrc, 'modules'),
    except: [
      `./${name}`,
      ...serverModules.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
    ],
    message: 'Import another server module only through its index.ts (../<module>).',
  })),
  {
    target: path.join(serverSrc, 'plugins'),
    from: path.join(serverSrc, 'modules'),
    except: serverModules.map((name) => `./${name}/index.ts`),
    message: 'Plugins use a module only through its index.ts (../modules/<module>).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/.build/**',
      '**/node_modules/**',
      'data/**',
      'e2e/artifacts/**',
      'test-results/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x parses only .js files, and no-cycle sees no TypeScript module.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(import.meta.dirname, 'apps/web') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The contract package runs in the browser and on the server: no platform or framework imports.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['node:*', 'react', 'react-*', 'drizzle-orm*', 'fastify*', '@fastify/*', 'pg'],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(import.meta.dirname, 'apps/server') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Server features talk through services, never through each other's routes.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../*/*.routes', '../../app'] }],
    },
  },
  {
    // The web app never reaches into the server.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/apps/server/**',
            '@stellar/server',
            'monaco-editor',
            'monaco-editor/*',
            '@monaco-editor/*',
          ],
        },
      ],
    },
  },
  {
    // Monaco is hundreds of KB: only the lazy /code-editor route may import it.
    files: ['apps/web/src/features/code-editor/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/server/**', '@stellar/server'] }],
    },
  },
);
