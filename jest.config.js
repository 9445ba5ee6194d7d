/** @type {import('jest').Config['transform']} */
const swc = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
}

/** @type {import('jest').Config} */
const shared = {
  transform: swc,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/public/', '/.cache/', '/e2e/'],
  // ESM-only packages (the server's, and the dashboard's table) are compiled to CommonJS like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(light-my-request|cookie|@tanstack/[^/]+)/)'],
}

/** @type {import('jest').Config} */
const config = {
  // A worker per core. Jest's default leaves one core to itself, and on two cores (CI) one worker
  // runs every file in Jest's own process, one after another: while a server test waits on
  // PostgreSQL, a child process or a socket, no other file runs.
  maxWorkers: '100%',
  projects: [
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/server/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
      globalSetup: '<rootDir>/server/jest.global-setup.ts',
      setupFilesAfterEnv: ['<rootDir>/server/jest.setup.ts'],
    },
    {
      ...shared,
      displayName: 'lib',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'components',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/src/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      // A deadline for a busy two-core machine (CI), not a wait: screens render in well under it.
      testTimeout: 15_000,
      moduleNameMapper: {
        '^gatsby$': '<rootDir>/__mocks__/gatsby.tsx',
        '^gatsby-plugin-react-i18next$': '<rootDir>/__mocks__/gatsby-plugin-react-i18next.tsx',
        '\\.(css)$': '<rootDir>/__mocks__/style.ts',
      },
    },
  ],
}

module.exports = config
