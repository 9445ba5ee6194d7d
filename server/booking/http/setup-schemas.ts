import type { ObjectSchema } from 'joi'
import { isValidTimeZone } from '../../../src/lib/time'
import { instantSchema } from '../../../src/lib/validation/booking-queries'
import { CONTACT_FIELDS } from '../../../src/lib/validation/booking-request'
import { idSchema, Joi, MAX_DATABASE_INTEGER } from '../../../src/lib/validation/joi'

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

export const providerSchema = Joi.object({
  slug: slug.required(),
  name: Joi.string().trim().max(200).required(),
  timeZone: timeZone.required(),
  email: Joi.string().trim().max(254).email({ tlds: false }).allow(null, ''),
  phone: Joi.string().trim().max(32).allow(null, ''),
})

export const staffSchema = Joi.object({
  providerId: idSchema.required(),
  name: Joi.string().trim().max(200).required(),
  photoUrl: Joi.string().max(2000).allow(null, ''),
  timeZone: timeZone.required(),
  weeklyHours: Joi.object({
    0: weekday,
    1: weekday,
    2: weekday,
    3: weekday,
    4: weekday,
    5: weekday,
    6: weekday,
  }).default({}),
  overrides: Joi.array()
    .items(
      Joi.object({
        date: Joi.string()
          .pattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
          .required(),
        ranges: Joi.array().items(range).required(),
      }),
    )
    .default([]),
  serviceIds: Joi.array().items(idSchema).unique().default([]),
})

const minutes = (max: number) => Joi.number().integer().min(0).max(max)

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
  depositCents: Joi.number().integer().min(0).max(Joi.ref('priceCents')).default(0),
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
