import { embedScriptUrl } from './snippets'

describe('embedScriptUrl', () => {
  const apiUrl = process.env.GATSBY_API_URL
  afterEach(() => {
    if (apiUrl === undefined) delete process.env.GATSBY_API_URL
    else process.env.GATSBY_API_URL = apiUrl
  })

  it("is on the page's own server when the API is", () => {
    delete process.env.GATSBY_API_URL
    expect(embedScriptUrl('https://clinic.example/de/admin/embedding/')).toBe(
      'https://clinic.example/embed.js',
    )
  })

  it('is on the API server when the site is served from elsewhere (GATSBY_API_URL)', () => {
    process.env.GATSBY_API_URL = 'https://booking.clinic.example/api'
    expect(embedScriptUrl('https://cdn.example/de/embed/')).toBe(
      'https://booking.clinic.example/embed.js',
    )
  })
})
