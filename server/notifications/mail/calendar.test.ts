import { partyView } from '../test-support'
import { mailCalendar } from './calendar'
import { factsOf } from './facts'

const links = {
  reschedule: 'https://clinic.example/de/widget/bookings/consult?reschedule=TOKEN',
  cancel: 'https://clinic.example/de/widget/cancel-booking?token=TOKEN',
}

/** The file the visitor's e-mail carries when the booking is as `view` says, at `version`. */
function visitorFile(view = partyView(), version = 1, locale: 'en' | 'de' = 'en') {
  return mailCalendar(view, {
    locale,
    facts: factsOf(view, locale),
    sequence: version,
    links: view.status === 'confirmed' ? links : undefined,
  })
}

/** The file's lines, unfolded (RFC 5545 folds long lines with CRLF and a space). */
const linesOf = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split(/\r\n/)
const field = (ics: string, name: string) =>
  linesOf(ics)
    .filter((line) => line.startsWith(`${name}:`))
    .map((line) => line.slice(name.length + 1))

describe('the calendar file of a booking’s e-mails', () => {
  it('updates one calendar entry through confirmation, reschedule and cancellation', () => {
    const confirmed = visitorFile(partyView(), 1)
    const moved = visitorFile(
      partyView({
        occurrences: [{ start: '2030-03-06T09:00:00.000Z', end: '2030-03-06T09:30:00.000Z' }],
      }),
      2,
    )
    const cancelled = visitorFile(partyView({ status: 'cancelled' }), 3)
    for (const ics of [confirmed, moved, cancelled]) {
      expect(field(ics, 'UID')).toEqual(['booking-7-0@clinic'])
    }
    expect([confirmed, moved, cancelled].map((ics) => field(ics, 'SEQUENCE'))).toEqual([
      ['1'],
      ['2'],
      ['3'],
    ])
    expect(field(moved, 'DTSTART')).toEqual(['20300306T090000Z'])
    expect(field(confirmed, 'METHOD')).toEqual(['PUBLISH'])
    expect(field(confirmed, 'STATUS')).toEqual(['CONFIRMED'])
    // A cancellation removes the entry instead of adding a cancelled one beside it.
    expect(field(cancelled, 'METHOD')).toEqual(['CANCEL'])
    expect(field(cancelled, 'STATUS')).toEqual(['CANCELLED'])
  })

  it('cancels the entry of a declined request and of a hold that ran out', () => {
    for (const status of ['declined', 'expired'] as const) {
      expect(field(visitorFile(partyView({ status }), 2), 'METHOD')).toEqual(['CANCEL'])
    }
  })

  it('writes the summary and description in the e-mail’s language', () => {
    const ics = visitorFile(partyView(), 1, 'de')
    expect(field(ics, 'SUMMARY')).toEqual(['Beratung\\, Massage (de) · Test Clinic'])
    expect(field(ics, 'DESCRIPTION')).toEqual([
      `Beratung\\, Massage (de) bei Anna\\, Ben\\n\\nVerschieben: ${links.reschedule}\\n` +
        `Termin absagen: ${links.cancel}`,
    ])
    expect(ics).not.toMatch(/ with |Reschedule:|Cancel:/)
  })

  it('gives a guest an entry of their own service and staff, without the visitor’s links', () => {
    const view = partyView()
    const ics = mailCalendar(view, { locale: 'en', facts: factsOf(view, 'en', 1), sequence: 1 })
    expect(field(ics, 'SUMMARY')).toEqual(['Massage · Test Clinic'])
    expect(field(ics, 'DESCRIPTION')).toEqual(['Massage with Ben'])
    expect(field(ics, 'UID')).toEqual(['booking-7-0@clinic'])
  })
})
