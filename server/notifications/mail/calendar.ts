import type { BookingView } from '../../../src/lib/booking/api-types'
import type { Locale } from '../../../src/lib/locale/locales'
import {
  calendarUid,
  icsCalendar,
  type CalendarEvent,
  type CalendarUpdate,
} from '../../booking/views/calendar-links'
import { ACTIVE_STATUSES } from '../../booking/views/policy'
import { fill, type MailFacts } from './render'
import { MAIL_STRINGS } from './strings'

/** An e-mail's calendar file adds the entry while the booking is on, and removes it once not. */
export const calendarMethod = (status: BookingView['status']): CalendarUpdate['method'] =>
  ACTIVE_STATUSES.includes(status) ? 'PUBLISH' : 'CANCEL'

/** What a booking's calendar entries say, and in which language: an e-mail's or a page's. */
export interface CalendarText {
  locale: Locale
  facts: MailFacts
  /** The manage links the booking's policy still allows (null: no longer possible online). */
  links?: { reschedule: string | null; cancel: string | null }
}

/**
 * A booking's calendar entries, one per occurrence, in `text.locale` with its services and staff
 * (a guest's copy: the guest's own): the events of its calendar files and of its Google and
 * Outlook links alike, so an entry reads the same whichever way the visitor adds it.
 */
export function calendarEvents(view: BookingView, text: CalendarText): CalendarEvent[] {
  const words = MAIL_STRINGS[text.locale]
  const services = text.facts.services.join(', ')
  const withStaff = fill(words.calendarWith, { services, staff: text.facts.staff.join(', ') })
  const manage = [
    text.links?.reschedule && `${words.reschedule}: ${text.links.reschedule}`,
    text.links?.cancel && `${words.cancel}: ${text.links.cancel}`,
  ].filter(Boolean)
  return view.occurrences.map((occurrence, index) => ({
    uid: calendarUid(view.id, index, view.provider.slug),
    title: `${services} · ${view.provider.name}`,
    description: [withStaff, manage.join('\n')].filter(Boolean).join('\n\n'),
    location: view.location,
    start: Date.parse(occurrence.start),
    end: Date.parse(occurrence.end),
    cancelled: calendarMethod(view.status) === 'CANCEL',
  }))
}

/**
 * The calendar file an e-mail carries, with the entries `calendarEvents` makes. Every file of a
 * booking has the same UIDs; `sequence` is the booking's version, which every command on it
 * raises in its own transaction, so a later file replaces an earlier one in the visitor's
 * calendar and a cancellation removes it.
 */
export function mailCalendar(view: BookingView, mail: CalendarText & { sequence: number }): string {
  return icsCalendar(calendarEvents(view, mail), {
    method: calendarMethod(view.status),
    sequence: mail.sequence,
  })
}
