import { categoryPaths, pageCount, pagedPath, postPaths, productPaths } from './site-paths'
import {
  isSiteShape,
  isWidgetPath,
  notFoundMessage,
  parsePreviewPath,
  widgetPathAtRoot,
} from './site-routes'

const hosts = { blogPath: 'journal', storePath: 'shop' }

describe('site paths', () => {
  it('name a post under the blog page first, then every alternative shape', () => {
    expect(postPaths(hosts, 'knee', ['running'])).toEqual([
      '/journal/b/knee/',
      '/b/knee/',
      '/post/knee/',
      '/journal/c/running/b/knee/',
      '/c/running/b/knee/',
    ])
    expect(categoryPaths(hosts, 'running')).toEqual([
      '/journal/c/running/',
      '/c/running/',
      '/journal/category/running/',
    ])
    expect(productPaths(hosts, '1001')).toEqual(['/shop/product/1001/', '/product/1001/'])
  })

  it('paginates listings after the first page', () => {
    expect(pagedPath('/journal/', 1)).toBe('/journal/')
    expect(pagedPath('/journal/', 2)).toBe('/journal/page/2/')
    expect(pageCount(0)).toBe(1)
    expect(pageCount(7, 6)).toBe(2)
  })
})

describe('route shapes', () => {
  it.each([
    '/en/about/',
    '/de/journal/b/anything',
    '/b/anything/',
    '/fr/post/x/',
    '/en/journal/c/x/page/2/',
    '/en/c/x/b/y/',
    '/en/journal/category/x/',
    '/en/journal/author/x/',
    '/en/journal/tag/x/',
    '/en/shop/product/9/',
    '/en/product/9',
    '/en/shop/collections/x/',
    '/collections/x/',
    '/en/v2/preview/p1/b/x/',
  ])('%s has a site shape', (path) => {
    expect(isSiteShape(path)).toBe(true)
  })

  it.each(['/en/a/b/c/d/e/', '/en/journal/x/', '/en/v2/preview/p1/unknown/x/', '/en/'])(
    '%s has none',
    (path) => {
      expect(isSiteShape(path)).toBe(false)
    },
  )

  it('tell the widget from the site, with or without a locale prefix', () => {
    for (const path of ['/widget', '/widget/x/', '/de/widget/appointment/a/b', '/pt-br/widget']) {
      expect(isWidgetPath(path)).toBe(true)
      expect(isSiteShape(path)).toBe(false)
    }
    for (const path of ['/en/widgets/', '/en/about/widget/', '/xx/widget/']) {
      expect(isWidgetPath(path)).toBe(false)
    }
  })

  it('words the 404 as the spec does for each case', () => {
    expect(notFoundMessage('/en/journal/b/missing/', '?x=1')).toBe(
      'Page Not Found: /en/journal/b/missing/?x=1',
    )
    expect(notFoundMessage('/en/a/b/c/d/', '?x=1')).toBe('Page not found: /en/a/b/c/d/')
  })

  it('never shows a preview token, and keeps the rest of the query as it came', () => {
    expect(notFoundMessage('/en/v2/preview/j/b/x/', '?token=s3cret')).toBe(
      'Page Not Found: /en/v2/preview/j/b/x/',
    )
    expect(notFoundMessage('/en/v2/preview/j/b/x/', '?a=1%202&token=s3cret&%74oken=s&b')).toBe(
      'Page Not Found: /en/v2/preview/j/b/x/?a=1%202&b',
    )
    expect(notFoundMessage('/en/journal/b/x/', '?tokens=1')).toBe(
      'Page Not Found: /en/journal/b/x/?tokens=1',
    )
  })
})

describe('preview paths', () => {
  it.each([
    ['/v2/preview/home', { pageId: 'home', kind: 'pages', key: 'home' }],
    ['/de/v2/preview/j/b/knee/', { pageId: 'j', kind: 'posts', key: 'knee' }],
    ['/v2/preview/j/post/knee', { pageId: 'j', kind: 'posts', key: 'knee' }],
    ['/v2/preview/j/c/run/b/knee', { pageId: 'j', kind: 'posts', key: 'knee' }],
    ['/v2/preview/j/c/run', { pageId: 'j', kind: 'categories', key: 'run' }],
    ['/v2/preview/j/category/run', { pageId: 'j', kind: 'categories', key: 'run' }],
    ['/v2/preview/j/author/ana', { pageId: 'j', kind: 'authors', key: 'ana' }],
    ['/v2/preview/j/tag/t', { pageId: 'j', kind: 'tags', key: 't' }],
    ['/v2/preview/s/product/1001', { pageId: 's', kind: 'products', key: '1001' }],
    ['/v2/preview/s/collections/c', { pageId: 's', kind: 'collections', key: 'c' }],
  ])('%s', (path, target) => {
    expect(parsePreviewPath(path)).toEqual(target)
  })

  it('rejects other shapes', () => {
    expect(parsePreviewPath('/v2/preview/')).toBeUndefined()
    expect(parsePreviewPath('/v2/preview/j/x/y')).toBeUndefined()
    expect(parsePreviewPath('/v2/preview/j/c/a/x/b')).toBeUndefined()
  })
})

describe("the widget's routes at the root (spec §2, payment verification)", () => {
  it('name their /widget path, with or without a locale prefix, and no other path', () => {
    expect(widgetPathAtRoot('/verifyPayment')).toBe('/widget/verifyPayment')
    expect(widgetPathAtRoot('/de/verify-payment-callback/')).toBe(
      '/widget/verify-payment-callback/',
    )
    expect(widgetPathAtRoot('/pt-br/v2/preview/home/verify-payment-callback')).toBe(
      '/widget/v2/preview/home/verify-payment-callback',
    )
    for (const path of ['/verifypayment', '/en/verifyPayment/x', '/widget/verifyPayment', '/']) {
      expect([path, widgetPathAtRoot(path)]).toEqual([path, undefined])
    }
  })
})
