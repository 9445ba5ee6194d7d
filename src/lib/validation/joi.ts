import BaseJoi from 'joi'
import { UNSTORABLE } from './field-rules'
import { MESSAGES } from './messages'

export const UNSTORABLE_MESSAGE = MESSAGES.unstorableCharacter

/** The largest value of PostgreSQL's `integer`, the type of every id the database hands out. */
export const MAX_DATABASE_INTEGER = 2_147_483_647

/**
 * joi for every schema the widget and the server share: its `string()` refuses text the database
 * cannot store, so the rule holds for every string field without being repeated on each.
 */
export const Joi: typeof BaseJoi = BaseJoi.extend((joi: typeof BaseJoi) => ({
  type: 'string',
  base: joi.string(),
  messages: { 'string.unstorable': UNSTORABLE_MESSAGE },
  validate(value: unknown, helpers: BaseJoi.CustomHelpers) {
    return typeof value === 'string' && UNSTORABLE.test(value)
      ? { value, errors: helpers.error('string.unstorable') }
      : { value }
  },
}))

/** A row's id: anything beyond PostgreSQL's `integer` names nothing and must not reach a query. */
export const idSchema = Joi.number().integer().positive().max(MAX_DATABASE_INTEGER)
