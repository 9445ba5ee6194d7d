import { buildTestApp } from './test-app'

// Each test opens a database with every migration (some with the demo seed): on a loaded machine
// that alone has taken longer than the suite's 20 s.
jest.setTimeout(60_000)

describe('the admin API of the demo (npm start without ADMIN_TOKEN)', () => {
  it('works with a token made for the demo database, kept across restarts', async () => {
    const app = await buildTestApp({ adminToken: undefined }, { seedDemo: true })
    try {
      const { rows } = await app.db.query<{ value: Uint8Array }>(
        `SELECT value FROM server_secrets WHERE name = 'demo-admin-token'`,
      )
      const token = Buffer.from(rows[0]!.value).toString()
      expect(token).toMatch(/^[0-9a-f]{48}$/)
      const outbox = await app.inject({
        method: 'GET',
        url: '/api/admin/outbox',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(outbox.statusCode).toBe(200)
      const refused = await app.inject({ method: 'GET', url: '/api/admin/outbox' })
      expect(refused.statusCode).toBe(401)
    } finally {
      await app.close()
    }
  })

  it('has no token in production, and without the demo: only accounts may sign in', async () => {
    for (const [config, options] of [
      [{ adminToken: undefined, production: true }, { seedDemo: true }],
      [{ adminToken: undefined }, { seedDemo: false }],
    ] as const) {
      const app = await buildTestApp(config, options)
      try {
        const anonymous = await app.inject({ method: 'GET', url: '/api/admin/outbox' })
        expect(anonymous.statusCode).toBe(401)
        const token = await app.inject({
          method: 'GET',
          url: '/api/admin/outbox',
          headers: { authorization: `Bearer ${'x'.repeat(48)}` },
        })
        expect(token.statusCode).toBe(403)
        expect(token.json()).toMatchObject({
          message: expect.stringMatching(/ADMIN_TOKEN/),
          code: 'tokens_switched_off',
        })
      } finally {
        await app.close()
      }
    }
  })
})
