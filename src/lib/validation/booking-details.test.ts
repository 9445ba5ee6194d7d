import fc from 'fast-check'
import { isValidPhoneNumber } from 'libphonenumber-js'
import { propertyRuns, propertyTimeout } from '../testing/properties'
import { CONTACT_FIELDS, checkDetails, type ContactField } from './booking-details'
import {
  bookingRequestSchema,
  fieldErrorsOf,
  type BookingRequest,
  type BookingRules,
} from './booking-request'
import { checkField, EMAIL_RULE, PHONE_RULE } from './field-rules'
import { MESSAGES } from './messages'
import { ruleSchema } from './rule-schemas'

/** What joi says of a request, by field path, as the server answers it. */
function joiErrors(request: BookingRequest, rules: BookingRules) {
  const { error } = bookingRequestSchema(rules).validate(request, { abortEarly: false })
  return error ? fieldErrorsOf(error) : {}
}

/** Characters that sit on the edges of the rules: shapes, spaces, scripts, unstorable ones. */
const edgy = fc.constantFrom(
  ...['a', 'Z', 'é', 'ß', '1', '9', '+', '\uFF0B', '\u0663', ' ', '\u00a0', '\t', '@', '.'],
  ...['-', "'", '<', '(', '\0', '\uD800', '\uDC00', '😀', 'x', ';', ':', '=', '_', '"'],
)
const edgyText = fc.string({ unit: edgy, maxLength: 24 })
const plausible = fc.constantFrom(
  'ana@example.com',
  ' Ana.Silva@example.co.uk ',
  'bo@',
  'not-an-email',
  'a@b.c',
  'a@b..c',
  'ü@exämple.de',
  '+49 30 901820',
  '+1 202-555-0143',
  '+4930901820',
  'tel:30901820;phone-context=+49',
  '+49 12',
  '12',
  '2030-02-30',
  '1899-12-31',
  '1900-01-01',
  '1990-07-14',
  "Zoë O'Neil-Åström",
  '<script>',
  '   ',
  '',
)
const text = fc.oneof(
  { arbitrary: edgyText, weight: 4 },
  { arbitrary: plausible, weight: 4 },
  { arbitrary: fc.string({ minLength: 95, maxLength: 260 }), weight: 1 },
  {
    arbitrary: fc.integer({ min: 240, max: 260 }).map((n) => `${'a'.repeat(n)}@x.io`),
    weight: 1,
  },
)
const anything = fc.oneof(
  { arbitrary: text, weight: 8 },
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)), weight: 1 },
)

