import type { ObjectSchema } from 'joi'
import { formatPrice } from '../../../src/lib/format'
import { LOCALES } from '../../../src/lib/locale/locales'
import { DEFAULT_REMINDER_MINUTES } from '../../notifications/rules'
import { isRealDate, isValidTimeZone } from '../../../src/lib/time'
import { instantSchema } from '../../../src/lib/validation/booking-queries'
import { CONTACT_FIELDS } from '../../../src/lib/validation/booking-details'
import { idSchema, Joi, MAX_DATABASE_INTEGER } from '../../../src/lib/validation/joi'
import { TEAM_RULES } from '../availability'
import { isEmbedOrigin } from '../../../src/lib/embed/origin'

const slug = Joi.string()
  .pattern(/^[a-z0-9][a-z0-9-]{0,79}$/)
  .messages({
    'string.pattern.base': '{#label} may hold lowercase letters, digits and dashes',
  })
const timeZone = Joi.string()
  .custom((value: string, helpers) =>
    isValidTimeZone(value) ? value : helpers.error('any.invalid'),
  )
  .messages({ 'any.invalid': 'No Timezone found!' })
const time = Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/)
const range = Joi.object({ start: time.required(), end: time.required() })
const weekday = Joi.array().items(range).max(12)
/** One day's working ranges (a date override's; empty: a day off). */
export const dayRangesSchema = weekday
/** YYYY-MM-DD, on a date that exists (PostgreSQL would fail on 2030-02-30, as a 500). */
export const localDateSchema = Joi.string()
  .pattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
  .custom((value: string, helpers) => (isRealDate(value) ? value : helpers.error('date.unreal')))
  .messages({ 'date.unreal': '{#label} is not a date that exists' })
const weeklyHours = Joi.object({
  0: weekday,
  1: weekday,
  2: weekday,
  3: weekday,
  4: weekday,
  5: weekday,
  6: weekday,
}).default({})

const embedOrigin = Joi.string()
  .custom((value: string, helpers) =>
    value === '*' || isEmbedOrigin(value) ? value : helpers.error('any.invalid'),
  )
  .messages({
    'any.invalid':
      '{#label} must be an origin such as https://clinic.example (http only for localhost), ' +
      'without a path or a trailing slash',
  })
// The sites that may frame this provider's widget routes besides EMBED_ORIGINS; `*` (any site)
// only when asked for alone, so it is never let in by a slip in a list.
const embedOrigins = Joi.array()
  .items(embedOrigin)
  .max(50)
  .unique()
  .custom((origins: string[], helpers) =>
    origins.includes('*') && origins.length > 1 ? helpers.error('array.anyAlone') : origins,
  )
  .messages({ 'array.anyAlone': '{#label} must be either ["*"] (any site) or a list of origins' })

export const providerSchema = Joi.object({
  slug: slug.required(),
  name: Joi.string().trim().max(200).required(),
  timeZone: timeZone.required(),
  email: Joi.string().trim().max(254).email({ tlds: false }).allow(null, ''),
  phone: Joi.string().trim().max(32).allow(null, ''),
  address: Joi.string().trim().max(500).allow(null, ''),
  openingHours: weeklyHours,
  notificationEmail: Joi.string().trim().max(254).email({ tlds: false }).allow(null, ''),
  termsPage: slug,
  termsVersion: Joi.string().trim().min(1).max(64),
  embedOrigins,
})

export const staffSchema = Joi.object({
  providerId: idSchema.required(),
  name: Joi.string().trim().max(200).required(),
  photoUrl: Joi.string().max(2000).allow(null, ''),
  timeZone: timeZone.required(),
  weeklyHours,
  overrides: Joi.array()
    .items(
      Joi.object({
        date: localDateSchema.required(),
        ranges: Joi.array().items(range).required(),
      }),
    )
    .default([]),
  serviceIds: Joi.array().items(idSchema).unique().default([]),
  // Higher is offered first by "any available staff" (round robin and its tie-breaks).
  priority: Joi.number().integer().min(0).max(100).default(0),
  // Their hours are offered even where the location is closed (remote work): said on purpose,
  // never assumed, so opening hours and offered times cannot disagree silently.
  outsideOpeningHours: Joi.boolean().default(false),
})

const minutes = (max: number) => Joi.number().integer().min(0).max(max)

/**
 * A fixed deposit is at most the price. The refusal names the price as the visitor would see it
 * (in the API's English), so whoever sent only one of the two knows what the other is.
 */
export function depositAbovePrice(service: {
  priceCents: number
  depositCents: number
  currency: string
}): string | undefined {
  if (service.depositCents <= service.priceCents) return undefined
  const price = formatPrice(service.priceCents, service.currency, 'en-US')
  return `The deposit must not be more than the price (${price}).`
}

type Pricing = { priceCents?: number; depositCents?: number; currency?: string }

