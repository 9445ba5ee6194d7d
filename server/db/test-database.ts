import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { projectRoot, readConfig } from '../config'
import type { Database, Queryable } from './database'
import { listMigrations, migrate, migrationsDir } from './migrate'
import { IN_MEMORY, openPglite } from './pglite'
import { openPostgres } from './postgres'
import { setupTransaction } from './setup-lock'

/**
 * Databases for tests that cost milliseconds, not the seconds of a fresh PGlite (its initdb alone
 * takes 1.5-3 s on a quiet machine, several times that on a busy one) plus every migration.
 *
 * - PGlite: the migrated data directory is dumped once to a tarball in node_modules/.cache,
 *   named after the migrations it holds (the server project's globalSetup makes it); each test
 *   file loads its databases from it. Tests of whole processes (start-up, shutdown, the CLI)
 *   start from a copy of the same data directory unpacked on disk beside it.
 * - PostgreSQL (DATABASE_URL): each database is a schema of its own, migrated once.
 * - Either way a closed database is not thrown away: it is put back as the migrations left it
 *   (rows, identity counters, session state) and the file's next test gets it. One that a test
 *   changed in shape (a table created, a column added) is dropped instead of put back.
 */

const TEMPLATE_DIR = path.join(projectRoot, 'node_modules', '.cache', 'test-database')

/** The template's path without its extension: the tarball adds `.tar`, the unpacked folder nothing. */
async function templateName(): Promise<string> {
  const hash = crypto.createHash('sha256')
  const pglite = await fs.readFile(
    path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  )
  hash.update(pglite)
  // How migrations are recorded, and how the template is made, are part of its state too.
  hash.update(await fs.readFile(path.join(__dirname, 'migrate.ts')))
  hash.update(await fs.readFile(__filename))
  for (const name of await listMigrations()) {
    hash
      .update(name)
      .update('\0')
      .update(await fs.readFile(path.join(migrationsDir, name)))
  }
  return path.join(TEMPLATE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}`)
}

/** Marks a template used now (its time says when it was last used: see below); whether it exists. */
async function touch(file: string): Promise<boolean> {
  const now = new Date()
  return fs.utimes(file, now, now).then(
    () => true,
    () => false,
  )
}

/** Makes the migrated PGlite tarball unless the current migrations already have one; its path. */
export async function preparePgliteTemplate(): Promise<string> {
  const file = `${await templateName()}.tar`
  if (await touch(file)) return file
  const db = await openPglite(IN_MEMORY)
  try {
    await migrate(db)
    // The template databases are a third of the data directory, which every test file loads,
    // and nothing here creates a database from them.
    await db.exec(
      `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    )
    // One statement each: DROP DATABASE refuses to run in the transaction a script runs in.
    for (const statement of ['DROP DATABASE template0', 'DROP DATABASE template1', 'CHECKPOINT']) {
      await db.exec(statement)
    }
    const tarball = Buffer.from(await (await db.dumpDataDir()).arrayBuffer())
    await fs.mkdir(TEMPLATE_DIR, { recursive: true })
    // Written aside and renamed: parallel workers may build it at once and must never read half.
    const partial = `${file}.${process.pid}.partial`
    await fs.writeFile(partial, tarball)
    await fs.rename(partial, file)
  } finally {
    await db.close()
  }
  await removeUnusedTemplates(file)
  return file
}

/**
 * The migrated data directory unpacked on disk, made from the tarball unless the current
 * migrations already have it; its path. Nothing opens it: it is only copied.
 */
export async function preparePgliteTemplateDir(): Promise<string> {
  const tarball = await preparePgliteTemplate()
  const dir = tarball.slice(0, -'.tar'.length)
  if (await touch(dir)) return dir
  const partial = `${dir}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.partial`
  const db = await openPglite(partial, { template: new Blob([await fs.readFile(tarball)]) })
  await db.close()
  // Renamed when complete, as the tarball. A folder is not replaced by a rename: when another
  // process finished first, its copy is as good as ours.
  await fs.rename(partial, dir).catch(async (error: NodeJS.ErrnoException) => {
    await fs.rm(partial, { recursive: true, force: true })
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
  })
  return dir
}

/**
 * Puts a migrated embedded database in `dataDir`, a new folder, as a process's first start leaves
 * it before loading any demo (less the template databases, see preparePgliteTemplate): copying it
 * takes a fraction of the seconds that PGlite's initdb and every migration take in the started
 * process.
 */
