import { readConfig } from './config'

/*
 * The server tests run twice in CI (.ci/run): in `npm test` on the embedded database, and again
 * with DATABASE_URL set on PostgreSQL.
 */

/** The PostgreSQL of the second pass; undefined in `npm test`. */
export const postgresUrl = readConfig(process.env).databaseUrl

/** Tests only PostgreSQL can run (several processes on one database, a pool): the second pass. */
export const onPostgres = postgresUrl ? describe : describe.skip

/**
 * Tests of processes that run on the embedded database in either pass (spawnServer leaves
 * DATABASE_URL out): the second pass would repeat them as they were, so they run in the first.
 */
export const onEmbedded = postgresUrl ? describe.skip : describe
