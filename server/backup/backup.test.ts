import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { openPglite } from '../db/pglite'
import { DataDirLockedError } from '../db/data-dir-lock'
import { copyMigratedDataDir } from '../db/test-database'
import { account } from '../admin/test-support'
import { ADMIN_TOKEN } from '../booking/test-fixtures'
import { buildTestApp } from '../test-app'
import { onEmbedded, onPostgres } from '../test-passes'
import { restoreDataDir } from './restore'

onEmbedded('backing up the embedded database while it serves', () => {
  let app: FastifyInstance
  let dir: string
  beforeEach(async () => {
    app = await buildTestApp({ adminToken: ADMIN_TOKEN })
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'))
  })
  afterEach(async () => {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const backup = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/backup',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/gzip')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="backup-.+\.tar\.gz"$/,
    )
    return new Blob([new Uint8Array(response.rawPayload)])
  }

  it('gives a copy that restores into a data directory with the same rows', async () => {
    await app.db.query(
      `INSERT INTO media (name, content_type, bytes, width, height) VALUES ('a.png', 'image/png', '\\x01', 1, 1)`,
    )
    const tarball = await backup()
    const dataDir = path.join(dir, 'data')
    expect(await restoreDataDir(dataDir, tarball)).toBeUndefined()
    const restored = await openPglite(dataDir)
    try {
      const { rows } = await restored.query<{ name: string }>('SELECT name FROM media')
      expect(rows).toEqual([{ name: 'a.png' }])
    } finally {
      await restored.close()
    }
  })

  it('keeps what the data directory held aside, and refuses while a server holds it', async () => {
    const tarball = await backup()
    const dataDir = path.join(dir, 'data')
    await copyMigratedDataDir(dataDir)
    const before = await openPglite(dataDir)
    await expect(restoreDataDir(dataDir, tarball)).rejects.toBeInstanceOf(DataDirLockedError)
    await before.close()
    const keptAt = await restoreDataDir(dataDir, tarball, () => Date.parse('2030-03-04T06:00:00Z'))
    expect(keptAt).toBe(`${dataDir}.before-restore-2030-03-04T06-00-00-000Z`)
    expect(fs.existsSync(path.join(keptAt!, 'PG_VERSION'))).toBe(true)
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true)
    // Three embedded databases are opened, dumped or restored: on a busy machine, over 20 s.
  }, 60_000)

  it('needs the admin token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/backup' })
    expect(response.statusCode).toBe(401)
  })

  it('is for owners only: it holds the secrets that make an owner', async () => {
    const admin = await account(app, 'admin')
    const refused = await admin.request({ method: 'GET', url: '/api/admin/backup' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'forbidden' })
    const owner = await account(app, 'owner')
    const taken = await owner.request({ method: 'GET', url: '/api/admin/backup' })
    expect(taken.statusCode).toBe(200)
    expect(taken.headers['content-type']).toBe('application/gzip')
    const { rows } = await app.db.query(
      `SELECT actor FROM audit_log WHERE action = 'backup.taken' ORDER BY id`,
    )
    expect(rows).toEqual([{ actor: owner.email }])
  })
})

onPostgres('backing up a PostgreSQL server', () => {
  it('answers 409, pointing at pg_dump', async () => {
    const app = await buildTestApp({ adminToken: ADMIN_TOKEN })
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/backup',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    await app.close()
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toContain('pg_dump')
  })
})
