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
  // Two minutes: beside another journey each takes about 1.75 times as long as alone, and the
  // dashboard's axe walk over every screen took 28 s alone and over 60 s beside another.
  testTimeout: 120_000,
  // Two journeys at once, each with a server of its own (e2e/workers.ts): on two cores each waits
  // on its browser and server much of the time. `--runInBand` runs them one by one.
  maxWorkers: 2,
}
