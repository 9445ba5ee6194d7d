import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import createClient from 'openapi-fetch'
import type { CreatedApiKey } from '../../src/lib/admin/api-types'
import type { paths } from '../../src/lib/api/openapi-types'
import { bearer } from '../admin/test-support'
import { book, bookingRequest, buildFixture, NOW } from '../booking/test-fixtures'
import { projectRoot } from '../config'

let app: Awaited<ReturnType<typeof buildFixture>>['app']
beforeAll(async () => {
  app = (await buildFixture({ now: () => NOW })).app
  await app.listen({ host: '127.0.0.1', port: 0 })
}, 60_000)
afterAll(() => app.close())

describe('the typed client', () => {
  // In a process of its own: openapi-typescript is an ES module jest's CommonJS cannot load.
  it('is made from the description the server publishes (run `npm run api:client` after a change)', async () => {
    const check = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/api-client.ts', '--check'],
      {
        cwd: projectRoot,
      },
    )
    await expect(check).resolves.toMatchObject({ stderr: '' })
  }, 60_000)

  it('lists bookings with an API key, typed from the description', async () => {
    expect((await book(app, bookingRequest())).statusCode).toBe(201)
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: bearer,
      payload: { name: 'CRM', scopes: ['bookings:read'] },
    })
    const { key } = made.json() as CreatedApiKey
    const address = app.server.address()
    if (typeof address !== 'object' || !address) throw new Error('not listening')
    const api = createClient<paths>({
      baseUrl: `http://127.0.0.1:${address.port}`,
      headers: { authorization: `Bearer ${key}` },
    })
    const { data, error } = await api.GET('/api/admin/bookings', {
      params: { query: { tab: 'upcoming' } },
    })
    expect(error).toBeUndefined()
    expect(data?.bookings.map((booking) => booking.contact.email)).toEqual(['ana@example.com'])
    const refused = await api.POST('/api/admin/bookings/{id}/cancel', {
      params: { path: { id: data!.bookings[0]!.id } },
      body: { reason: 'Testing' },
    })
    expect(refused.response.status).toBe(403)
    expect(refused.error?.code).toBe('missing_scope')
  })
})
