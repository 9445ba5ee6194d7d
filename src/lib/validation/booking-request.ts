import type { Answers } from '../forms/definition'
import type { StringSchema, ValidationError } from 'joi'
import { isValidPhoneNumber } from 'libphonenumber-js'
import { LOCALES, type Locale } from '../locale/locales'
import { isValidTimeZone } from '../time'
import { instantSchema } from './booking-queries'
import { idSchema, Joi } from './joi'
import { MESSAGES } from './messages'

/** The contact fields a service can require of the visitor. */
export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'location',
] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

export interface Guest {
  name: string
  email: string
}

export interface Contact {
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
  /** YYYY-MM-DD */
  dateOfBirth?: string
  location?: string
  additionalInformation?: string
  /** The visitor allows the business to contact them. */
  consent?: boolean
}

export interface BookingLineRequest {
  serviceId: number
  /** null: any available staff. */
  staffId: number | null
  /** 0 is the visitor, 1.. the guests in order. */
  guestIndex: number
}

export interface BookingRequest {
  lines: BookingLineRequest[]
  /** The chosen start, an ISO 8601 instant. */
  start: string
  /** The visitor's IANA time zone. */
  timeZone: string
  contact: Contact
  guests?: Guest[]
  guestCount?: number
  oneTimeSlug?: string
  termsAccepted?: boolean
  /** Answers to the intake questions of the chosen services' forms, one entry per form. */
  intake?: IntakeAnswers[]
  /** The language the visitor booked in; the booking's messages are written in it. */
  locale?: Locale
}

/**
 * The answers to one intake form (issue 18): the version the visitor saw and their language. Only
 * the shape is checked here; the server checks the answers against that version of the form.
 */
export interface IntakeAnswers {
  formId: number
  version: number
  locale: string
  answers: Answers
}

const intakeSchema = Joi.array()
  .items(
    Joi.object<IntakeAnswers>({
      formId: idSchema.required(),
      version: Joi.number().integer().min(1).max(1_000_000).required(),
      locale: Joi.string()
        .valid(...LOCALES)
        .required(),
      answers: Joi.object().max(200).required(),
    }),
  )
  .max(20)
  .unique('formId')

export const requiredMessages = (message: string) => ({
  'any.required': message,
  'string.empty': message,
})

// Letters of any script, with the spaces, apostrophes, dots and dashes names carry.
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u

export const emailSchema = Joi.string()
  .trim()
  .max(254)
  .email({ tlds: false })
  .messages({ ...requiredMessages(MESSAGES.emailRequired), 'string.email': MESSAGES.emailInvalid })

export const guestSchema = Joi.object<Guest>({
  name: Joi.string()
    .trim()
    .max(100)
    .pattern(NAME_PATTERN)
    .required()
    .messages({
      ...requiredMessages(MESSAGES.nameRequired),
      'string.pattern.base': MESSAGES.nameInvalid,
      'string.max': MESSAGES.nameInvalid,
    }),
  email: emailSchema.required().messages({ 'string.email': MESSAGES.emailInvalid }),
})

export const guestsSchema = Joi.array()
  .items(guestSchema)
  .max(99)
  .unique((a: Guest, b: Guest) => a.email.toLowerCase() === b.email.toLowerCase())
  .messages({ 'array.unique': MESSAGES.guestEmailUnique })

export const guestCountSchema = Joi.number().integer().min(1).max(100).messages({
  'number.base': MESSAGES.guestCountRange,
  'number.integer': MESSAGES.guestCountRange,
  'number.min': MESSAGES.guestCountRange,
  'number.max': MESSAGES.guestCountRange,
})

const REQUIRED_MESSAGE: Record<ContactField, string> = {
  firstName: MESSAGES.firstNameRequired,
  lastName: MESSAGES.lastNameRequired,
  email: MESSAGES.emailRequired,
  phone: MESSAGES.phoneRequired,
  dateOfBirth: MESSAGES.fieldRequired,
  location: MESSAGES.locationRequired,
}

function requiredIf(schema: StringSchema, field: ContactField, required: ContactField[]) {
  return required.includes(field)
    ? schema.required().messages(requiredMessages(REQUIRED_MESSAGE[field]))
    : schema.allow('')
}

export const phoneSchema = Joi.string()
  .trim()
  .max(32)
  .custom((value: string, helpers) =>
    value === '' || isValidPhoneNumber(value) ? value : helpers.error('phone.invalid'),
  )
  .messages({ 'phone.invalid': MESSAGES.phoneInvalid })

/** A calendar date, YYYY-MM-DD, that exists, from `fromYear` on. */
export const calendarDateSchema = (fromYear: number) =>
  Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    .custom((value: string, helpers) => {
      const date = new Date(`${value}T00:00:00Z`)
      const valid = !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
      return valid && date.getUTCFullYear() >= fromYear ? value : helpers.error('date.invalid')
    })
    .messages({ 'string.pattern.base': 'Invalid date', 'date.invalid': 'Invalid date' })

const dateOfBirthSchema = calendarDateSchema(1900)

