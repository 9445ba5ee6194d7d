import { closeTestDatabases } from './db/test-database'

// A server test takes milliseconds; the first database of a file takes about a second (it is
// loaded from the migrated template), several on a busy two-core machine. Tests that wait on more
// (child processes, races, property runs) state their own time-out. Set here: jest reads
// `testTimeout` only from the top-level config, not from a project's.
jest.setTimeout(20_000)

// Test databases are reused within a file (server/db/test-database.ts); each file frees its own.
afterAll(closeTestDatabases)
