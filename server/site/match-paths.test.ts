import { findMatchPath, type MatchPath } from './match-paths'

const entries: MatchPath[] = [
  { matchPath: '/widget/*', path: '/widget/[...]/' },
  { matchPath: '/de/widget/*', path: '/de/widget/[...]/' },
  { matchPath: '/v2/preview/:id/*', path: '/v2/preview/[...]/' },
]

describe('findMatchPath', () => {
  it('answers any path under a splat with its page', () => {
    expect(findMatchPath('/widget/appointment/clinic/consultation', entries)?.path).toBe(
      '/widget/[...]/',
    )
    expect(findMatchPath('/widget', entries)?.path).toBe('/widget/[...]/')
  })

  it('keeps locale-prefixed client-only pages apart', () => {
    expect(findMatchPath('/de/widget/booking/12', entries)?.path).toBe('/de/widget/[...]/')
  })

  it('matches named parameters one segment each', () => {
    expect(findMatchPath('/v2/preview/abc/b/post', entries)?.path).toBe('/v2/preview/[...]/')
    expect(findMatchPath('/v2/preview', entries)).toBeUndefined()
  })

  it('prefers the most specific pattern', () => {
    const withCatchAll = [{ matchPath: '/*', path: '/catch/' }, ...entries]
    expect(findMatchPath('/widget/x', withCatchAll)?.path).toBe('/widget/[...]/')
    expect(findMatchPath('/other', withCatchAll)?.path).toBe('/catch/')
  })

  it('answers nothing for paths no pattern covers', () => {
    expect(findMatchPath('/fr/widget/x', entries)).toBeUndefined()
    expect(findMatchPath('/widgets', entries)).toBeUndefined()
  })
})
