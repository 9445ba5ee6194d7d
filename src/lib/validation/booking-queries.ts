import Joi from 'joi'
import { isValidTimeZone } from '../time'
import { MESSAGES } from './messages'

const timeZone = Joi.string()
  .custom((value: string, helpers) =>
    isValidTimeZone(value) ? value : helpers.error('timeZone.unknown'),
  )
  .required()
  .messages({ 'timeZone.unknown': MESSAGES.noTimezone, 'any.required': MESSAGES.noTimezone })

/** GET slots of one month, days in the visitor's zone. */
export interface SlotsQuery {
  /** YYYY-MM */
  month: string
  timeZone: string
  staffId?: number
}

export const slotsQuerySchema = Joi.object<SlotsQuery>({
  month: Joi.string()
    .pattern(/^\d{4}-(0[1-9]|1[0-2])$/)
    .required()
    .messages({ 'string.pattern.base': 'month must look like 2030-01' }),
  timeZone,
  staffId: Joi.number().integer().positive(),
})

export interface NextSlotQuery {
  timeZone: string
  staffId?: number
  /** ISO instant to search from; now when absent. */
  from?: string
}

export const nextSlotQuerySchema = Joi.object<NextSlotQuery>({
  timeZone,
  staffId: Joi.number().integer().positive(),
  from: Joi.string().isoDate(),
})

export interface RescheduleRequest {
  start: string
  timeZone: string
}

export const rescheduleRequestSchema = Joi.object<RescheduleRequest>({
  start: Joi.string().isoDate().required(),
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