export const serviceSchema = Joi.object({
  providerId: idSchema.required(),
  slug: slug.required(),
  name: Joi.string().trim().max(200).required(),
  description: Joi.string().max(5000).allow('').default(''),
  durationMinutes: minutes(1440).min(5).required(),
  slotIntervalMinutes: minutes(1440).min(5),
  bufferBeforeMinutes: minutes(480).default(0),
  bufferAfterMinutes: minutes(480).default(0),
  minimumNoticeMinutes: minutes(525_600).default(0),
  horizonDays: Joi.number().integer().min(1).max(730).default(60),
  seatsPerSlot: Joi.number().integer().min(1).max(1000).default(1),
  maxSlotsPerBooking: Joi.number().integer().min(1).max(100).default(1),
  priceCents: Joi.number().integer().min(0).max(MAX_DATABASE_INTEGER).default(0),
  depositCents: Joi.number().integer().min(0).max(MAX_DATABASE_INTEGER).default(0),
  // A share of the price instead of a fixed deposit (then depositCents stays 0).
  depositPercent: Joi.number().integer().min(1).max(100).allow(null).default(null),
  refundPolicy: Joi.string()
    .valid('none', 'keep_deposit', 'full_before_cutoff')
    .default('full_before_cutoff'),
  refundCutoffMinutes: minutes(525_600).default(1440),
  currency: Joi.string()
    .pattern(/^[A-Z]{3}$/)
    .default('EUR'),
  requiresConfirmation: Joi.boolean().default(false),
  requiredFields: Joi.array()
    .items(Joi.string().valid(...CONTACT_FIELDS))
    .unique()
    .default(['firstName', 'lastName', 'email']),
  location: Joi.string().max(500).allow('').default(''),
  rescheduleCutoffMinutes: minutes(525_600).default(0),
  cancellationCutoffMinutes: minutes(525_600).default(0),
  recurrenceCount: Joi.number().integer().min(2).max(52).allow(null).default(null),
  intakeFormId: idSchema.allow(null).default(null),
  // A day before by default; 0 sends no reminder, 30 days is the most.
  reminderMinutesBefore: minutes(43_200).default(DEFAULT_REMINDER_MINUTES),
  translations: Joi.object()
    .pattern(
      Joi.string().valid(...LOCALES),
      Joi.object({
        name: Joi.string().trim().max(200).required(),
        description: Joi.string().max(5000).allow('').default(''),
      }),
    )
    .default({}),
  assignment: Joi.string()
    .valid(...TEAM_RULES)
    .default('round_robin'),
  // collective: how many members serve each appointment together; null for all who perform it.
  collectiveMembers: Joi.number().integer().min(2).max(50).allow(null).default(null),
})
  // A PATCH may send neither price nor currency: its route judges the deposit against the stored
  // ones (admin-routes.ts).
  .custom((service: Pricing, helpers) => {
    const { priceCents, depositCents, currency } = service
    if (priceCents === undefined || depositCents === undefined || currency === undefined) {
      return service
    }
    const message = depositAbovePrice({ priceCents, depositCents, currency })
    if (!message) return service
    const atDeposit = helpers.state.localize?.([...(helpers.state.path ?? []), 'depositCents'])
    return helpers.error('deposit.abovePrice', { message }, atDeposit)
  })
  .messages({ 'deposit.abovePrice': '{#message}' })

// A menu's or group's slug: as a service's, but never all digits, so an id and a slug can share
// one path segment.
const pageSlug = slug.pattern(/^\d+$/, { invert: true, name: 'not only digits' }).messages({
  'string.pattern.invert.name': '{#label} must not be only digits',
})
const pageTranslations = Joi.object()
  .pattern(
    Joi.string().valid(...LOCALES),
    Joi.object({
      name: Joi.string().trim().max(200).required(),
      description: Joi.string().max(5000).allow('').default(''),
    }),
  )
  .default({})
const pageFields = {
  providerId: idSchema.required(),
  slug: pageSlug.required(),
  name: Joi.string().trim().max(200).required(),
  description: Joi.string().max(5000).allow('').default(''),
  translations: pageTranslations,
  published: Joi.boolean().default(false),
}
const orderedServiceIds = Joi.array().items(idSchema).unique().max(200)

/** A service menu: headings in order, each listing services in order. */
export const menuSchema = Joi.object({
  ...pageFields,
  headings: Joi.array()
    .items(
      Joi.object({
        name: Joi.string().trim().max(200).required(),
        translations: Joi.object()
          .pattern(
            Joi.string().valid(...LOCALES),
            Joi.object({ name: Joi.string().trim().max(200).required() }),
          )
          .default({}),
        serviceIds: orderedServiceIds.min(1).required(),
      }),
    )
    .max(50)
    .default([]),
})

/** A group: its calendars (services) in order. */
export const groupSchema = Joi.object({
  ...pageFields,
  serviceIds: orderedServiceIds.default([]),
})

export const oneTimeLinkSchema = Joi.object({
  serviceId: idSchema.required(),
  // Four-digit years only: joi's isoDate takes years PostgreSQL's timestamptz cannot hold.
  expiresAt: instantSchema,
})

/** PATCH bodies: the same fields, all optional, none defaulted. */
export const patchOf = (schema: ObjectSchema) =>
  schema
    .fork(Object.keys(schema.describe().keys ?? {}), (field) => field.optional())
    .prefs({ noDefaults: true })
    .min(1)

/**
 * A PATCH of a service or a staff member: its settings, and the version the edit started from
 * (AdminService's, AdminStaff's). Without the version, as a script may send it, the change is
 * applied whatever was saved meanwhile: the last write wins, as before versions existed.
 */
export const versionedPatchOf = (schema: ObjectSchema) =>
  patchOf(schema).keys({ version: Joi.number().integer().min(1).max(MAX_DATABASE_INTEGER) })
