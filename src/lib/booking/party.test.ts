import { decodePartyLines, encodePartyLines, PARTY_LINES_PATTERN } from './party'

describe('party lines in a query string', () => {
  it('round-trips lines with and without a chosen staff member', () => {
    const lines = [
      { serviceId: 3, staffId: null },
      { serviceId: 3, staffId: 12 },
      { serviceId: 4, staffId: null },
    ]
    const text = encodePartyLines(lines)
    expect(text).toBe('3,3.12,4')
    expect(PARTY_LINES_PATTERN.test(text)).toBe(true)
    expect(decodePartyLines(text)).toEqual(lines)
  })

  it.each(['', ',', '3,', '3..4', 'a', '3.4.5', '-1'])('rejects %j', (text) => {
    expect(PARTY_LINES_PATTERN.test(text)).toBe(false)
  })
})