export async function copyMigratedDataDir(dataDir: string): Promise<void> {
  await fs.cp(await preparePgliteTemplateDir(), dataDir, { recursive: true })
}

/**
 * Other migrations' templates (and the leftovers of a run killed while making one) go once unused
 * for a day, not at once: a run in another checkout or terminal that shares node_modules may still
 * be about to read its own.
 */
async function removeUnusedTemplates(current: string) {
  const now = Date.now()
  const currentDir = current.slice(0, -'.tar'.length)
  for (const name of await fs.readdir(TEMPLATE_DIR)) {
    const other = path.join(TEMPLATE_DIR, name)
    if (other === current || other === currentDir || !/^pglite-[\w.-]+$/.test(name)) continue
    const lastUsed = (await fs.stat(other).catch(() => undefined))?.mtimeMs ?? now
    if (now - lastUsed > 24 * 60 * 60_000) await fs.rm(other, { recursive: true, force: true })
  }
}

/**
 * Extensions are database-wide. Created by the first test schema's migration they would live in
 * that schema and vanish, with every exclusion constraint built on them in the other test
 * schemas, when it is dropped; created in `public` first, migration 001 finds them there.
 */
export async function preparePostgres(url: string): Promise<void> {
  const db = await openPostgres(url)
  try {
    await setupTransaction(db, (tx) =>
      tx.exec('CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public'),
    )
  } finally {
    await db.close()
  }
}

/** The state the migrations leave, to put a used database back to. */
interface Baseline {
  tables: string[]
  rows: { table: string; columns: string[]; json: string }[]
  sequences: { name: string; value: number; isCalled: boolean }[]
  shape: string
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Everything a test could add to or change in the schema, as one hash. A column dropped and added
 * back in the same place is the same shape: the dropped one is only a hidden leftover.
 */
async function shapeOf(db: Queryable, schema: string): Promise<string> {
  const { rows } = await db.query<{ shape: string }>(
    `SELECT md5(string_agg(item, ',' ORDER BY item)) AS shape FROM (
       SELECT 'rel ' || c.relname || ' ' || c.relkind::text || ' ' || a.attname || ' '
              || format_type(a.atttypid, a.atttypmod) || ' '
              || row_number() OVER (PARTITION BY c.oid ORDER BY a.attnum) AS item
         FROM pg_class c
         LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE c.relnamespace = $1::regnamespace
       UNION ALL SELECT 'proc ' || p.oid::regprocedure::text FROM pg_proc p
        WHERE p.pronamespace = $1::regnamespace
       UNION ALL SELECT 'con ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
        WHERE connamespace = $1::regnamespace
       UNION ALL SELECT 'trg ' || t.tgname || ' ' || t.tgenabled::text FROM pg_trigger t
         JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = $1::regnamespace
       UNION ALL SELECT 'type ' || typname FROM pg_type WHERE typnamespace = $1::regnamespace
     ) items`,
    [schema],
  )
  return rows[0]?.shape ?? ''
}

async function baselineOf(db: Queryable, schema: string): Promise<Baseline> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class
      WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'p') ORDER BY relname`,
    [schema],
  )
  const rows: Baseline['rows'] = []
  for (const { name } of tables) {
    const table = `${quote(schema)}.${quote(name)}`
    const { rows: data } = await db.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${table} t`,
    )
    const json = data[0]?.json
    if (!json) continue
    // Generated columns are computed again on insert and may not be given.
    const { rows: columns } = await db.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
      [table],
    )
    rows.push({ table, columns: columns.map((column) => quote(column.name)), json })
  }
  const { rows: sequences } = await db.query<{ name: string; value: number; isCalled: boolean }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name,
            COALESCE(last_value, start_value)::float8 AS value, last_value IS NOT NULL AS "isCalled"
       FROM pg_sequences WHERE schemaname = $1`,
    [schema],
  )
  return {
    tables: tables.map(({ name }) => `${quote(schema)}.${quote(name)}`),
    rows,
    sequences,
    shape: await shapeOf(db, schema),
  }
}

/**
 * Puts the rows and counters back, in one script: triggers and foreign keys stay quiet while it
 * runs. DELETE, not TRUNCATE: on tables this small it is several times faster (no new files).
 */
async function restore(db: Database, baseline: Baseline) {
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`
  const script = [
    'SET LOCAL session_replication_role = replica',
    ...baseline.tables.map((table) => `DELETE FROM ${table}`),
    ...baseline.rows.map(({ table, columns, json }) => {
      const list = columns.join(', ')
      return `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE
              SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${literal(json)})`
    }),
    ...baseline.sequences.map(
      ({ name, value, isCalled }) => `SELECT setval(${literal(name)}, ${value}, ${isCalled})`,
    ),
  ]
  await db.transaction((tx) => tx.exec(script.join(';\n')))
}

