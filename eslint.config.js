// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import i18next from 'eslint-plugin-i18next';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { noFeatureCycles } from './scripts/eslint/no-feature-cycles.mjs';

// ---------------------------------------------------------------------------------------------
// The rules of the road (ARCHITECTURE.md), as import zones. Paths are absolute so that the
// zones' exceptions (globs, matched against resolved import paths) line up with them.
// ---------------------------------------------------------------------------------------------
const root = import.meta.dirname;
const server = path.join(root, 'apps/server/src');
const web = path.join(root, 'apps/web/src');
const featuresOf = (/** @type {string} */ dir) =>
  readdirSync(path.join(dir, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const serverZones = [
  {
    target: [`${server}/plugins`, `${server}/lib`, `${server}/config`, `${server}/db/schema`],
    from: `${server}/features`,
    message: 'Plugins and lib import no feature: a feature uses them, not the other way round.',
  },
  {
    target: `${server}/lib`,
    from: `${server}/plugins`,
    message: 'lib holds plain modules; a plugin may use lib, not the other way round.',
  },
  {
    target: `${server}/**/*.repository.ts`,
    from: [`${server}/**/*.service.ts`, `${server}/**/*.routes.ts`, `${server}/plugins/*.ts`],
    message: 'Repositories only touch the database: they call no service, route or plugin.',
  },
  ...featuresOf(server).flatMap((feature) => [
    {
      target: `${server}/features/${feature}/*.routes.ts`,
      from: [`${server}/features/**`],
      except: [`${server}/features/${feature}/*.service.ts`],
      message: `A route calls only its own service (${feature}.service): parse, call, answer.`,
    },
    {
      target: `${server}/features/${feature}/**`,
      from: [`${server}/features/*/*.repository.ts`, `${server}/features/*/*.routes.ts`],
      except: [`${server}/features/${feature}/**`],
      message: 'Reach another feature through its service, never its repository or routes.',
    },
  ]),
];

const webZones = [
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/config`],
    from: `${web}/features`,
    message: 'Shared web code imports no feature; compose features in app/.',
  },
  ...featuresOf(web).map((feature) => ({
    target: `${web}/features/${feature}/**`,
    from: [`${web}/features/**`],
    except: [`${web}/features/${feature}/**`],
    message: 'Web features do not import each other: compose them in app/routes.',
  })),
];

/** Names a route must not reach through `app.` or a service context: caches, sockets, buses. */
const SIDE_EFFECT_HANDLES = '^(answers|changes|cable|pubsub|sessionCache)$';
const namedExportsOnly = {
  selector: 'ExportDefaultDeclaration',
  message: 'Use named exports (a lazy route module may default-export; disable per file).',
};

// ---------------------------------------------------------------------------------------------
// Every text a person reads comes from a catalogue (apps/web/src/locales, docs/decisions/0016):
// a literal in JSX, in a prop that shows text, or in a toast fails lint.
// ---------------------------------------------------------------------------------------------
const UI_TEXT_PROPS = [
  'label',
  'placeholder',
  'title',
  'alt',
  'description',
  'error',
  'message',
  'caption',
  'legend',
  'tooltip',
  'confirmLabel',
  'cancelLabel',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
];
const toastLiteral = {
  selector:
    "CallExpression[callee.object.name='notifications'] Property[key.name=/^(title|message)$/] > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)",
  message: 'Toast texts come from the catalogue: t(...).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/drizzle/**',
      '**/.artifacts/**',
      'bench/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'vitest.config.ts',
            'scripts/*.mjs',
            'apps/server/scripts/*.mjs',
            'apps/web/postcss.config.cjs',
            'apps/web/public/*.js',
            'bench/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and route modules are async by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      // React Router's way to reach an error boundary (e.g. a 404) is to throw a Response.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }], allowThrowingUnknown: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', namedExportsOnly],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**', 'apps/web/src/test/**'],
    plugins: { 'import-x': importX, fitcoach: { rules: { 'no-feature-cycles': noFeatureCycles } } },
    settings: {
      // Every import the zones judge is relative: Node's resolution with our extensions is all
      // it takes (and needs no native resolver binary).
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // no-cycle reads the imported modules too: with the TypeScript parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'fitcoach/no-feature-cycles': 'error',
    },
  },
  {
    // Routes are HTTP only: they hand `app.ctx` to their service and never touch a cache, a
    // socket or the change bus themselves.
    files: ['apps/server/src/features/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        namedExportsOnly,
        {
          selector: `MemberExpression[property.name=/${SIDE_EFFECT_HANDLES}/]`,
          message:
            'Routes do not touch caches, sockets or the change bus: the service announces what changed (docs/decisions/0012).',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // expect.any() and friends are typed `any` by design.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.config.ts', '**/*.config.js', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: UI_TEXT_PROPS },
          'should-validate-template': true,
          message: 'UI text comes from the catalogue (apps/web/src/locales): use t(...).',
        },
      ],
      'no-restricted-syntax': ['error', namedExportsOnly, toastLiteral],
    },
  },
  prettier,
);