/** The contact form, with the fields the service requires. */
export function contactSchema(required: ContactField[]) {
  return Joi.object<Contact>({
    firstName: requiredIf(Joi.string().trim().max(100), 'firstName', required),
    lastName: requiredIf(Joi.string().trim().max(100), 'lastName', required),
    email: requiredIf(emailSchema, 'email', required),
    phone: requiredIf(phoneSchema, 'phone', required),
    dateOfBirth: requiredIf(dateOfBirthSchema, 'dateOfBirth', required),
    location: requiredIf(Joi.string().trim().max(200), 'location', required),
    additionalInformation: Joi.string().trim().max(2000).allow(''),
    consent: Joi.boolean(),
  })
}

export interface BookingRules {
  /** Contact fields the chosen services require. */
  requiredFields: ContactField[]
  /** A deposit or payment is due, so the terms must be accepted. */
  termsRequired: boolean
}

const NO_RULES: BookingRules = { requiredFields: [], termsRequired: false }

function rulesKey(rules: BookingRules): string {
  return `${[...rules.requiredFields].sort().join(',')}|${rules.termsRequired}`
}

/** Building a joi schema costs more than validating with it: each shape is built once. */
function builtOnce<T>(build: (rules: BookingRules) => T): (rules?: BookingRules) => T {
  const built = new Map<string, T>()
  return (rules = NO_RULES) => {
    const key = rulesKey(rules)
    let schema = built.get(key)
    if (!schema) built.set(key, (schema = build(rules)))
    return schema
  }
}

function termsSchema(rules: BookingRules) {
  return rules.termsRequired
    ? Joi.boolean().valid(true).required().messages({
        'any.only': MESSAGES.acceptTerms,
        'any.required': MESSAGES.acceptTerms,
      })
    : Joi.boolean()
}

/**
 * One schema for the booking payload, used by the widget before submit and by the server on
 * receipt. Without rules it checks the shape only; the server then checks the rules of the
 * services the request names with `bookingRulesSchema`.
 */
export const bookingRequestSchema = builtOnce((rules) =>
  Joi.object<BookingRequest>({
    lines: Joi.array()
      .items(
        Joi.object({
          serviceId: idSchema.required(),
          staffId: idSchema.allow(null).default(null),
          guestIndex: Joi.number().integer().min(0).max(99).required(),
        }),
      )
      .min(1)
      .max(100)
      .required()
      .messages({ 'array.min': MESSAGES.chooseOption, 'any.required': MESSAGES.chooseOption }),
    start: instantSchema.required(),
    timeZone: Joi.string()
      .custom((value: string, helpers) =>
        isValidTimeZone(value) ? value : helpers.error('timeZone.unknown'),
      )
      .required()
      .messages({ 'timeZone.unknown': MESSAGES.noTimezone, 'any.required': MESSAGES.noTimezone }),
    contact: contactSchema(rules.requiredFields).required(),
    guests: guestsSchema,
    guestCount: guestCountSchema,
    oneTimeSlug: Joi.string().max(128),
    termsAccepted: termsSchema(rules),
    intake: intakeSchema,
    locale: Joi.string().valid(...LOCALES),
  })
    .oxor('guests', 'guestCount')
    .custom((request: BookingRequest, helpers) => {
      const people = 1 + (request.guests?.length ?? 0)
      const served = new Set(request.lines.map((line) => line.guestIndex))
      for (let guest = 0; guest < people; guest++) {
        if (!served.has(guest)) return helpers.error('booking.servicesForAllGuests')
      }
      return request.lines.every((line) => line.guestIndex < people)
        ? request
        : helpers.error('booking.servicesForAllGuests')
    })
    .messages({ 'booking.servicesForAllGuests': MESSAGES.servicesForAllGuests }),
)

/** Whether the services' rules ask for anything the shape alone does not. */
export function hasBookingRules(rules: BookingRules): boolean {
  return rules.requiredFields.length > 0 || rules.termsRequired
}

/**
 * What the services' rules add to a payload that already has the shape: their required contact
 * fields and the terms, with the same schemas and messages as `bookingRequestSchema(rules)`, so
 * the server validates each part of a request once.
 */
export const bookingRulesSchema = builtOnce((rules) => {
  const contact = contactSchema(rules.requiredFields)
  return Joi.object({
    contact: Joi.object(
      Object.fromEntries(rules.requiredFields.map((field) => [field, contact.extract(field)])),
    ).unknown(true),
    termsAccepted: termsSchema(rules),
  }).unknown(true)
})

/** Field path (`contact.email`, `guests.1.name`) to its first message. */
export type FieldErrors = Record<string, string>

export function fieldErrorsOf(error: ValidationError): FieldErrors {
  const errors: FieldErrors = {}
  for (const detail of error.details) {
    // A repeated guest email is reported on the guest; it belongs beside their email field.
    const fieldPath = detail.type === 'array.unique' ? [...detail.path, 'email'] : detail.path
    const path = fieldPath.join('.') || '_'
    errors[path] ??= detail.message
  }
  return errors
}
