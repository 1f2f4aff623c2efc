// The one ESLint configuration of the repository (flat config). Every package's `lint` script runs
// `eslint . --max-warnings=0` against it; the root's `npm run lint` (which `npm test` runs) lints the
// whole repository in one ESLint process, then `npm test` runs `prettier --check .`.
// The walls of docs/architecture.md ("Who may import whom") are encoded below; a rule that is wrong for
// us is turned off here with its reason, never with an inline disable.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));
const REMOTES = ['remote-content', 'remote-dashboards', 'remote-contact', 'remote-collectmaster', 'remote-admin'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/test-support/**', 'e2e/**'];

const message = {
  remote: 'A remote imports @hub/shared and npm packages only: never the shell, the server or another remote (docs/architecture.md).',
  shell: 'The shell imports @hub/shared only: remotes are loaded at run time through Module Federation (docs/architecture.md).',
  server: 'The server imports @hub/shared/api only: schemas and types, no React, no browser code (docs/architecture.md).',
  shared: '@hub/shared imports nothing of this repository (docs/architecture.md).',
  routeSql:
    "A route holds no SQL: add the query to the feature's repository (server/src/plugins/app/<feature>) and call that (docs/architecture.md).",
  serverDb:
    "The server's db/ imports none of lib/, plugins/ or routes/: what the seed needs of a store it declares itself (docs/architecture.md).",
  serverLib:
    "The server's lib/ is plain code: it imports neither plugins/ nor routes/; a type both need lives in lib/ (docs/architecture.md).",
  serverPlugins: "The server's plugins never import routes/: what a route and a plugin share lives in lib/ (docs/architecture.md).",
  feature: 'A feature never imports another feature (CONTRIBUTING.md): move what both need to src/lib, src/components or @hub/shared.',
};

/** `no-restricted-paths` zones: no package reaches into another's folder by a relative path. */
const folderWalls = (from, target, text) => ({ target: `./${target}`, from: `./${from}`, message: text });
const packageZones = [
  ...REMOTES.flatMap((remote) => [
    folderWalls('shell', remote, message.remote),
    folderWalls('server', remote, message.remote),
    ...REMOTES.filter((other) => other !== remote).map((other) => folderWalls(other, remote, message.remote)),
  ]),
  ...REMOTES.map((remote) => folderWalls(remote, 'shell', message.shell)),
  folderWalls('server', 'shell', message.shell),
  ...['shell', 'server', 'e2e', ...REMOTES].map((other) => folderWalls(other, 'shared', message.shared)),
  ...['shell', 'e2e', ...REMOTES].map((other) => folderWalls(other, 'server', message.server)),
];

/**
 * The server's floors (docs/architecture.md, "The server"): `db/` imports none of the others; `lib/`
 * (plain code) imports neither the Fastify plugins nor the routes; the plugins do not import the
 * routes.
 */
const server = (folder) => `./server/src/${folder}`;
const serverZones = [
  { target: server('db'), from: [server('lib'), server('plugins'), server('routes')], message: message.serverDb },
  { target: server('lib'), from: [server('plugins'), server('routes')], message: message.serverLib },
  { target: server('plugins'), from: server('routes'), message: message.serverPlugins },
];

/** One zone per feature folder of a remote or the shell: a feature may not import a sibling feature. */
const featureZones = ['shell', ...REMOTES].flatMap((pkg) => {
  const features = join(root, pkg, 'src', 'features');
  if (!existsSync(features)) return [];
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${pkg}/src/features/${name}`,
      from: `./${pkg}/src/features`,
      except: [`./${name}`],
      message: message.feature,
    }));
});

/**
 * `instanceof` on a class imported from @hub/shared, outside shared/: refused. Each bundle (the
 * shell, every remote) holds its own copy of @hub/shared, so an error the shell's API client threw
 * is not an instance of a remote's ApiError. Recognise errors by their brand (docs/errors.md).
 */
const noInstanceofSharedClass = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossBundle:
        "'instanceof {{name}}' fails across bundles: {{name}} comes from @hub/shared, of which the shell and each remote hold their own copy. Use its brand check (isApiError, errorStatus, fieldErrorsOf; docs/errors.md).",
    },
  },
  create(context) {
    const classes = new Set();
    const namespaces = new Set();
    return {
      ImportDeclaration(node) {
        if (!/^@hub\/shared(\/|$)/.test(String(node.source.value))) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          else classes.add(specifier.local.name);
        }
      },
      BinaryExpression(node) {
        if (node.operator !== 'instanceof') return;
        const right = node.right;
        if (right.type === 'Identifier' && classes.has(right.name)) {
          context.report({ node, messageId: 'crossBundle', data: { name: right.name } });
        } else if (right.type === 'MemberExpression' && right.object.type === 'Identifier' && namespaces.has(right.object.name)) {
          context.report({ node, messageId: 'crossBundle', data: { name: context.sourceCode.getText(right) } });
        }
      },
    };
  },
};

const restrictHub = (regex, text) => ['error', { patterns: [{ regex, message: text }] }];

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/.data/', '**/coverage/', '**/test-results/', '**/playwright-report/', '**/.bench/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Non-null assertions mark what a query or a schema has just guaranteed (a row of a count, a validated field).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Import cycles: scripts/check-cycles.mjs (npm test), which counts type imports too; import-x/no-cycle
      // skips them and took about 15% of the rules' time.
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: packageZones }],
      // The hooks rules that matter for correctness. The React Compiler rules of the plugin's
      // `recommended` set are not used: we do not build with the React Compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // CommonJS build presets and configs (webpack, jest) load with require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...packageZones, ...featureZones, ...serverZones] }] },
  },
  {
    // With type information where it pays: a promise nobody awaits or handles loses its error.
    files: ['*/src/**/*.ts', '*/src/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React Router's navigate returns a promise only for data routers, which we do not use.
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    files: REMOTES.map((remote) => `${remote}/**`),
    rules: { 'no-restricted-imports': restrictHub('^@hub/(?!shared(/|$))', message.remote) },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['shared/**'],
    plugins: { hub: { rules: { 'no-instanceof-shared-class': noInstanceofSharedClass } } },
    rules: { 'hub/no-instanceof-shared-class': 'error' },
  },
  { files: ['shell/**'], rules: { 'no-restricted-imports': restrictHub('^@hub/(?!shared(/|$))', message.shell) } },
  { files: ['shared/**'], rules: { 'no-restricted-imports': restrictHub('^@hub/(?!shared(/|$))', message.shared) } },
  { files: ['server/**'], rules: { 'no-restricted-imports': restrictHub('^@hub/(?!shared/api$)', message.server) } },
  // A route holds no SQL: it reaches the database through its feature's repository (plugins/app),
  // never by a query or a transaction of its own (docs/architecture.md, "The server").
  {
    files: ['server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['query', 'transaction'].flatMap((call) => [
          { selector: `CallExpression[callee.property.name='${call}'][callee.object.property.name='db']`, message: message.routeSql },
          { selector: `CallExpression[callee.property.name='${call}'][callee.object.name=/^(db|tx)$/]`, message: message.routeSql },
        ]),
      ],
    },
  },
  // Server tests may also use the shared test tables (one table of cases run against both the server and the browser).
  {
    files: ['server/test/**'],
    rules: { 'no-restricted-imports': restrictHub('^@hub/(?!shared/(api|test-support(/.*)?)$)', message.server) },
  },
);
