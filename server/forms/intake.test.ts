import type { FormDefinition } from '../../src/lib/forms/definition'
import {
  ADMIN_TOKEN,
  book,
  bookingRequest,
  buildFixture,
  type Fixture,
} from '../booking/test-fixtures'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

const INTAKE: FormDefinition = {
  title: { en: 'Before your visit', de: 'Vor Ihrem Besuch' },
  pages: [
    {
      id: 'intake',
      fields: [
        {
          id: 'reason',
          type: 'singleChoice',
          label: { en: 'What brings you to us?' },
          required: true,
          options: [
            { id: 'back', label: { en: 'Back pain' } },
            { id: 'knee', label: { en: 'Knee pain' } },
          ],
        },
        { id: 'pain', type: 'score', label: { en: 'Pain today' } },
      ],
    },
  ],
}

let fixture: Fixture
let formId: number
beforeEach(async () => {
  fixture = await buildFixture()
  const created = await fixture.app.inject({
    method: 'POST',
    url: '/api/admin/forms',
    headers: admin,
    payload: { slug: 'intake', kind: 'form', definition: INTAKE },
  })
  formId = created.json().id
  const attached = await fixture.app.inject({
    method: 'PATCH',
    url: `/api/admin/services/${fixture.services.consult}`,
    headers: admin,
    payload: { intakeFormId: formId },
  })
  expect(attached.statusCode).toBe(200)
})
afterEach(() => fixture.app.close())

const consultation = () =>
  bookingRequest({ lines: [{ serviceId: fixture.services.consult, staffId: null, guestIndex: 0 }] })

describe('intake questions on a booking', () => {
  it("offers the service's intake form, even unpublished, to the details step", async () => {
    const service = await fixture.app.inject({ method: 'GET', url: '/api/services/consult' })
    expect(service.json().intakeFormId).toBe(formId)
    const form = await fixture.app.inject({ method: 'GET', url: `/api/intake-forms/${formId}` })
    expect(form.json()).toEqual({
      id: formId,
      slug: 'intake',
      kind: 'form',
      version: 1,
      definition: INTAKE,
    })
    // Not on its own page: it is unpublished.
    expect(
      (await fixture.app.inject({ method: 'GET', url: `/api/forms/${formId}` })).statusCode,
    ).toBe(404)
    const yoga = await fixture.app.inject({ method: 'GET', url: `/api/intake-forms/${formId + 1}` })
    expect(yoga.statusCode).toBe(404)
  })

  it('refuses a booking whose required intake questions are unanswered, and books nothing', async () => {
    const missing = await book(fixture.app, consultation())
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      statusMessage: 'This field is required.',
      fields: { [`intake.f${formId}.reason`]: 'This field is required.' },
    })
    const wrong = await book(fixture.app, {
      ...consultation(),
      intake: [{ formId, version: 1, locale: 'en', answers: { reason: 'hip', pain: 11 } }],
    })
    expect(wrong.json().fields).toEqual({
      [`intake.f${formId}.reason`]: '"reason" must be one of [back, knee]',
      [`intake.f${formId}.pain`]: 'Please enter a number from 0 to 10',
    })
    const unasked = await book(fixture.app, {
      ...consultation(),
      intake: [
        { formId, version: 1, locale: 'en', answers: { reason: 'back' } },
        { formId: formId + 100, version: 1, locale: 'en', answers: {} },
      ],
    })
    expect(unasked.json().fields).toEqual({
      [`intake.f${formId + 100}`]: 'None of the chosen services asks these questions.',
    })
    const { rows } = await fixture.app.db.query('SELECT count(*)::int AS n FROM bookings')
    expect(rows).toEqual([{ n: 0 }])
  })

  it('stores the answers with the booking and shows them to the business', async () => {
    const booked = await book(fixture.app, {
      ...consultation(),
      intake: [{ formId, version: 1, locale: 'de', answers: { reason: 'knee', pain: 4 } }],
    })
    expect(booked.statusCode).toBe(201)
    const id = booked.json().booking.id
    const seen = await fixture.app.inject({
      method: 'GET',
      url: `/api/admin/bookings/${id}`,
      headers: admin,
    })
    expect(seen.json().booking.intake).toEqual([
      {
        formId,
        version: 1,
        title: 'Before your visit',
        answers: [
          { fieldId: 'reason', label: 'What brings you to us?', answer: 'Knee pain' },
          { fieldId: 'pain', label: 'Pain today', answer: 4 },
        ],
      },
    ])
    const responses = await fixture.app.inject({
      method: 'GET',
      url: `/api/admin/forms/${formId}/responses`,
      headers: admin,
    })
    expect(responses.json().responses).toMatchObject([
      { bookingId: id, locale: 'de', answers: { reason: 'knee', pain: 4 } },
    ])
  })

  it('stores nothing, and announces nothing, for a form left blank where nothing is required', async () => {
    const optional = await fixture.app.inject({
      method: 'PATCH',
      url: `/api/admin/forms/${formId}`,
      headers: admin,
      payload: {
        definition: {
          ...INTAKE,
          pages: [{ ...INTAKE.pages[0]!, fields: [INTAKE.pages[0]!.fields[1]!] }],
        },
      },
    })
    expect(optional.statusCode).toBe(200)
    const booked = await book(fixture.app, consultation())
    expect(booked.statusCode).toBe(201)
    const { rows } = await fixture.app.db.query(
      `SELECT (SELECT count(*) FROM form_responses)::int AS responses,
              (SELECT count(*) FROM form_events)::int AS events`,
    )
    expect(rows).toEqual([{ responses: 0, events: 0 }])
  })

  it('asks nothing of services without an intake form', async () => {
    const yoga = bookingRequest({
      lines: [{ serviceId: fixture.services.yoga, staffId: null, guestIndex: 0 }],
      start: '2030-03-05T10:00:00.000Z',
    })
    const booked = await book(fixture.app, yoga)
    expect(booked.statusCode).toBe(201)
  })
})
