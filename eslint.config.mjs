import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Paths one layer may not import: framework-free code stays framework-free, flows stay apart. */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
})

const noServer = {
  group: ['**/server/**'],
  message: 'The browser bundle never imports server code.',
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'public',
      '.site',
      '.cache',
      '.data',
      'coverage',
      'src/gatsby-types.d.ts',
      'src/lib/api/openapi-types.ts',
      'api-client',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/gatsby/**'],
    rules: restrict([noServer]),
  },
  // Later blocks replace an earlier block's no-restricted-imports, so each repeats the server rule.
  {
    files: ['src/lib/**', 'server/booking/availability/**'],
    rules: restrict([
      noServer,
      {
        group: ['react', 'react-dom', 'gatsby', 'gatsby-*', 'jotai', 'fastify', '@fastify/*'],
        message: 'src/lib and the availability engine are framework-free.',
      },
      { group: ['pg', '@electric-sql/*', '**/server/db*'], message: 'No database here.' },
      { group: ['**/widgets/**', '**/components/**', '**/templates/**'], message: 'No UI here.' },
    ]),
  },
  {
    files: ['src/templates/**', 'src/components/**'],
    rules: restrict([
      noServer,
      { group: ['**/widgets/**'], message: 'Templates and components never import widgets.' },
      {
        group: ['**/admin/**', '!**/lib/admin/**'],
        message: 'Only the admin page loads the dashboard.',
      },
    ]),
  },
  {
    // The dashboard lives in its own chunks: no visitor's page may pull it in, nor it a widget.
    files: ['src/widgets/**', 'src/embed/**'],
    rules: restrict([
      noServer,
      {
        group: ['**/admin/**', '!**/lib/admin/**'],
        message: 'Only the admin page loads the dashboard.',
      },
    ]),
  },
  {
    files: ['src/admin/**'],
    rules: restrict([
      {
        group: ['**/widgets/**'],
        message: 'The dashboard shares code through src/components and src/lib.',
      },
      noServer,
    ]),
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', '__mocks__/**', 'jest.setup.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
)
