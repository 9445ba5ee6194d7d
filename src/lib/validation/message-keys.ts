import { MESSAGES, type MessageKey } from './messages'

/** A translation key and its values, for a message the widget shows in the visitor's language. */
export interface MessageTranslation {
  key: string
  values?: Record<string, number | string>
}

const KEY_OF = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
)

const SEATS_LEFT = /^Total available seats for this slot is only (\d+)$/
const MAX_SLOTS = /^You can reserve up to (\d+) slots for this service\./
const NUMBER_RANGE = /^Please enter a number from (-?[\d.]+) to (-?[\d.]+)$/
const NUMBER_MIN = /^Please enter a number of at least (-?[\d.]+)$/
const NUMBER_MAX = /^Please enter a number of at most (-?[\d.]+)$/
const MAX_CHOICES = /^Please choose at most (\d+) options$/
const INVALID_ROUTE = /^Page Not Found: (.+)$/
const NO_ROUTE = /^Page not found: (.+)$/

/**
 * The translation key of one of the spec's English messages, as joi and the server produce them;
 * undefined for any other text, which is then shown as it is.
 */
export function messageTranslationOf(message: string): MessageTranslation | undefined {
  const key = KEY_OF.get(message)
  if (key) return { key: `messages.${key}` }
  const seats = SEATS_LEFT.exec(message)
  if (seats) return { key: 'messages.seatsLeft', values: { count: Number(seats[1]) } }
  const slots = MAX_SLOTS.exec(message)
  if (slots) return { key: 'messages.maxSlots', values: { count: Number(slots[1]) } }
  const between = NUMBER_RANGE.exec(message)
  if (between)
    return { key: 'messages.numberRange', values: { min: between[1]!, max: between[2]! } }
  const atLeast = NUMBER_MIN.exec(message)
  if (atLeast) return { key: 'messages.numberMin', values: { min: atLeast[1]! } }
  const atMost = NUMBER_MAX.exec(message)
  if (atMost) return { key: 'messages.numberMax', values: { max: atMost[1]! } }
  const choices = MAX_CHOICES.exec(message)
  if (choices) return { key: 'messages.maxChoices', values: { count: Number(choices[1]) } }
  const route = INVALID_ROUTE.exec(message)
  if (route) return { key: 'notFound.invalidRoute', values: { fullPath: route[1] ?? '' } }
  const unmatched = NO_ROUTE.exec(message)
  if (unmatched) return { key: 'notFound.title', values: { path: unmatched[1] ?? '' } }
  return undefined
}
