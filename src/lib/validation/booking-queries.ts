import { decodePartyLines, PARTY_LINES_PATTERN } from '../booking/party'
import { LOCALES, type Locale } from '../locale/locales'
import { isRealDate, isValidTimeZone } from '../time'
import { idSchema, Joi, MAX_DATABASE_INTEGER } from './joi'
import { MESSAGES } from './messages'

const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/

/**
 * An ISO 8601 instant on a date that exists: joi's isoDate lets 2030-02-30 roll over into March
 * (as `Date` does), so the string is checked as sent.
 */
export const instantSchema = Joi.string()
  .max(40)
  .custom((value: string, helpers) => {
    if (!ISO_INSTANT.test(value) || Number.isNaN(Date.parse(value))) {
      return helpers.error('date.iso')
    }
    return isRealDate(value) ? value : helpers.error('date.unreal')
  })
  .messages({
    'date.iso': '{#label} must be an ISO 8601 date and time',
    'date.unreal': '{#label} is not a date that exists',
  })

const seats = Joi.number().integer().min(1).max(100).messages({
  'number.base': MESSAGES.guestCountRange,
  'number.integer': MESSAGES.guestCountRange,
  'number.min': MESSAGES.guestCountRange,
  'number.max': MESSAGES.guestCountRange,
})

const month = Joi.string()
  .pattern(/^\d{4}-(0[1-9]|1[0-2])$/)
  .required()
  .messages({ 'string.pattern.base': 'month must look like 2030-01' })

const lines = Joi.string()
  .max(2000)
  .pattern(PARTY_LINES_PATTERN)
  .custom((value: string, helpers) =>
    decodePartyLines(value).every(
      (line) =>
        line.serviceId <= MAX_DATABASE_INTEGER && (line.staffId ?? 0) <= MAX_DATABASE_INTEGER,
    )
      ? value
      : helpers.error('lines.id'),
  )
  .required()
  .messages({
    'string.pattern.base': 'lines must list serviceId or serviceId.staffId, comma-separated',
    'lines.id': `lines may name ids up to ${MAX_DATABASE_INTEGER}`,
  })

const timeZone = Joi.string()
  .custom((value: string, helpers) =>
    isValidTimeZone(value) ? value : helpers.error('timeZone.unknown'),
  )
  .required()
  .messages({ 'timeZone.unknown': MESSAGES.noTimezone, 'any.required': MESSAGES.noTimezone })

/** GET slots of one service in one month, days in the visitor's zone. */
export interface SlotsQuery {
  /** YYYY-MM */
  month: string
  timeZone: string
  staffId?: number
  /** Seats the booking takes (a party given as a count); 1 when absent. */
  seats?: number
}

export const slotsQuerySchema = Joi.object<SlotsQuery>({
  month,
  timeZone,
  staffId: idSchema,
  seats,
})

export interface NextSlotQuery {
  timeZone: string
  staffId?: number
  /** ISO instant to search from; now when absent. */
  from?: string
  seats?: number
}

export const nextSlotQuerySchema = Joi.object<NextSlotQuery>({
  timeZone,
  staffId: idSchema,
  from: instantSchema,
  seats,
})

/** GET slots where a whole party fits: `lines` as src/lib/booking/party encodes them. */
export interface PartySlotsQuery {
  month: string
  timeZone: string
  lines: string
  seats?: number
}

export const partySlotsQuerySchema = Joi.object<PartySlotsQuery>({ month, timeZone, lines, seats })

export interface PartyNextSlotQuery {
  timeZone: string
  lines: string
  seats?: number
  from?: string
}

export const partyNextSlotQuerySchema = Joi.object<PartyNextSlotQuery>({
  timeZone,
  lines,
  seats,
  from: instantSchema,
})

export interface RescheduleRequest {
  start: string
  timeZone: string
}

export const rescheduleRequestSchema = Joi.object<RescheduleRequest>({
  start: instantSchema.required(),
  timeZone,
})

export interface CancelRequest {
  reason: string
}

export const cancelRequestSchema = Joi.object<CancelRequest>({
  reason: Joi.string()
    .trim()
    .max(1000)
    .required()
    .messages({ 'any.required': MESSAGES.fieldRequired, 'string.empty': MESSAGES.fieldRequired }),
})

/**
 * A manage link's answers in the language the widget shows: its links open the widget in it and
 * its calendar entries speak it. Without one, the language the booking was made in.
 */
export interface VisitorLocaleQuery {
  locale?: Locale
}

export const visitorLocaleQuerySchema = Joi.object<VisitorLocaleQuery>({
  locale: Joi.string().valid(...LOCALES),
})
