import {
  googleCalendarUrl,
  icsCalendar,
  outlookCalendarUrl,
  type CalendarEvent,
} from './calendar-links'

const event: CalendarEvent = {
  uid: 'booking-7-0@harbor-physio',
  title: 'Consultation with Dr. Lena Vogel',
  description: 'Reschedule: https://example.com/r\nCancel: https://example.com/c',
  location: 'Harbor Physio, Hafenstraße 1, Hamburg',
  start: Date.UTC(2030, 2, 4, 9, 0),
  end: Date.UTC(2030, 2, 4, 9, 30),
  cancelled: false,
}

describe('calendar links', () => {
  it('builds a Google Calendar template link in UTC', () => {
    const url = new URL(googleCalendarUrl(event))
    expect(url.hostname).toBe('calendar.google.com')
    expect(url.searchParams.get('dates')).toBe('20300304T090000Z/20300304T093000Z')
    expect(url.searchParams.get('text')).toBe(event.title)
    expect(url.searchParams.get('location')).toBe(event.location)
  })

  it('builds an Outlook compose link with ISO instants', () => {
    const url = new URL(outlookCalendarUrl(event))
    expect(url.searchParams.get('startdt')).toBe('2030-03-04T09:00:00.000Z')
    expect(url.searchParams.get('enddt')).toBe('2030-03-04T09:30:00.000Z')
  })

  it('writes an RFC 5545 file with one event per occurrence', () => {
    const second = {
      ...event,
      uid: 'booking-7-1@harbor-physio',
      start: event.start + 7 * 864e5,
      end: event.end + 7 * 864e5,
    }
    const ics = icsCalendar([event, second])
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r?\n/)
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2)
    expect(ics).toContain('DTSTART:20300304T090000Z')
    expect(ics).toContain('DTSTART:20300311T090000Z')
    expect(ics).toContain('UID:booking-7-1@harbor-physio')
    expect(ics).toContain('STATUS:CONFIRMED')
    expect(icsCalendar([{ ...event, cancelled: true }])).toContain('STATUS:CANCELLED')
  })
})
