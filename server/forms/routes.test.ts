import type { FastifyInstance } from 'fastify'
import type { FormDefinition } from '../../src/lib/forms/definition'
import { SURVEY } from '../../src/lib/forms/test-forms'
import { buildTestApp } from '../test-app'
import { seedDemoForms } from './seed'

const ADMIN_TOKEN = 'forms-test-token-0123456789abcdefgh'
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

const FORM: FormDefinition = {
  title: { en: 'Contact us' },
  thankYou: { en: 'Thanks!', de: 'Danke!' },
  redirectUrl: 'https://clinic.example/thanks',
  pages: [
    {
      id: 'only',
      fields: [
        { id: 'name', type: 'shortText', label: { en: 'Name' }, required: true },
        { id: 'question', type: 'longText', label: { en: 'Question' } },
      ],
    },
  ],
}

let app: FastifyInstance
beforeEach(async () => {
  app = await buildTestApp({ adminToken: ADMIN_TOKEN })
})
afterEach(() => app.close())

async function create(body: object) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/forms',
    headers: admin,
    payload: body,
  })
  return response
}

const respond = (form: string | number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/forms/${form}/responses`, payload })

const responseCount = async () =>
  Number(
    (await app.db.query<{ count: string }>('SELECT count(*) FROM form_responses')).rows[0]!.count,
  )

describe('forms over the API', () => {
  it('serves a published form by id and by slug, and hides drafts and unknown ones', async () => {
    const { id } = (
      await create({ slug: 'contact', kind: 'form', published: true, definition: FORM })
    ).json()
    const byId = await app.inject({ method: 'GET', url: `/api/forms/${id}` })
    const bySlug = await app.inject({ method: 'GET', url: '/api/forms/contact' })
    expect(byId.statusCode).toBe(200)
    expect(byId.json()).toEqual({ id, slug: 'contact', kind: 'form', version: 1, definition: FORM })
    expect(bySlug.json()).toEqual(byId.json())
    await create({ slug: 'draft', kind: 'form', definition: FORM })
    for (const url of ['/api/forms/draft', '/api/forms/nope', '/api/forms/999999']) {
      const missing = await app.inject({ method: 'GET', url })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toMatchObject({ statusMessage: 'Form not found', code: 'not_found' })
    }
  })

  it("stores a response, answering with the thank-you text in the visitor's language", async () => {
    await create({ slug: 'contact', kind: 'form', published: true, definition: FORM })
    const created = await respond('contact', { version: 1, locale: 'de', answers: { name: 'Ana' } })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual({
      id: expect.any(Number),
      thankYou: 'Danke!',
      redirectUrl: 'https://clinic.example/thanks',
    })
    const events = await app.db.query('SELECT type, payload FROM form_events')
    expect(events.rows).toEqual([
      {
        type: 'form.submitted',
        payload: {
          formId: expect.any(Number),
          responseId: created.json().id,
          version: 1,
          bookingId: null,
        },
      },
    ])
  })

  it('queues form.submitted for the webhooks that want it, without the answers', async () => {
    const { rows } = await app.db.query<{ id: number }>(
      `INSERT INTO providers (slug, name, time_zone) VALUES ('clinic', 'Clinic', 'UTC') RETURNING id`,
    )
    await app.db.query(
      `INSERT INTO webhook_endpoints (provider_id, url, secret, event_types)
       VALUES ($1, 'https://hooks.example/a', 'whsec_x', '{form.submitted}'),
              ($1, 'https://hooks.example/b', 'whsec_y', '{booking.created}')`,
      [rows[0]!.id],
    )
    await create({ slug: 'contact', kind: 'form', published: true, definition: FORM })
    const created = await respond('contact', { version: 1, locale: 'en', answers: { name: 'Ana' } })
    const deliveries = await app.db.query<{ eventType: string; payload: { data: object } }>(
      `SELECT event_type AS "eventType", payload FROM webhook_deliveries`,
    )
    expect(deliveries.rows).toEqual([
      {
        eventType: 'form.submitted',
        payload: {
          type: 'form.submitted',
          timestamp: expect.any(String),
          data: {
            formId: expect.any(Number),
            form: 'contact',
            responseId: created.json().id,
            version: 1,
            bookingId: null,
            provider: 'clinic',
          },
        },
      },
    ])
    const jobs = await app.db.query(`SELECT type FROM jobs WHERE type = 'webhooks.deliver'`)
    expect(jobs.rows).toHaveLength(1)
  })

  it('refuses bad answers with the error object and stores nothing', async () => {
    await create({ slug: 'contact', kind: 'form', published: true, definition: FORM })
    const cases: [object, number, object][] = [
      [
        { version: 1, locale: 'en', answers: {} },
        400,
        { fields: { name: 'This field is required.' } },
      ],
      [
        { version: 1, locale: 'en', answers: { name: 'A', extra: 1 } },
        400,
        { fields: { extra: '"extra" is not allowed' } },
      ],
      [
        { version: 1, locale: 'en', answers: { name: 5 } },
        400,
        { fields: { name: '"name" must be a string' } },
      ],
      [
        { version: 1, locale: 'en', answers: { name: 'x'.repeat(501) } },
        400,
        { code: 'invalid_request' },
      ],
      [
        { version: 7, locale: 'en', answers: { name: 'A' } },
        400,
        { statusMessage: 'This version of the form does not exist.' },
      ],
      [{ version: 1, locale: 'xx', answers: { name: 'A' } }, 400, { code: 'invalid_request' }],
      [{ version: 1, locale: 'en', answers: [] }, 400, { code: 'invalid_request' }],
    ]
    for (const [payload, status, body] of cases) {
      const answer = await respond('contact', payload)
      expect({ status: answer.statusCode, body: answer.json() }).toMatchObject({ status, body })
    }
    await create({ slug: 'draft', kind: 'form', definition: FORM })
    expect(
      (await respond('draft', { version: 1, locale: 'en', answers: { name: 'A' } })).statusCode,
    ).toBe(404)
    expect(await responseCount()).toBe(0)
  })

  it('keeps old versions: a response to the version the visitor saw is checked against it', async () => {
    const { id } = (
      await create({ slug: 'contact', kind: 'form', published: true, definition: FORM })
    ).json()
    const edited: FormDefinition = {
      ...FORM,
      pages: [
        {
          id: 'only',
          fields: [{ id: 'email', type: 'email', label: { en: 'E-mail' }, required: true }],
        },
      ],
    }
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/admin/forms/${id}`,
      headers: admin,
      payload: { definition: edited },
    })
    expect(patched.json()).toEqual({ id, version: 2 })
    expect(
      (await respond(id, { version: 1, locale: 'en', answers: { name: 'Old' } })).statusCode,
    ).toBe(201)
    expect(
      (await respond(id, { version: 2, locale: 'en', answers: { email: 'a@b.example' } }))
        .statusCode,
    ).toBe(201)
    const stale = await respond(id, { version: 2, locale: 'en', answers: { name: 'Old' } })
    expect(stale.json().fields).toEqual({
      name: '"name" is not allowed',
      email: 'This field is required.',
    })
    const published = await app.inject({
      method: 'PATCH',
      url: `/api/admin/forms/${id}`,
      headers: admin,
      payload: { published: false },
    })
    expect(published.json()).toEqual({ id, version: 2 })
  })

  it('refuses definitions whose rules go round in a circle, and a form of several pages', async () => {
    const circle = await create({
      slug: 'loop',
      kind: 'survey',
      definition: {
        ...SURVEY,
        rules: [{ when: { field: 'score', equals: 0 }, then: { action: 'jump', page: 'visit' } }],
      },
    })
    expect(circle.statusCode).toBe(400)
    expect(circle.json().statusMessage).toBe(
      'The rules can send a visitor round in a circle: visit → more → visit',
    )
    const pages = await create({ slug: 'pages', kind: 'form', definition: SURVEY })
    expect(pages.json().message).toContain('A form has one page; a survey has several')
    const taken = await create({ slug: 'survey', kind: 'survey', definition: SURVEY })
    expect(taken.statusCode).toBe(201)
    expect((await create({ slug: 'survey', kind: 'survey', definition: SURVEY })).statusCode).toBe(
      409,
    )
  })

  it("follows a survey's rules: a jump skips a page, whose required fields are then not asked", async () => {
    await create({ slug: 'survey', kind: 'survey', published: true, definition: SURVEY })
    const top = await respond('survey', {
      version: 1,
      locale: 'en',
      answers: { rating: 5, ok: true, score: 9 },
    })
    expect(top.statusCode).toBe(201)
    const stored = await app.db.query('SELECT answers FROM form_responses')
    expect(stored.rows).toEqual([{ answers: { rating: 5, ok: true } }])
    const low = await respond('survey', {
      version: 1,
      locale: 'en',
      answers: { rating: 1, ok: true },
    })
    expect(low.json().fields).toEqual({ why: 'This field is required.' })
  })

  it('pages through responses, newest first, and exports them as CSV', async () => {
    const { id } = (
      await create({ slug: 'survey', kind: 'survey', published: true, definition: SURVEY })
    ).json()
    for (const name of ['=HYPERLINK("x")', 'Bo, "the" second', '@third']) {
      await respond('survey', {
        version: 1,
        locale: 'en',
        answers: { rating: 3, topics: ['back', 'neck'], name, ok: true },
      })
    }
    const first = await app.inject({
      method: 'GET',
      url: `/api/admin/forms/${id}/responses?limit=2`,
      headers: admin,
    })
    expect(
      first.json().responses.map((r: { answers: { name: string } }) => r.answers.name),
    ).toEqual(['@third', 'Bo, "the" second'])
    const rest = await app.inject({
      method: 'GET',
      url: `/api/admin/forms/${id}/responses?limit=2&before=${first.json().next}`,
      headers: admin,
    })
    expect(rest.json()).toMatchObject({
      responses: [{ answers: { name: '=HYPERLINK("x")' } }],
      next: null,
    })

    await app.inject({
      method: 'PATCH',
      url: `/api/admin/forms/${id}`,
      headers: admin,
      payload: { definition: { ...SURVEY, pages: SURVEY.pages.slice(0, 1), rules: [] } },
    })
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/forms/${id}/responses.csv`,
      headers: admin,
    })
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="survey-responses.csv"')
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Response,Submitted at,Version,Language,Booking,Your visit,What went wrong?,What did we treat?,' +
        'Recommend us? (deleted),E-mail (deleted),Phone (deleted),Age (deleted),Date (deleted),' +
        'Come again? (deleted),Name (deleted),You may contact me (deleted)',
    )
    expect(lines[1]).toMatch(/^\d+,[^,]+,1,en,,3,,Back \| =Neck,,,,,,,"'=HYPERLINK\(""x""\)",yes$/)
    expect(lines[2]).toMatch(/,"Bo, ""the"" second",yes$/)
    expect(lines[3]).toMatch(/,'@third,yes$/)
  })

  it("needs the admin token for the business's side", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/forms' })
    expect(response.statusCode).toBe(401)
  })
})

describe('the demo forms', () => {
  it('loads an intake on the consultation and a survey with one rule, once', async () => {
    const demo = await buildTestApp({}, { seedDemo: true })
    try {
      expect(await seedDemoForms(demo.db)).toBe(false)
      const { rows } = await demo.db.query<{ slug: string; kind: string; intake: string | null }>(
        `SELECT f.slug, f.kind, string_agg(s.slug, ',') AS intake
           FROM forms f LEFT JOIN services s ON s.intake_form_id = f.id GROUP BY f.id ORDER BY f.id`,
      )
      expect(rows).toEqual([
        { slug: 'new-patient-intake', kind: 'form', intake: 'consultation' },
        { slug: 'satisfaction', kind: 'survey', intake: null },
      ])
    } finally {
      await demo.close()
    }
  })
})
