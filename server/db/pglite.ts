import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { lockDataDir } from './data-dir-lock'
import type { Database, QueryResult } from './database'

export const IN_MEMORY = 'memory://'

export interface PgliteOptions {
  /** A dumped data directory (`dumpDataDir()`) to start from instead of an empty database. */
  template?: Blob
}

export interface PgliteDatabase extends Database {
  /** The whole data directory as a tarball, for `template` (tests start from a migrated one). */
  dumpDataDir(): Promise<Blob>
  snapshot(): Promise<Blob>
}

/**
 * `dataDir` is a folder on disk, or `memory://` for a throw-away database. A folder is locked
 * for this process until `close()`: a second process on it is refused (see data-dir-lock.ts).
 */
export async function openPglite(
  dataDir: string,
  options: PgliteOptions = {},
): Promise<PgliteDatabase> {
  const release = dataDir === IN_MEMORY ? () => undefined : lockDataDir(dataDir)
  let pg: PGlite
  try {
    pg = await PGlite.create(dataDir, {
      extensions: { btree_gist },
      ...(options.template ? { loadDataDir: options.template } : {}),
    })
  } catch (error) {
    release()
    throw error
  }
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
    // Uncompressed: gzip would cost each test that loads it more than the disk space it saves.
    dumpDataDir() {
      return pg.dumpDataDir('none')
    },
    snapshot() {
      return pg.dumpDataDir('gzip')
    },
    async close() {
      try {
        await pg.close()
      } finally {
        release()
      }
    },
  }
}
