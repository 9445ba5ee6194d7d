import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import type { Database, QueryResult } from './database'

/** `dataDir` is a folder on disk, or `memory://` for a throw-away database. */
export async function openPglite(dataDir: string): Promise<Database> {
  const pg = await PGlite.create(dataDir, { extensions: { btree_gist } })
  const toResult = <Row>(r: { rows: Row[]; affectedRows?: number }): QueryResult<Row> => ({
    rows: r.rows,
    affectedRows: r.affectedRows ?? 0,
  })
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: unknown[] = []) {
      return toResult(await pg.query<Row>(sql, params))
    },
    transaction(work) {
      return pg.transaction((tx) =>
        work({
          query: async <Row>(sql: string, params: unknown[] = []) =>
            toResult(await tx.query<Row>(sql, params)),
          exec: async (sql: string) => {
            await tx.exec(sql)
          },
        }),
      )
    },
    async exec(sql) {
      await pg.exec(sql)
    },
    async close() {
      await pg.close()
    },
  }
}
