import fc from 'fast-check'
import ICAL from 'ical.js'
import { propertyRuns } from '../../../src/lib/testing/properties'
import { busyTimes } from './busy-times'
import { calendarFeed, eventCalendar, type FeedEvent } from './feed'

const NOW = Date.parse('2026-03-01T08:00:00Z')

const booking = (overrides: Partial<FeedEvent> = {}): FeedEvent => ({
  uid: 'booking-17-0@harbor-physio',
  start: Date.parse('2026-03-10T09:00:00Z'),
  end: Date.parse('2026-03-10T09:45:00Z'),
  summary: 'Physiotherapy · Ada Lovelace',
  status: 'CONFIRMED',
  sequence: 0,
  updatedAt: Date.parse('2026-02-20T12:00:00Z'),
  ...overrides,
})

const parse = (text: string) => new ICAL.Component(ICAL.parse(text))
const utc = (value: unknown) => (value instanceof ICAL.Time ? value.toJSDate().toISOString() : null)

/** Each line of the text with its length in octets, and whether every line ends in CRLF. */
function lines(text: string) {
  const all = text.split('\r\n')
  return {
    endsInCrlf: text.endsWith('\r\n') && !text.replace(/\r\n/g, '').includes('\n'),
    octets: all.slice(0, -1).map((line) => Buffer.byteLength(line)),
  }
}

