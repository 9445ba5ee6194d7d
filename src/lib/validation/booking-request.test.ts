import type Joi from 'joi'
import {
  bookingRequestSchema,
  bookingRulesSchema,
  contactSchema,
  fieldErrorsOf,
  guestCountSchema,
  guestsSchema,
  type BookingRequest,
} from './booking-request'
import { LOCALES } from '../locale/locales'
import { maxSlotsMessage, seatsLeftMessage } from './messages'

const valid: BookingRequest = {
  lines: [{ serviceId: 1, staffId: null, guestIndex: 0 }],
  start: '2030-03-04T09:00:00.000Z',
  timeZone: 'Europe/Berlin',
  contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' },
}

const messagesOf = (schema: Joi.Schema, value: unknown) => {
  const { error } = schema.validate(value, { abortEarly: false })
  return error ? Object.values(fieldErrorsOf(error)) : []
}

describe('booking request schema', () => {
  it('accepts a complete request', () => {
    expect(messagesOf(bookingRequestSchema(), valid)).toEqual([])
  })

  it('guest names: required and valid', () => {
    expect(messagesOf(guestsSchema, [{ name: '', email: 'a@example.com' }])).toEqual([
      'Name is required',
    ])
    expect(messagesOf(guestsSchema, [{ email: 'a@example.com' }])).toEqual(['Name is required'])
    expect(messagesOf(guestsSchema, [{ name: '<script>', email: 'a@example.com' }])).toEqual([
      'Name is invalid',
    ])
    expect(
      messagesOf(guestsSchema, [{ name: "Zoë O'Neil-Åström", email: 'a@example.com' }]),
    ).toEqual([])
  })

  it('guest emails: required, valid and unique among guests', () => {
    expect(messagesOf(guestsSchema, [{ name: 'Bo', email: '' }])).toEqual(['Email is required'])
    expect(messagesOf(guestsSchema, [{ name: 'Bo', email: 'not-an-email' }])).toEqual([
      'Email is invalid!',
    ])
    expect(
      messagesOf(guestsSchema, [
        { name: 'Bo', email: 'bo@example.com' },
        { name: 'Bea', email: 'BO@example.com' },
      ]),
    ).toEqual(['Email ID must be unique for guests.'])
  })

  it.each([0, 101, 2.5, 'many'])('guest count %p is out of range', (count) => {
    expect(messagesOf(guestCountSchema, count)).toEqual(['Guest count should be between 1 and 100'])
  })

  it('guest counts 1 and 100 are fine', () => {
    expect(messagesOf(guestCountSchema, 1)).toEqual([])
    expect(messagesOf(guestCountSchema, 100)).toEqual([])
  })

  it('contact fields the service requires have their own messages', () => {
    const schema = contactSchema(['firstName', 'lastName', 'email', 'phone', 'location'])
    expect(messagesOf(schema, {})).toEqual([
      'First name is required.',
      'Last name is required.',
      'Email is required',
      'Phone number is required.',
      'Location is required.',
    ])
    expect(messagesOf(contactSchema(['dateOfBirth']), { dateOfBirth: '' })).toEqual([
      'This field is required.',
    ])
  })

  it('optional contact fields may be left empty', () => {
    expect(messagesOf(contactSchema([]), { firstName: '', phone: '', location: '' })).toEqual([])
  })

  it('phone numbers are checked with libphonenumber', () => {
    const schema = contactSchema(['phone'])
    expect(messagesOf(schema, { phone: '+49 30 901820' })).toEqual([])
    expect(messagesOf(schema, { phone: '+1 555' })).toEqual(['Invalid phone number'])
    expect(messagesOf(schema, { phone: 'call me' })).toEqual(['Invalid phone number'])
  })

  it('an unknown time zone answers "No Timezone found!"', () => {
    expect(messagesOf(bookingRequestSchema(), { ...valid, timeZone: 'Mars/Olympus' })).toEqual([
      'No Timezone found!',
    ])
  })

  it('every guest needs a service', () => {
    const request = { ...valid, guests: [{ name: 'Bo', email: 'bo@example.com' }] }
    expect(messagesOf(bookingRequestSchema(), request)).toEqual([
      'Please ensure you select services for all guests before proceeding',
    ])
    const served = {
      ...request,
      lines: [...valid.lines, { serviceId: 1, staffId: null, guestIndex: 1 }],
    }
    expect(messagesOf(bookingRequestSchema(), served)).toEqual([])
  })

  it('at least one service must be chosen', () => {
    expect(messagesOf(bookingRequestSchema(), { ...valid, lines: [] })).toEqual([
      'Please choose at least one option',
    ])
  })

  it('terms must be accepted when a deposit is due', () => {
    const schema = bookingRequestSchema({ requiredFields: [], termsRequired: true })
    expect(messagesOf(schema, valid)).toEqual(['Please accept the terms and conditions'])
    expect(messagesOf(schema, { ...valid, termsAccepted: false })).toEqual([
      'Please accept the terms and conditions',
    ])
    expect(messagesOf(schema, { ...valid, termsAccepted: true })).toEqual([])
  })

  it("takes the visitor's locale, one of the eleven, or none (the site's default)", () => {
    for (const locale of LOCALES) {
      expect(messagesOf(bookingRequestSchema(), { ...valid, locale })).toEqual([])
    }
    expect(messagesOf(bookingRequestSchema(), { ...valid, locale: 'en-US' })).toHaveLength(1)
    expect(messagesOf(bookingRequestSchema(), { ...valid, locale: 'xx' })).toHaveLength(1)
  })

  it('rejects unknown fields', () => {
    expect(messagesOf(bookingRequestSchema(), { ...valid, admin: true })).toEqual([
      '"admin" is not allowed',
    ])
  })

  it('formats the booking messages with their numbers', () => {
    expect(seatsLeftMessage(3)).toBe('Total available seats for this slot is only 3')
    expect(maxSlotsMessage(2)).toBe(
      'You can reserve up to 2 slots for this service. To book for additional guests, kindly select a different service for the same time slot.',
    )
  })
})

describe('the rules of the chosen services, checked apart from the shape', () => {
  const rules = { requiredFields: ['phone' as const, 'location' as const], termsRequired: true }

  it('give, on a request of the right shape, exactly the errors the whole schema gives', () => {
    for (const request of [
      valid,
      { ...valid, contact: { ...valid.contact, phone: '', location: 'Hamburg' } },
      { ...valid, contact: { ...valid.contact, phone: '+49 30 901820' }, termsAccepted: false },
      {
        ...valid,
        contact: { ...valid.contact, phone: '+49 30 901820', location: 'Hamburg' },
        termsAccepted: true,
      },
    ]) {
      expect(messagesOf(bookingRulesSchema(rules), request)).toEqual(
        messagesOf(bookingRequestSchema(rules), request),
      )
    }
  })

  it('are built once for each set of rules, in any order', () => {
    expect(bookingRulesSchema(rules)).toBe(
      bookingRulesSchema({ requiredFields: ['location', 'phone'], termsRequired: true }),
    )
    expect(bookingRequestSchema()).toBe(bookingRequestSchema())
  })
})
