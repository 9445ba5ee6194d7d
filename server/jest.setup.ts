import { closeTestDatabases } from './db/test-database'
import { takeContractViolations } from './test-app'

// A server test takes milliseconds; the first database of a file takes about a second (it is
// loaded from the migrated template), several on a busy two-core machine. Tests that wait on more
// (child processes, races, property runs) state their own time-out. Set here: jest reads
// `testTimeout` only from the top-level config, not from a project's.
jest.setTimeout(20_000)

// Test databases are reused within a file (server/db/test-database.ts); each file frees its own.
afterAll(closeTestDatabases)

// The contract test: every answer a test got must be one the published description allows.
afterEach(() => {
  const violations = takeContractViolations()
  if (violations.length > 0) {
    throw new Error(
      'Answers the API description does not allow:\n' +
        violations.map((v) => `${v.method} ${v.url} ${v.status}: ${v.problem}`).join('\n'),
    )
  }
})
