import type { BookingView } from '../../../src/lib/booking/api-types'
import type { Locale } from '../../../src/lib/locale/locales'
import { calendarUid, icsCalendar, type CalendarUpdate } from '../../booking/views/calendar-links'
import { ACTIVE_STATUSES } from '../../booking/views/policy'
import { fill, type MailFacts } from './render'
import { MAIL_STRINGS } from './strings'

/** An e-mail's calendar file adds the entry while the booking is on, and removes it once not. */
export const calendarMethod = (status: BookingView['status']): CalendarUpdate['method'] =>
  ACTIVE_STATUSES.includes(status) ? 'PUBLISH' : 'CANCEL'

/**
 * The calendar file an e-mail carries, in the e-mail's language and with its services and staff
 * (a guest's copy: the guest's own). Every file of a booking has the same UIDs; `sequence` is the
 * booking's version, which every command on it raises in its own transaction, so a later file
 * replaces an earlier one in the visitor's calendar and a cancellation removes it.
 */
export function mailCalendar(
  view: BookingView,
  mail: {
    locale: Locale
    facts: MailFacts
    sequence: number
    /** The manage links the booking's policy still allows (null: no longer possible online). */
    links?: { reschedule: string | null; cancel: string | null }
  },
): string {
  const words = MAIL_STRINGS[mail.locale]
  const services = mail.facts.services.join(', ')
  const withStaff = fill(words.calendarWith, { services, staff: mail.facts.staff.join(', ') })
  const manage = [
    mail.links?.reschedule && `${words.reschedule}: ${mail.links.reschedule}`,
    mail.links?.cancel && `${words.cancel}: ${mail.links.cancel}`,
  ].filter(Boolean)
  const method = calendarMethod(view.status)
  return icsCalendar(
    view.occurrences.map((occurrence, index) => ({
      uid: calendarUid(view.id, index, view.provider.slug),
      title: `${services} · ${view.provider.name}`,
      description: [withStaff, manage.join('\n')].filter(Boolean).join('\n\n'),
      location: view.location,
      start: Date.parse(occurrence.start),
      end: Date.parse(occurrence.end),
      cancelled: method === 'CANCEL',
    })),
    { method, sequence: mail.sequence },
  )
}
