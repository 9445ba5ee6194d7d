import type { Answers } from '../forms/definition'
import type { ValidationError } from 'joi'
import { LOCALES, type Locale } from '../locale/locales'
import { isValidTimeZone } from '../time'
import { instantSchema } from './booking-queries'
import {
  CONTACT_RULES,
  GUEST_COUNT_RULE,
  GUEST_RULES,
  MAX_GUESTS,
  TERMS_RULE,
  type ContactField,
} from './booking-details'
import { idSchema, Joi } from './joi'
import { MESSAGES } from './messages'
import { ruleSchema } from './rule-schemas'

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

export const guestSchema = Joi.object<Guest>({
  name: ruleSchema(GUEST_RULES.name).required(),
  email: ruleSchema(GUEST_RULES.email).required(),
})

export const guestsSchema = Joi.array()
  .items(guestSchema)
  .max(MAX_GUESTS)
  .unique((a: Guest, b: Guest) => a.email.toLowerCase() === b.email.toLowerCase())
  .messages({ 'array.unique': MESSAGES.guestEmailUnique })

export const guestCountSchema = ruleSchema(GUEST_COUNT_RULE)

function contactFieldSchema(
  field: ContactField | 'additionalInformation',
  required: ContactField[],
) {
  const schema = ruleSchema(CONTACT_RULES[field])
  return required.includes(field as ContactField) ? schema.required() : schema.allow('')
}

/** The contact form, with the fields the service requires. */
export function contactSchema(required: ContactField[]) {
  return Joi.object<Contact>({
    firstName: contactFieldSchema('firstName', required),
    lastName: contactFieldSchema('lastName', required),
    email: contactFieldSchema('email', required),
    phone: contactFieldSchema('phone', required),
    dateOfBirth: contactFieldSchema('dateOfBirth', required),
    location: contactFieldSchema('location', required),
    additionalInformation: contactFieldSchema('additionalInformation', required),
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
  return rules.termsRequired ? ruleSchema(TERMS_RULE).required() : Joi.boolean()
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
