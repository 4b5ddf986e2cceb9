// Type-checked rules catch what tests miss in a service: floating promises (a lost write), misused
// promises in callbacks, unsafe `any` flowing out of JSON.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'src/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify plugins are async functions by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // process.exit() can deadlock on Node 24+ (nodejs/node#54918): hwa ends by draining the loop with
    // process.exitCode (cli.ts endWith); the few last-resort exits say why where they are.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'exit', message: 'Set process.exitCode and let the loop drain.' },
      ],
    },
  },
  {
    // Layers: SQL lives in repositories (and db/), rules in services, HTTP in routes. A service that
    // imports drizzle-orm or runs raw rows is writing SQL in the wrong room.
    files: ['src/modules/**/*.service.ts', 'src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'SQL belongs in a *.repository.ts file.' },
            {
              name: '../../db/client.js',
              importNames: ['queryRows'],
              message: 'SQL belongs in a *.repository.ts file.',
            },
          ],
          patterns: [
            { group: ['drizzle-orm/*'], message: 'SQL belongs in a *.repository.ts file.' },
            {
              group: ['**/db/schema.js', '**/db/tables/*'],
              message: 'Tables are used by repositories; services call repository functions.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read response bodies as untyped JSON (`res.json().items`); asserting on them is the point.
    files: ['**/*.test.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: false },
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  prettier,
);
