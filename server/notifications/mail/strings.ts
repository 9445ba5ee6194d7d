import type { Locale } from '../../../src/lib/locale/locales'
import type { VisitorMessage } from '../rules'
import { da } from './locales/da'
import { de } from './locales/de'
import { en } from './locales/en'
import { es } from './locales/es'
import { fr } from './locales/fr'
import { hu } from './locales/hu'
import { it } from './locales/it'
import { nl } from './locales/nl'
import { pl } from './locales/pl'
import { pt } from './locales/pt'
import { ptBr } from './locales/pt-br'

/**
 * The words of the visitor's e-mails, in one object per language; the type makes every language
 * carry every string. Placeholders in braces: the spec's `{time}`, `{title}` (the services) and
 * `{guestCount}`, and `{name}`, `{provider}`, `{previousTime}`.
 */
export interface MailStrings {
  /** Each message's subject; `{title}` is the services booked. */
  subject: Record<VisitorMessage, string>
  /** Each message's first sentence; `{time}` is the appointment's date and time. */
  lead: Record<VisitorMessage, string>
  greeting: string
  /** A guest's copy says why it came, without naming who booked. */
  guestIntro: string
  when: string
  previousTime: string
  service: string
  staff: string
  location: string
  /** `{guestCount}`: the party's size. */
  people: string
  price: string
  deposit: string
  /** What the visitor has paid so far. */
  paid: string
  /** The link to complete a held booking's payment. */
  pay: string
  reason: string
  manage: string
  reschedule: string
  cancel: string
  /** Instead of the links once no change is possible online; `{provider}`: whom to contact. */
  manageClosed: string
  /** Under an e-mail whose calendar file adds or updates the entry. */
  calendar: string
  /** Under an e-mail whose calendar file removes the entry (cancelled, declined, released). */
  calendarRemoved: string
  /** The calendar entry's description: `{services}` with `{staff}`. */
  calendarWith: string
  regards: string
  /** The e-mail to a staff member whose calendar connection keeps failing. */
  calendarFailing: CalendarFailingStrings
}

/**
 * The words of the calendar-failing e-mail: `{staff}` is whose calendar, `{provider}` the
 * business. It goes to the staff member's accounts, or to the business's address.
 */
export interface CalendarFailingStrings {
  subject: string
  lead: string
  /** The labels of the connection's address, the first failed read and the last error. */
  address: string
  since: string
  error: string
  /** What the product does while it cannot read the calendar. */
  meanwhile: string
  /** Before the link to the dashboard's Calendars screen. */
  fix: string
  open: string
  /** Why no second e-mail follows while the failure lasts. */
  once: string
  footer: string
}

export const MAIL_STRINGS: Record<Locale, MailStrings> = {
  da,
  de,
  en,
  es,
  fr,
  hu,
  it,
  nl,
  pl,
  'pt-br': ptBr,
  pt,
}
