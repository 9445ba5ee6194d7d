import { buildTestApp } from '../test-app'

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
