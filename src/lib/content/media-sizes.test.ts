import { MEDIA_WIDTHS, mediaSrcset, smallestMedia, variantWidths } from './media-sizes'

describe('variantWidths', () => {
  it('gives an image a copy in each width narrower than itself, never wider', () => {
    expect(MEDIA_WIDTHS).toEqual([480, 960, 1600])
    expect(variantWidths(2560)).toEqual([480, 960, 1600])
    expect(variantWidths(1601)).toEqual([480, 960, 1600])
    expect(variantWidths(1600)).toEqual([480, 960])
    expect(variantWidths(1200)).toEqual([480, 960])
    expect(variantWidths(961)).toEqual([480, 960])
    expect(variantWidths(960)).toEqual([480])
    expect(variantWidths(481)).toEqual([480])
    expect(variantWidths(480)).toEqual([])
    expect(variantWidths(40)).toEqual([])
  })
})

describe('mediaSrcset', () => {
  const src = '/api/content/media/knee.jpg'

  it('lists the copies and the image itself at its width', () => {
    expect(mediaSrcset(src, 1200)).toBe(`${src}?w=480 480w, ${src}?w=960 960w, ${src} 1200w`)
    expect(mediaSrcset(src, 2560)).toBe(
      `${src}?w=480 480w, ${src}?w=960 960w, ${src}?w=1600 1600w, ${src} 2560w`,
    )
  })

  it('lists every copy when the width is not known', () => {
    expect(mediaSrcset(src)).toBe(`${src}?w=480 480w, ${src}?w=960 960w, ${src}?w=1600 1600w`)
  })
})

describe('smallestMedia', () => {
  it('names the narrowest copy for a thumbnail, or the image when it has none', () => {
    expect(smallestMedia('/api/content/media/a.jpg', 1200)).toBe('/api/content/media/a.jpg?w=480')
    expect(smallestMedia('/api/content/media/b.png', 480)).toBe('/api/content/media/b.png')
  })
})
