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
  const route = INVALID_ROUTE.exec(message)
  if (route) return { key: 'notFound.invalidRoute', values: { fullPath: route[1] ?? '' } }
  const unmatched = NO_ROUTE.exec(message)
  if (unmatched) return { key: 'notFound.title', values: { path: unmatched[1] ?? '' } }
  return undefined
}
