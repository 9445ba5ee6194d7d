import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../app'
import { readConfig } from '../config'
import { openTestDatabase } from '../db/test-database'
import { BUILD_STAMP_FILE, formatBuildStamp } from '../site/build-stamp'
import { buildTestApp } from '../test-app'

let publicDir: string

beforeAll(async () => {
  publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'health-site-'))
})
afterAll(() => fs.rm(publicDir, { recursive: true, force: true }))

describe('GET /api/health', () => {
  it('answers ok with the kind of database in use', async () => {
    const app = await buildTestApp()
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      site: 'ready',
    })
    await app.close()
  })
})

describe('GET /api/health/live', () => {
  it('answers ok while the process runs, whatever the site', async () => {
    const app = await buildTestApp()
    const response = await app.inject({ method: 'GET', url: '/api/health/live' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    await app.close()
  })
})

describe('GET /api/health/ready', () => {
  const ready = { database: 'ok', migrations: 'ok', site: 'ok' }

  it('is ready with the database migrated and the site present', async () => {
    const app = await buildTestApp({ publicDir })
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ready: true, checks: ready })
    await app.close()
  })

  it('is not ready, naming the folder, while the site folder is missing', async () => {
    const missing = path.join(publicDir, 'not-built-yet')
    const app = await buildTestApp({ publicDir: missing })
    const notYet = await app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(notYet.statusCode).toBe(503)
    expect(notYet.json()).toEqual({
      ready: false,
      checks: { ...ready, site: `the site folder ${missing} (PUBLIC_DIR) is missing` },
    })
    await fs.mkdir(missing)
    const built = await app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(built.statusCode).toBe(200)
    await app.close()
  })

  it('is not ready in production while the site was built for another SITE_URL', async () => {
    const site = path.join(publicDir, 'built-for')
    await fs.mkdir(site)
    await fs.writeFile(path.join(site, BUILD_STAMP_FILE), formatBuildStamp('abc', 'http://a.test/'))
    const serving = (siteUrl: string, production = true) =>
      buildTestApp({ publicDir: site, production, siteUrl })
    const elsewhere = await serving('https://clinic.example')
    const response = await elsewhere.inject({ method: 'GET', url: '/api/health/ready' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({
      ready: false,
      checks: {
        ...ready,
        site:
          `the site in ${site} was built for http://a.test, not for SITE_URL ` +
          'https://clinic.example: run `npm run build` with SITE_URL=https://clinic.example, ' +
          'then restart',
      },
    })
    await elsewhere.close()
    for (const app of [await serving('http://a.test'), await serving('https://x.test', false)]) {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200)
      await app.close()
    }
  })

  it('is not ready when a migration this code needs is not applied', async () => {
    const app = await buildTestApp({ publicDir })
    await app.db.query(`DELETE FROM schema_migrations WHERE name = '008-clinic-site.sql'`)
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({
      ready: false,
      checks: { ...ready, migrations: 'not applied: 008-clinic-site.sql' },
    })
    await app.close()
  })

  it('is not ready while the database does not answer', async () => {
    const database = await openTestDatabase()
    let down = false
    const app = await buildApp({
      config: { ...readConfig(process.env), publicDir, jobsPollMs: 0 },
      database: {
        ...database,
        query: (sql, params) =>
          down ? Promise.reject(new Error('connection lost')) : database.query(sql, params),
      },
      logger: false,
    })
    down = true
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({
      ready: false,
      checks: { database: 'the database is not answering', migrations: 'unknown', site: 'ok' },
    })
    down = false
    await app.close()
  })
})
