import { MESSAGES } from './messages'

/**
 * The rules of the fields a visitor types, once, as data (issue 33): the server's joi schemas are
 * built from them (booking-request.ts, forms/answers.ts), and the widget checks them with
 * `checkField` below without downloading joi or the phone-number metadata. No joi here.
 */

/**
 * NUL, which PostgreSQL's text cannot hold, and half of a UTF-16 surrogate pair without its other
 * half, which no UTF-8 text can carry (it would be stored as U+FFFD, silently changing the value).
 */
export const UNSTORABLE =
  /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

// Letters of any script, with the spaces, apostrophes, dots and dashes names carry.
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

export const INVALID_DATE = 'Invalid date'

/**
 * What every address joi's `email()` accepts has: one @, a dot in the domain with text either
 * side, no ASCII space. joi refuses more (label lengths, characters); the server says so.
 */
const EMAIL_SHAPE = /^[^@ \t\n\r\f\v]+@[^@ \t\n\r\f\v]+\.[^@ \t\n\r\f\v]+$/

/**
 * Plain addresses, which joi's `email()` accepts whatever else it checks: atoms of ASCII letters,
 * digits and the symbols it allows, then host names of letters, digits and inner dashes.
 */
const PLAIN_EMAIL =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/i

/** Whether joi surely accepts `email` (trimmed) as an address: plain, and within its lengths. */
export function isPlainEmail(email: string): boolean {
  return email.length <= EMAIL_RULE.max && email.indexOf('@') <= 64 && PLAIN_EMAIL.test(email)
}

/**
 * What every number libphonenumber-js validates without a default country has: a plus sign
 * (international format, or a `tel:` URI's context) and three digits at least (a calling code and
 * a national number of two), in any of the scripts of digits it reads. Whether the number exists
 * in its country is the server's word.
 */
const PHONE_SHAPE = /^(?=.*[+\uFF0B])(?:.*?[0-9\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9]){3}/s

export type TextShape = 'email' | 'phone' | 'name'

/** Text, trimmed, at most `max` characters long, of a shape. */
export interface TextRule {
  type: 'text'
  max: number
  shape?: TextShape
  /** When the field is required and empty. */
  required?: string
  /** When the text is not of its shape. */
  invalid?: string
  /** When it is too long; joi's own words when left out. */
  tooLong?: string
}

/** A calendar date, YYYY-MM-DD, that exists, from `fromYear` on. */
export interface DateRule {
  type: 'date'
  fromYear: number
  required?: string
}

/** A number in a range; `notANumber` when something else is refused with the range's words too. */
export interface NumberRule {
  type: 'number'
  min?: number
  max?: number
  integer?: boolean
  range: string
  notANumber?: string
  required?: string
}

/** One of the options. */
export interface ChoiceRule {
  type: 'choice'
  options: string[]
  required?: string
}

/** Some of the options, each once, between `min` and `max` of them. */
export interface ChoicesRule {
  type: 'choices'
  options: string[]
  min: number
  max: number
  tooFew: string
  tooMany: string
  required?: string
}

/** A yes or no; with `mustAccept`, only yes, else that message. */
export interface BooleanRule {
  type: 'boolean'
  mustAccept?: string
  required?: string
}

export type FieldRule = TextRule | DateRule | NumberRule | ChoiceRule | ChoicesRule | BooleanRule

export const EMAIL_RULE: TextRule = {
  type: 'text',
  max: 254,
  shape: 'email',
  required: MESSAGES.emailRequired,
  invalid: MESSAGES.emailInvalid,
}

export const PHONE_RULE: TextRule = {
  type: 'text',
  max: 32,
  shape: 'phone',
  required: MESSAGES.phoneRequired,
  invalid: MESSAGES.phoneInvalid,
}

/**
 * The first message joi gives for `value` under `rule`, when it can be told without joi; undefined
 * when the value passes, or when only the server can tell (joi's own words for a too-long text, a
 * phone number in its country, an e-mail address beyond its shape). The checks run in joi's order,
 * so a message given here is joi's first one for the field.
 */
export function checkField(rule: FieldRule, value: unknown, required: boolean): string | undefined {
  const missing = rule.required ?? MESSAGES.fieldRequired
  if (value === undefined) return required ? missing : undefined
  switch (rule.type) {
    case 'text': {
      if (typeof value !== 'string') return undefined
      const text = value.trim()
      if (text === '') return required ? missing : undefined
      if (UNSTORABLE.test(text)) return MESSAGES.unstorableCharacter
      if (text.length > rule.max) return rule.tooLong
      const shape = { email: EMAIL_SHAPE, phone: PHONE_SHAPE, name: NAME_PATTERN }
      return rule.shape && !shape[rule.shape].test(text) ? rule.invalid : undefined
    }
    case 'date':
      if (typeof value !== 'string') return undefined
      if (value === '') return required ? missing : undefined
      if (UNSTORABLE.test(value)) return MESSAGES.unstorableCharacter
      return isCalendarDate(value, rule.fromYear) ? undefined : INVALID_DATE
    case 'number': {
      if (typeof value !== 'number') return undefined
      if (Number.isNaN(value)) return rule.notANumber
      // joi's own words for an infinite or unsafe number, before the range.
      if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return undefined
      const outside =
        (rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)
      return (rule.integer && !Number.isInteger(value)) || outside ? rule.range : undefined
    }
    case 'choices':
      if (!Array.isArray(value) || value.some((option) => !rule.options.includes(option))) {
        return undefined
      }
      if (new Set(value).size !== value.length) return undefined
      if (value.length < rule.min) return rule.tooFew
      return value.length > rule.max ? rule.tooMany : undefined
    case 'boolean':
      return value === false && rule.mustAccept ? rule.mustAccept : undefined
    case 'choice':
      return undefined
  }
}

/** Whether `value` is a YYYY-MM-DD date that exists, from `fromYear` on. */
export function isCalendarDate(value: string, fromYear: number): boolean {
  if (!DATE_PATTERN.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    date.getUTCFullYear() >= fromYear
  )
}
