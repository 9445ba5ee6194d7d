import { idSchema, Joi, MAX_DATABASE_INTEGER, UNSTORABLE_MESSAGE } from './joi'
import { bookingRequestSchema, fieldErrorsOf, type BookingRequest } from './booking-request'
import { partySlotsQuerySchema } from './booking-queries'

const valid: BookingRequest = {
  lines: [{ serviceId: 1, staffId: null, guestIndex: 0 }],
  start: '2030-03-04T09:00:00.000Z',
  timeZone: 'Europe/Berlin',
  contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
}

describe('the shared string rule', () => {
  const text = Joi.string().allow('')

  it('refuses NUL and unpaired surrogates in any string', () => {
    for (const value of [
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uDFFF',
      '\uDBFF\uDBFF',
      '\uDC00\uD800',
    ]) {
      expect(text.validate(value).error?.message).toBe(UNSTORABLE_MESSAGE)
    }
  })

  it('lets every other character through, paired surrogates and control characters included', () => {
    for (const value of ['', 'zajęcia', 'café', '💥 𝕏', 'line\nbreak\ttab', '\u202E\uFEFF']) {
      expect(text.validate(value).error).toBeUndefined()
    }
  })

  it('reports the field beside the message in every string field of a booking', () => {
    const request = {
      ...valid,
      timeZone: 'Europe/Berlin\u0000',
      contact: { ...valid.contact, firstName: 'Ana\u0000', location: '\uD800' },
      guests: [{ name: 'Grace', email: 'grace@example.com\u0000' }],
      lines: [...valid.lines, { serviceId: 1, staffId: null, guestIndex: 1 }],
      oneTimeSlug: 'x\uDFFF',
    }
    const { error } = bookingRequestSchema().validate(request, { abortEarly: false })
    expect(fieldErrorsOf(error!)).toEqual({
      timeZone: UNSTORABLE_MESSAGE,
      'contact.firstName': UNSTORABLE_MESSAGE,
      'contact.location': UNSTORABLE_MESSAGE,
      'guests.0.email': UNSTORABLE_MESSAGE,
      oneTimeSlug: UNSTORABLE_MESSAGE,
    })
  })
})

describe('ids', () => {
  it('stay within PostgreSQL integer', () => {
    expect(idSchema.validate(MAX_DATABASE_INTEGER).error).toBeUndefined()
    expect(idSchema.validate(MAX_DATABASE_INTEGER + 1).error).toBeDefined()
    expect(idSchema.validate('99999999999999999999').error).toBeDefined()
    const huge = { ...valid, lines: [{ serviceId: 2 ** 31, staffId: 2 ** 53, guestIndex: 0 }] }
    const { error } = bookingRequestSchema().validate(huge, { abortEarly: false })
    expect(Object.keys(fieldErrorsOf(error!))).toEqual(['lines.0.serviceId', 'lines.0.staffId'])
  })

  it('stay within PostgreSQL integer in a party query', () => {
    const query = { month: '2030-03', timeZone: 'UTC', lines: '1,2147483648' }
    expect(partySlotsQuerySchema.validate(query).error?.message).toBe(
      `lines may name ids up to ${MAX_DATABASE_INTEGER}`,
    )
    expect(
      partySlotsQuerySchema.validate({ ...query, lines: '1,2.2147483647' }).error,
    ).toBeUndefined()
  })
})
