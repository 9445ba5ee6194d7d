const base = require('../jest.config.js')

/** @type {import('jest').Config} */
module.exports = {
  rootDir: '..',
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.test.ts'],
  transform: base.projects[0].transform,
  globalSetup: '<rootDir>/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/e2e/close-pages.ts'],
  // The first run builds the site (about a minute on two cores); each journey gets its own time.
  testTimeout: 60_000,
}
