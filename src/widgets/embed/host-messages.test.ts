import { findEmbedHost } from './host-messages'
import { prefilledContact, themeColour } from './prefill'

const parent = { postMessage: () => undefined }

function framed({
  search = '?embedHost=https%3A%2F%2Fclinic.example&embedId=w1',
  ancestorOrigins,
  referrer = '',
}: {
  search?: string
  ancestorOrigins?: string[]
  referrer?: string
}) {
  return { parent, self: {}, location: { search, ancestorOrigins }, document: { referrer } }
}

describe('the page an embedded widget reports to', () => {
  it('is the origin the URL names, when the browser says that page is the parent', () => {
    const host = { origin: 'https://clinic.example', id: 'w1' }
    expect(findEmbedHost(framed({ ancestorOrigins: ['https://clinic.example'] }))).toEqual(host)
    // Firefox has no ancestorOrigins: the referrer (an origin, by default) says it instead.
    expect(findEmbedHost(framed({ referrer: 'https://clinic.example/book/' }))).toEqual(host)
  })

  it('is none when another page frames the widget than the URL names', () => {
    expect(findEmbedHost(framed({ ancestorOrigins: ['https://evil.example'] }))).toBeUndefined()
    expect(findEmbedHost(framed({ referrer: 'https://evil.example/' }))).toBeUndefined()
    // With neither, nothing says who the parent is: nothing is sent.
    expect(findEmbedHost(framed({}))).toBeUndefined()
  })

  it('is none when not framed, or when the URL names no web origin', () => {
    const top = { ...framed({ ancestorOrigins: [] }), parent: null }
    expect(findEmbedHost(top)).toBeUndefined()
    const self = framed({ ancestorOrigins: ['https://clinic.example'] })
    expect(findEmbedHost({ ...self, parent: self.self as typeof parent })).toBeUndefined()
    for (const search of ['', '?embedHost=*', '?embedHost=javascript%3Aalert(1)']) {
      expect(findEmbedHost(framed({ search, referrer: 'https://clinic.example/' }))).toBeUndefined()
    }
  })
})

describe('what the URL fills in', () => {
  it('takes the contact fields it names, and ignores the rest', () => {
    expect(
      prefilledContact('?firstName=Ada&email=ada%40example.com&dateOfBirth=1990-01-01&phone=+'),
    ).toEqual({ firstName: 'Ada', email: 'ada@example.com' })
  })

  it('takes a hex theme colour and nothing else', () => {
    expect(themeColour('?theme=%230a7')).toBe('#0a7')
    expect(themeColour('?theme=%23123abc')).toBe('#123abc')
    for (const search of ['', '?theme=red', '?theme=%23000;background:url(x)']) {
      expect(themeColour(search)).toBeUndefined()
    }
  })
})