/** One reusable database: a PGlite instance, or a PostgreSQL schema with a pool on it. */
interface Slot {
  /** The PostgreSQL it lives in; undefined for PGlite. */
  databaseUrl: string | undefined
  schema: string
  baseline: Baseline
  db: Database
  /** Makes the database clean for the next test; false when it cannot be and must go. */
  recycle(): Promise<boolean>
  destroy(): Promise<void>
}

async function pgliteSlot(template: Blob): Promise<Slot> {
  const db = await openPglite(IN_MEMORY, { template })
  await migrate(db)
  const baseline = await baselineOf(db, 'public')
  return {
    databaseUrl: undefined,
    schema: 'public',
    baseline,
    db,
    async recycle() {
      // Session state too: advisory locks, LISTEN, temporary tables, settings.
      await db.exec('DISCARD ALL')
      await restore(db, baseline)
      return (await shapeOf(db, 'public')) === baseline.shape
    },
    destroy: () => db.close(),
  }
}

async function postgresSlot(url: string): Promise<Slot> {
  const schema = `test_${crypto.randomBytes(6).toString('hex')}`
  let db = await openPostgres(url, schema)
  await migrate(db)
  const baseline = await baselineOf(db, schema)
  const dropSchema = async () => {
    const admin = await openPostgres(url)
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => admin.close())
  }
  const slot: Slot = {
    databaseUrl: url,
    schema,
    baseline,
    db,
    async recycle() {
      // A new pool each time: the old one's sessions may hold locks or settings a test left.
      await db.close()
      db = await openPostgres(url, schema)
      slot.db = db
      await restore(db, baseline)
      return (await shapeOf(db, schema)) === baseline.shape
    },
    async destroy() {
      await db.close().catch(() => undefined)
      await dropSchema()
    },
  }
  return slot
}

const idle: Slot[] = []
const inUse = new Set<Slot>()
let template: Promise<Blob> | undefined

async function newSlot(databaseUrl: string | undefined): Promise<Slot> {
  if (databaseUrl) return postgresSlot(databaseUrl)
  template ??= preparePgliteTemplate()
    .then((file) => fs.readFile(file))
    .then((bytes) => new Blob([bytes]))
  return pgliteSlot(await template)
}

/**
 * A migrated, empty database of this test's own: PGlite, or a schema in the PostgreSQL at
 * `databaseUrl` (DATABASE_URL by default). Its `close()` hands it back for the next test; using
 * it after that throws.
 */
export async function openTestDatabase(
  databaseUrl = readConfig(process.env).databaseUrl,
): Promise<Database> {
  const index = idle.findIndex((slot) => slot.databaseUrl === databaseUrl)
  const slot = index >= 0 ? idle.splice(index, 1)[0]! : await newSlot(databaseUrl)
  inUse.add(slot)
  let closed = false
  const open = () => {
    if (closed) throw new Error('this test database was closed')
    return slot.db
  }
  return {
    kind: slot.db.kind,
    query: (sql, params) => open().query(sql, params),
    exec: (sql) => open().exec(sql),
    transaction: (work) => open().transaction(work),
    ...(slot.db.snapshot ? { snapshot: () => open().snapshot!() } : {}),
    async close() {
      if (closed) return
      closed = true
      inUse.delete(slot)
      const clean = await slot.recycle().catch(() => false)
      if (clean) idle.push(slot)
      else await slot.destroy().catch(() => undefined)
    },
  }
}

/** Closes every database of this test file (the server project runs it after each file). */
export async function closeTestDatabases(): Promise<void> {
  const slots = [...idle.splice(0), ...inUse]
  inUse.clear()
  await Promise.all(slots.map((slot) => slot.destroy().catch(() => undefined)))
}