const contact = fc.record(
  Object.fromEntries(
    [...CONTACT_FIELDS, 'additionalInformation'].map((field) => [field, anything]),
  ) as Record<ContactField | 'additionalInformation', typeof anything>,
  { requiredKeys: [] },
)
const guest = fc.record({
  name: text,
  email: fc.oneof(text, fc.constantFrom('Bo@x.io', 'bo@x.io')),
})
const guestCount = fc.oneof(
  fc.integer({ min: -3, max: 103 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e20, 2 ** 53, 0.5),
)
const party = fc.oneof(
  fc.record({ guests: fc.array(guest, { maxLength: 4 }) }),
  fc.record({ guestCount }),
  fc.constant({}),
)
const rules = fc.record({
  requiredFields: fc.subarray([...CONTACT_FIELDS]),
  termsRequired: fc.boolean(),
})
const details = fc.record({
  contact,
  party,
  termsAccepted: fc.option(fc.boolean(), { nil: undefined }),
  rules,
})

interface Drawn {
  contact: Record<string, unknown>
  party: { guests?: { name: string; email: string }[]; guestCount?: number }
  termsAccepted: boolean | undefined
}

/** A request whose lines serve everyone, so only the drawn details can be wrong. */
function requestOf({ contact, party, termsAccepted }: Drawn): BookingRequest {
  const people = 1 + (party.guests?.length ?? 0)
  return {
    lines: Array.from({ length: people }, (_, guestIndex) => ({
      serviceId: 1,
      staffId: null,
      guestIndex,
    })),
    start: '2030-03-04T09:00:00.000Z',
    timeZone: 'Europe/Berlin',
    contact: contact as BookingRequest['contact'],
    ...party,
    ...(termsAccepted !== undefined ? { termsAccepted } : {}),
  }
}

const RUNS = 400

describe("the widget's checks of the booking details, without joi", () => {
  it(
    'refuse only what joi refuses, with the message joi gives for that field',
    () => {
      let refused = 0
      fc.assert(
        fc.property(details, (drawn) => {
          const request = requestOf(drawn)
          const light = checkDetails(request, drawn.rules)
          const server = joiErrors(request, drawn.rules)
          if (Object.keys(light).length > 0) refused++
          for (const [path, message] of Object.entries(light)) {
            expect({ path, message: server[path] }).toEqual({ path, message })
          }
        }),
        propertyRuns(RUNS, 330033),
      )
      // The inputs reach the refusals: the property is not won by saying nothing.
      expect(refused).toBeGreaterThan(propertyRuns(RUNS, 0).numRuns / 4)
    },
    propertyTimeout(60_000, RUNS),
  )

  it(
    'give an e-mail address the message joi gives, when they refuse it',
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            text,
            edgyText.map((s) => `a${s}@b${s}.c${s}`),
          ),
          (email) => {
            const message = checkField(EMAIL_RULE, email, true)
            if (message)
              expect(ruleSchema(EMAIL_RULE).required().validate(email).error?.message).toBe(message)
          },
        ),
        propertyRuns(RUNS * 5, 330034),
      )
    },
    propertyTimeout(60_000, RUNS * 5),
  )

  it(
    'refuse only phone numbers libphonenumber-js refuses',
    () => {
      const digits = fc.constantFrom(...'0123456789'.split(''), '\uFF11', '\u0663', '\u06F5')
      const phoneLike = fc.string({
        unit: fc.oneof(digits, fc.constantFrom('+', '\uFF0B', ' ', '-', '(', ')', '.', 'x', ';')),
        maxLength: 20,
      })
      fc.assert(
        fc.property(fc.oneof(phoneLike, text), (phone) => {
          if (checkField(PHONE_RULE, phone, true) === MESSAGES.phoneInvalid) {
            expect(isValidPhoneNumber(phone.trim())).toBe(false)
          }
        }),
        propertyRuns(RUNS * 5, 330035),
      )
    },
    propertyTimeout(60_000, RUNS * 5),
  )

  it('say at once what needs no server: a phone number without its country, a half address', () => {
    const request = requestOf({
      contact: { firstName: 'Ana', lastName: 'Silva', email: 'ana@', phone: '12' },
      party: {
        guests: [
          { name: 'Bo', email: 'bo@x.io' },
          { name: '<b>', email: 'BO@x.io' },
          { name: 'Di', email: 'bo@x.io' },
        ],
      },
      termsAccepted: false,
    })
    const rules: BookingRules = { requiredFields: ['email', 'phone'], termsRequired: true }
    expect(checkDetails(request, rules)).toEqual({
      'contact.email': MESSAGES.emailInvalid,
      'contact.phone': MESSAGES.phoneInvalid,
      'guests.1.name': MESSAGES.nameInvalid,
      'guests.1.email': MESSAGES.guestEmailUnique,
      termsAccepted: MESSAGES.acceptTerms,
    })
    expect(joiErrors(request, rules)).toEqual(checkDetails(request, rules))
  })

  it("leave a number that is not one in its country to the server's answer", () => {
    const request = requestOf({
      contact: { email: 'ana@example.com', phone: '+49 12' },
      party: {},
      termsAccepted: undefined,
    })
    const rules: BookingRules = { requiredFields: ['phone'], termsRequired: false }
    expect(checkDetails(request, rules)).toEqual({})
    expect(joiErrors(request, rules)).toEqual({ 'contact.phone': MESSAGES.phoneInvalid })
  })
})