describe('calendarFeed', () => {
  test('a VCALENDAR to subscribe to, one VEVENT per event, read back by ical.js', () => {
    const events = [
      booking({
        description: 'Client: Ada Lovelace\nService: Physiotherapy',
        location: 'Harbour Street 4, Kiel',
        url: 'https://example.com/dashboard/bookings/17',
        sequence: 3,
      }),
      booking({
        uid: 'booking-18-0@harbor-physio',
        start: Date.parse('2026-03-11T14:00:00Z'),
        end: Date.parse('2026-03-11T15:00:00Z'),
        status: 'TENTATIVE',
      }),
    ]
    const calendar = parse(calendarFeed('Anna Schmidt – bookings', events, NOW))
    expect(calendar.name).toBe('vcalendar')
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toBe('harbor-physio/booking')
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN')
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Anna Schmidt – bookings')
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT15M')
    expect(calendar.getFirstProperty('refresh-interval')?.type).toBe('duration')
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT15M')

    const vevents = calendar.getAllSubcomponents('vevent')
    expect(vevents).toHaveLength(2)
    const [first, second] = vevents
    expect({
      uid: first?.getFirstPropertyValue('uid'),
      dtstamp: utc(first?.getFirstPropertyValue('dtstamp')),
      dtstart: utc(first?.getFirstPropertyValue('dtstart')),
      dtend: utc(first?.getFirstPropertyValue('dtend')),
      summary: first?.getFirstPropertyValue('summary'),
      description: first?.getFirstPropertyValue('description'),
      location: first?.getFirstPropertyValue('location'),
      url: first?.getFirstPropertyValue('url'),
      status: first?.getFirstPropertyValue('status'),
      sequence: first?.getFirstPropertyValue('sequence'),
      lastModified: utc(first?.getFirstPropertyValue('last-modified')),
    }).toEqual({
      uid: 'booking-17-0@harbor-physio',
      dtstamp: '2026-03-01T08:00:00.000Z',
      dtstart: '2026-03-10T09:00:00.000Z',
      dtend: '2026-03-10T09:45:00.000Z',
      summary: 'Physiotherapy · Ada Lovelace',
      description: 'Client: Ada Lovelace\nService: Physiotherapy',
      location: 'Harbour Street 4, Kiel',
      url: 'https://example.com/dashboard/bookings/17',
      status: 'CONFIRMED',
      sequence: 3,
      lastModified: '2026-02-20T12:00:00.000Z',
    })
    expect(second?.getFirstPropertyValue('status')).toBe('TENTATIVE')
    // Absent fields are left out, not written empty.
    expect(second?.hasProperty('description')).toBe(false)
    expect(second?.hasProperty('location')).toBe(false)
    expect(second?.hasProperty('url')).toBe(false)
  })

  test('times are in UTC with Z, to the second', () => {
    const text = calendarFeed(
      'Feed',
      [booking({ start: Date.parse('2026-03-10T09:00:00.750Z') })],
      NOW,
    )
    expect(text).toContain('\r\nDTSTART:20260310T090000Z\r\n')
    expect(text).toContain('\r\nDTEND:20260310T094500Z\r\n')
    expect(text).toContain('\r\nDTSTAMP:20260301T080000Z\r\n')
  })

  test('a summary with commas, semicolons, line breaks, German and Polish survives', () => {
    const summary = 'Größe, Übung; Maßnahme\nZażółć gęślą jaźń — Łódź, Śląsk; Wrocław\\Kraków'
    const text = calendarFeed(
      'Kalendarz',
      [booking({ summary, description: summary, location: summary })],
      NOW,
    )
    expect(text).toContain('SUMMARY:Größe\\, Übung\\; Maßnahme\\nZażółć')
    const event = parse(text).getFirstSubcomponent('vevent')
    expect(event?.getFirstPropertyValue('summary')).toBe(summary)
    expect(event?.getFirstPropertyValue('description')).toBe(summary)
    expect(event?.getFirstPropertyValue('location')).toBe(summary)
  })

  test('control characters are dropped; CR and CRLF become line breaks', () => {
    const event = parse(
      calendarFeed('Feed', [booking({ summary: 'a\u0000b\u0007c\r\nd\re\tf' })], NOW),
    ).getFirstSubcomponent('vevent')
    expect(event?.getFirstPropertyValue('summary')).toBe('abc\nd\ne\tf')
  })

  test('every line ends in CRLF and is at most 75 octets, folded between characters', () => {
    fc.assert(
      fc.property(
        // Long enough to fold several times (fast-check's strings are short by default).
        fc.string({ unit: 'binary', minLength: 80, maxLength: 400 }),
        fc.string({ unit: 'grapheme', minLength: 40, maxLength: 300 }),
        (summary, description) => {
          const event = booking({ summary, description, location: summary + description })
          for (const text of [calendarFeed(description, [event], NOW), eventCalendar(event, NOW)]) {
            const { endsInCrlf, octets } = lines(text)
            expect(endsInCrlf).toBe(true)
            expect(Math.max(...octets)).toBeLessThanOrEqual(75)
            // Unfolded, nothing was cut inside a character: the text reads back whole.
            const vevent = parse(text).getFirstSubcomponent('vevent')
            const clean = (value: string) =>
              [...value.replace(/\r\n?/g, '\n')]
                .filter(
                  (char) => char === '\n' || char === '\t' || (char >= ' ' && char !== '\x7f'),
                )
                .join('')
            expect(vevent?.getFirstPropertyValue('summary')).toBe(clean(summary))
            expect(vevent?.getFirstPropertyValue('description') ?? '').toBe(clean(description))
          }
        },
      ),
      propertyRuns(200, 5545),
    )
  })

  test('one VEVENT per event, the same UID each time, only DTSTAMP following the clock', () => {
    const events = Array.from({ length: 5 }, (_, i) =>
      booking({
        uid: `booking-${i}-0@harbor-physio`,
        start: Date.parse('2026-03-10T09:00:00Z') + i * 3_600_000,
      }),
    )
    const earlier = calendarFeed('Feed', events, NOW)
    const later = calendarFeed('Feed', events, NOW + 600_000)
    expect(
      parse(earlier)
        .getAllSubcomponents('vevent')
        .map((event) => event.getFirstPropertyValue('uid')),
    ).toEqual(events.map((event) => event.uid))
    expect(later.replaceAll('DTSTAMP:20260301T081000Z', 'DTSTAMP:20260301T080000Z')).toBe(earlier)
  })

  test('busyTimes over the feed gives back the events’ times, cancelled ones left out', () => {
    const events = [
      booking(),
      booking({
        uid: 'b',
        start: Date.parse('2026-03-10T11:00:00Z'),
        end: Date.parse('2026-03-10T12:00:00Z'),
        status: 'CANCELLED',
      }),
      booking({
        uid: 'c',
        start: Date.parse('2026-03-12T23:30:00Z'),
        end: Date.parse('2026-03-13T00:30:00Z'),
        status: 'TENTATIVE',
      }),
    ]
    const window = {
      from: Date.parse('2026-03-01T00:00:00Z'),
      to: Date.parse('2026-04-01T00:00:00Z'),
    }
    expect(busyTimes([calendarFeed('Feed', events, NOW)], window, 'America/New_York')).toEqual({
      busy: [
        { start: Date.parse('2026-03-10T09:00:00Z'), end: Date.parse('2026-03-10T09:45:00Z') },
        { start: Date.parse('2026-03-12T23:30:00Z'), end: Date.parse('2026-03-13T00:30:00Z') },
      ],
      skipped: 0,
    })
  })
})

describe('eventCalendar', () => {
  test('one VEVENT in a VCALENDAR without METHOD, as a CalDAV PUT needs', () => {
    const text = eventCalendar(booking({ sequence: 2, status: 'CANCELLED' }), NOW)
    const calendar = parse(text)
    expect(calendar.hasProperty('method')).toBe(false)
    expect(calendar.hasProperty('x-wr-calname')).toBe(false)
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toBe('harbor-physio/booking')
    const vevents = calendar.getAllSubcomponents('vevent')
    expect(vevents).toHaveLength(1)
    expect(vevents[0]?.getFirstPropertyValue('uid')).toBe('booking-17-0@harbor-physio')
    expect(vevents[0]?.getFirstPropertyValue('sequence')).toBe(2)
    expect(vevents[0]?.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(lines(text).endsInCrlf).toBe(true)
  })
})
