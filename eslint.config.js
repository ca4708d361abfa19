// One lint setup for server, main, renderer, tests and scripts. Layer rules make the architecture checkable:
// http → domain → store/adapters, jobs → domain, schemas shared; no import cycles anywhere.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const layer = (target, from, message) => ({ target, from, message });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'resources/models/**',
      'test/e2e/screenshots/**',
      'renderer/dist/**',
      'release/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            layer(
              './server/store',
              ['./server/domain', './server/http', './server/jobs', './server/mcp', './server/app.ts'],
              'store is the bottom layer',
            ),
            layer(
              './server/adapters',
              ['./server/domain', './server/http', './server/jobs', './server/mcp', './server/store'],
              'adapters talk to the outside world only',
            ),
            layer(
              './server/schemas',
              [
                './server/contract',
                './server/domain',
                './server/http',
                './server/jobs',
                './server/store',
                './server/adapters',
              ],
              'schemas are shared leaves',
            ),
            layer(
              './server/contract',
              [
                './server/domain',
                './server/http',
                './server/jobs',
                './server/store',
                './server/adapters',
                './server/mcp',
                './server/cli',
              ],
              'the contract is operations over schemas: every client reads it, it reads only schemas',
            ),
            layer(
              './server/domain',
              ['./server/http', './server/jobs', './server/mcp', './server/app.ts', './server/main.ts'],
              'domain never sees HTTP, MCP or the runner',
            ),
            layer(
              './server/http',
              ['./server/store', './server/adapters', './server/jobs'],
              'http calls the domain only',
            ),
            layer(
              './server/jobs',
              ['./server/http', './server/mcp', './server/store'],
              'jobs call the domain',
            ),
            layer(
              './server/mcp',
              ['./server/domain', './server/store', './server/jobs'],
              'mcp reaches the app through the API (in-process or HTTP), never its services',
            ),
            layer(
              './server/mcp',
              ['./server/app.ts', './server/main.ts', './server/cli'],
              'mcp is what the CLI and the POST /mcp route use: a command that starts a server lives in server/cli',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['main/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'],
    // main/embedded-server.ts is the one module that hosts the server in the Electron main process; the UI's
    // build config reads the API contract at build time to write its route table (nothing of it is bundled).
    ignores: ['main/embedded-server.ts', 'renderer/vite.config.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '../server/*'],
              allowTypeImports: true,
              message: 'main/ and renderer/ share only types with the server',
            },
          ],
        },
      ],
    },
  },
  {
    // embedded-server.ts runs under plain Node in the tests, so it must not need Electron either.
    files: ['server/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'main/embedded-server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only main/ may import electron.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
