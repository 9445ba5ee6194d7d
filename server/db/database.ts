/** The one interface the server uses for SQL, whether PGlite or PostgreSQL sits behind it. */
export type DatabaseKind = 'pglite' | 'postgres'

export interface QueryResult<Row> {
  rows: Row[]
  affectedRows: number
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: DatabaseKind
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * The embedded database's whole data directory as a gzipped tarball, taken between two
   * queries while it serves: a crash-consistent copy, which PostgreSQL recovers on opening as
   * after a power cut (an open transaction is rolled back). PostgreSQL has pg_dump instead.
   */
  snapshot?(): Promise<Blob>
  close(): Promise<void>
  /** PostgreSQL's pool: connections open, idle, and statements waiting for one (the metrics). */
  poolStats?(): { total: number; idle: number; waiting: number }
}

/**
 * Every connection of the pool stayed busy for as long as a statement may wait for one: the
 * server is overloaded, not broken, so requests are answered 503 with Retry-After (errors.ts)
 * and the job runner tries again at its next poll.
 */
export class DatabaseBusy extends Error {
  constructor(readonly waitedMs: number) {
    super(`Every database connection stayed busy for ${waitedMs} ms`)
    this.name = 'DatabaseBusy'
  }
}
