import type { FormDefinition } from '../../src/lib/forms/definition'
import type { AdminRole } from '../../src/lib/admin/api-types'
import { account, type Browser } from '../admin/test-support'
import { buildFixture, type Fixture } from '../booking/test-fixtures'

/** The forms' admin API as the dashboard calls it: with a session's cookie and CSRF header. */

const DEFINITION: FormDefinition = {
  title: { en: 'Contact us' },
  pages: [{ id: 'only', fields: [{ id: 'name', type: 'shortText', label: { en: 'Name' } }] }],
}

let fixture: Fixture
const browsers = {} as Record<AdminRole, Browser>
let formId: number

beforeAll(async () => {
  fixture = await buildFixture()
  for (const role of ['owner', 'admin', 'front_desk'] as const) {
    browsers[role] = await account(fixture.app, role)
  }
  browsers.staff = await account(fixture.app, 'staff', fixture.staff.anna)
  const created = await browsers.owner.request({
    method: 'POST',
    url: '/api/admin/forms',
    payload: { slug: 'contact', kind: 'form', published: true, definition: DEFINITION },
  })
  expect(created.statusCode).toBe(201)
  formId = created.json().id
  for (const name of ['Ana', 'Bo']) {
    const answered = await fixture.app.inject({
      method: 'POST',
      url: '/api/forms/contact/responses',
      payload: { version: 1, locale: 'en', answers: { name } },
    })
    expect(answered.statusCode).toBe(201)
  }
}, 60_000)
afterAll(() => fixture.app.close())

describe("the forms' admin API with a dashboard session", () => {
  it.each(['owner', 'admin'] as const)(
    'lists the forms with their response counts, and their responses, for an %s',
    async (role) => {
      const list = await browsers[role].request({ method: 'GET', url: '/api/admin/forms' })
      expect(list.statusCode).toBe(200)
      expect(list.json().forms).toEqual([
        expect.objectContaining({ id: formId, slug: 'contact', kind: 'form', responses: 2 }),
      ])
      const responses = await browsers[role].request({
        method: 'GET',
        url: `/api/admin/forms/${formId}/responses`,
      })
      expect(responses.json().responses.map((r: { answers: object }) => r.answers)).toEqual([
        { name: 'Bo' },
        { name: 'Ana' },
      ])
      const csv = await browsers[role].request({
        method: 'GET',
        url: `/api/admin/forms/${formId}/responses.csv`,
      })
      expect(csv.statusCode).toBe(200)
      expect(csv.body).toContain('Ana')
    },
  )

  it.each(['front_desk', 'staff'] as const)('refuses every forms route to %s', async (role) => {
    for (const [method, url] of [
      ['GET', '/api/admin/forms'],
      ['GET', `/api/admin/forms/${formId}`],
      ['GET', `/api/admin/forms/${formId}/responses`],
      ['GET', `/api/admin/forms/${formId}/responses.csv`],
      ['PATCH', `/api/admin/forms/${formId}`],
      ['POST', '/api/admin/forms'],
    ] as const) {
      const response = await browsers[role].request({
        method,
        url,
        ...(method === 'GET' ? {} : { payload: { published: false } }),
      })
      expect([method, url, response.statusCode]).toEqual([method, url, 403])
      expect(response.json().code).toBe('forbidden')
    }
  })

  it('changes a form for an admin, audited, and refuses a change without the CSRF header', async () => {
    const forged = await browsers.admin.request({
      method: 'PATCH',
      url: `/api/admin/forms/${formId}`,
      payload: { published: false },
      csrf: false,
    })
    expect(forged.statusCode).toBe(403)
    expect(forged.json().message).toBe(
      'The x-csrf-token header is missing or wrong: sign in again.',
    )
    const changed = await browsers.admin.request({
      method: 'PATCH',
      url: `/api/admin/forms/${formId}`,
      payload: { published: true },
    })
    expect(changed.statusCode).toBe(200)
    const { rows } = await fixture.app.db.query<{ actor: string }>(
      `SELECT actor FROM audit_log WHERE action = 'PATCH /api/admin/forms/:id'`,
    )
    expect(rows).toEqual([{ actor: browsers.admin.email }])
  })

  it('answers 400 with the error object for a bad definition and 404 for an unknown form', async () => {
    const bad = await browsers.owner.request({
      method: 'POST',
      url: '/api/admin/forms',
      payload: { slug: 'empty', kind: 'form', definition: { title: { en: 'x' }, pages: [] } },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'invalid_request' })
    expect(bad.json().message).toEqual(expect.any(String))
    // The slug's rule says what a slug may hold (the dashboard's editor shows the same words).
    const badSlug = await browsers.owner.request({
      method: 'PATCH',
      url: '/api/admin/forms/999999',
      payload: { slug: 'Not a slug!' },
    })
    expect(badSlug.statusCode).toBe(400)
    expect(badSlug.json().message).toMatch(/must be lower-case letters, digits and -/)
    for (const url of ['/api/admin/forms/999999', '/api/admin/forms/999999/responses']) {
      const missing = await browsers.owner.request({ method: 'GET', url })
      expect([url, missing.statusCode]).toEqual([url, 404])
    }
  })
})
