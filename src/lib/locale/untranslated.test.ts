import { allowedSegments, segmentsOf, untranslatedSegments } from './untranslated'

describe('the pieces of a text a reader takes in one go', () => {
  it('splits lines, sentences, labels from values, lists and a calendar title', () => {
    expect(
      segmentsOf(
        'Hello Ana,\n\nYour appointment is booked. Nothing was charged.\nService:   Massage, Yoga\n' +
          'Massage · Harbor Physio',
      ),
    ).toEqual([
      'Hello Ana',
      'Your appointment is booked.',
      'Nothing was charged.',
      'Service',
      'Massage',
      'Yoga',
      'Massage',
      'Harbor Physio',
    ])
  })

  it('keeps a title with its name, an address whole, and leaves out what has no words', () => {
    expect(segmentsOf('Dr. Lena Vogel · €50.00 · 10:00')).toEqual(['Dr. Lena Vogel'])
    expect(segmentsOf('Bo Berg <bo@example.com>')).toEqual(['Bo Berg', 'bo@example.com'])
    expect(segmentsOf('(2 dates)')).toEqual(['2 dates'])
    expect(segmentsOf('Name (Deutsch)')).toEqual(['Name (Deutsch)'])
  })
})

describe('what a translation forgot', () => {
  const allowed = allowedSegments({ 'Harbor Physio': 'a brand' })
  const isAllowed = (segment: string) => allowed.has(segment)

  it('is every piece equal to an English one, a service name inside a translated subject too', () => {
    expect(
      untranslatedSegments(
        ['Appointment confirmed: Sports massage', 'Kind regards,\nHarbor Physio'],
        ['Termin bestätigt: Sports massage', 'Mit freundlichen Grüßen\nHarbor Physio'],
        isAllowed,
      ),
    ).toEqual(['Sports massage'])
  })

  it('is nothing when every piece is translated or allowed', () => {
    expect(
      untranslatedSegments(['Kind regards, Harbor Physio'], ['Hilsen, Harbor Physio'], isAllowed),
    ).toEqual([])
  })
})
