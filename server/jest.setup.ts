import { closeTestDatabases } from './db/test-database'

// Test databases are reused within a file (server/db/test-database.ts); each file frees its own.
afterAll(closeTestDatabases)
