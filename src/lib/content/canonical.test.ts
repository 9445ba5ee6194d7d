import { canonicalUrl, isCanonicalAddress, MAX_CANONICAL_LENGTH } from './canonical'

describe('a canonical address', () => {
  it('is a path on this site or an https address elsewhere', () => {
    for (const ok of [
      '/',
      '/en/journal/b/other-post/',
      '/de/c/sports/b/l%C3%A4uferknie/',
      'https://example.com',
      'https://news.example.com/2024/knee?id=7',
    ]) {
      expect([ok, isCanonicalAddress(ok)]).toEqual([ok, true])
    }
  })

  it('is not a relative path, another host in disguise, another scheme, nor text with spaces', () => {
    for (const bad of [
      'en/journal/',
      '//evil.example/x',
      '/\\evil.example',
      '/en/journal/?page=2',
      '/en/journal/#top',
      '/en/über/',
      'http://example.com/x',
      'javascript:alert(1)',
      'https://',
      'https://user@example.com/',
      'https://example.com/a b',
      'https://example.com/x#part',
      `/${'a'.repeat(MAX_CANONICAL_LENGTH)}`,
    ]) {
      expect([bad, isCanonicalAddress(bad)]).toEqual([bad, false])
    }
  })

  it('makes a path on this site absolute and leaves an address elsewhere as it is', () => {
    expect(canonicalUrl('https://clinic.example', '/en/journal/b/other-post/')).toBe(
      'https://clinic.example/en/journal/b/other-post/',
    )
    expect(canonicalUrl('https://clinic.example', 'https://news.example/knee')).toBe(
      'https://news.example/knee',
    )
  })
})
