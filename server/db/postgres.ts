import pg from 'pg'
import { StartupError } from '../startup-error'
import { DatabaseBusy, type Database, type Queryable, type QueryResult } from './database'

// Bigint counts and timestamps come back as JS values the same way PGlite returns them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

function toResult<Row>(r: pg.QueryResult): QueryResult<Row> {
  return { rows: r.rows as Row[], affectedRows: r.rowCount ?? 0 }
}

/** An unreachable server waits this long for an answer before the start gives up, not forever. */
export const CONNECT_TIMEOUT_MS = 5_000

// Network errors, and PostgreSQL refusing the login: wrong address, no server, no such database,
// wrong password. Anything else (a failing statement) is not about reaching the database.
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
const LOGIN_REFUSED = new Set(['28000', '28P01'])

/** Where DATABASE_URL points, without its password. */
function describeUrl(url: string): { server: string; database: string } {
  const { hostname, port, pathname } = new URL(url)
  return { server: `${hostname}:${port || 5432}`, database: decodeURIComponent(pathname.slice(1)) }
}

/** One line for a failed first connection the operator can fix, or undefined for anything else. */
function explainConnectError(error: unknown, url: string): StartupError | undefined {
  // Node tries every address of a name (IPv6 and IPv4) and reports them together.
  const first = (error as { errors?: unknown[] }).errors?.[0] ?? error
  const code = (error as { code?: string }).code ?? (first as { code?: string }).code
  const { server, database } = describeUrl(url)
  const where = `${server}/${database}`
  if (code === '3D000') {
    return new StartupError(
      `The database "${database}" does not exist on ${server}: create it ` +
        `(createdb ${database}) or fix DATABASE_URL.`,
    )
  }
  if (code && LOGIN_REFUSED.has(code)) {
    return new StartupError(
      `PostgreSQL at ${where} refused the login (${(error as Error).message}): fix the user ` +
        'or password in DATABASE_URL.',
    )
  }
  const timedOut = /timeout/i.test((error as Error).message ?? '')
  if (timedOut || (code && UNREACHABLE.has(code))) {
    const reason = timedOut ? `no answer within ${CONNECT_TIMEOUT_MS / 1000} s` : code
    return new StartupError(
      `Cannot reach PostgreSQL at ${where} (${reason}): start it, or fix DATABASE_URL.`,
    )
  }
  return undefined
}

/** How many connections one process keeps to PostgreSQL (DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10

export interface PoolOptions {
  /** Connections at most; more statements at once wait for one to come free. */
  size?: number
  /**
   * How long a statement waits for a free connection (and a new connection for its server)
   * before it gives up; tests of an exhausted pool shorten it.
   */
  waitMs?: number
}

// What pg-pool rejects a checkout with when no connection came free within the wait.
const POOL_WAIT_EXCEEDED = 'timeout exceeded when trying to connect'

/** A statement that found every connection busy for the whole wait is an overload. */
function overloadOr(error: unknown, waitMs: number): unknown {
  return error instanceof Error && error.message === POOL_WAIT_EXCEEDED
    ? new DatabaseBusy(waitMs)
    : error
}

/**
 * `schema` isolates one app instance's tables inside a shared database (tests run in parallel
 * against one PostgreSQL); extensions stay in `public`, which remains on the search path.
 */
export async function openPostgres(
  url: string,
  schema?: string,
  { size = DEFAULT_POOL_SIZE, waitMs = CONNECT_TIMEOUT_MS }: PoolOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: waitMs,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  })
  const query = async (sql: string, params?: unknown[]) => {
    try {
      return await pool.query(sql, params)
    } catch (error) {
      throw overloadOr(error, waitMs)
    }
  }
  // The first statement connects: a database that cannot be reached is refused in one line.
  try {
    await pool.query(schema ? `CREATE SCHEMA IF NOT EXISTS ${schema}` : 'SELECT 1')
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw explainConnectError(error, url) ?? error
  }
  return {
    kind: 'postgres',
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async query<Row>(sql: string, params: unknown[] = []) {
      return toResult<Row>(await query(sql, params))
    },
    async transaction(work) {
      const client = await pool.connect().catch((error: unknown) => {
        throw overloadOr(error, waitMs)
      })
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
      await query(sql)
    },
    async close() {
      await pool.end()
    },
  }
}
