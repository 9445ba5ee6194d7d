import { redactUrl } from './log-redaction'

describe('redactUrl', () => {
  it('hides manage tokens and one-time slugs in paths and queries', () => {
    expect(redactUrl('/api/bookings/manage/abcDEF_123/cancel')).toBe(
      '/api/bookings/manage/[redacted]/cancel',
    )
    expect(redactUrl('/api/one-time-links/welcome')).toBe('/api/one-time-links/[redacted]')
    expect(redactUrl('/de/widget/otl/welcome?x=1')).toBe('/de/widget/otl/[redacted]?x=1')
    expect(redactUrl('/widget/cancel-booking?token=secret&lang=de')).toBe(
      '/widget/cancel-booking?token=[redacted]&lang=de',
    )
    expect(redactUrl('/widget/bookings/consultation?reschedule=secret')).toBe(
      '/widget/bookings/consultation?reschedule=[redacted]',
    )
    expect(redactUrl('/api/content/preview/posts/draft?token=secret')).toBe(
      '/api/content/preview/posts/draft?token=[redacted]',
    )
    expect(redactUrl('/api/embed/check?path=otl%2Fwelcome&locale=de')).toBe(
      '/api/embed/check?path=otl%2F[redacted]&locale=de',
    )
    expect(redactUrl('/api/embed/check?locale=de&path=/otl/welcome')).toBe(
      '/api/embed/check?locale=de&path=/otl/[redacted]',
    )
    expect(redactUrl('/api/embed/check?path=form%2Fintake')).toBe(
      '/api/embed/check?path=form%2Fintake',
    )
    expect(redactUrl('/api/services/1/slots?month=2030-01')).toBe(
      '/api/services/1/slots?month=2030-01',
    )
  })
})
