import pg from 'pg'
import type { Database, Queryable, QueryResult } from './database'

// Bigint counts and timestamps come back as JS values the same way PGlite returns them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

function toResult<Row>(r: pg.QueryResult): QueryResult<Row> {
  return { rows: r.rows as Row[], affectedRows: r.rowCount ?? 0 }
}

/**
 * `schema` isolates one app instance's tables inside a shared database (tests run in parallel
 * against one PostgreSQL); extensions stay in `public`, which remains on the search path.
 */
export async function openPostgres(url: string, schema?: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  })
  if (schema) {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
  }
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: unknown[] = []) {
      return toResult<Row>(await pool.query(sql, params))
    },
    async transaction(work) {
      const client = await pool.connect()
      const tx: Queryable = {
        query: async <Row>(sql: string, params: unknown[] = []) =>
          toResult<Row>(await client.query(sql, params)),
        exec: async (sql: string) => {
          await client.query(sql)
        },
      }
      try {
        await client.query('BEGIN')
        const result = await work(tx)
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async exec(sql) {
      await pool.query(sql)
    },
    async close() {
      await pool.end()
    },
  }
}
