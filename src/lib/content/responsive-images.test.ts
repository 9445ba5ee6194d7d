import { renderResponsiveImages } from './responsive-images'

const src = '/api/content/media/location-harbor.png'

describe('renderResponsiveImages', () => {
  it('gives a library image the srcset of its copies and the width it is shown at', () => {
    expect(
      renderResponsiveImages(`<p><img src="${src}" alt="Map" width="1200" height="675" /></p>`),
    ).toBe(
      `<p><img src="${src}" alt="Map" width="1200" height="675"` +
        ` srcset="${src}?w=480 480w, ${src}?w=960 960w, ${src} 1200w"` +
        ` sizes="(max-width: 672px) 100vw, 672px" /></p>`,
    )
  })

  it('sizes an image narrower than the column at its own width', () => {
    expect(renderResponsiveImages(`<img src="${src}" alt="" width="600" height="400">`)).toBe(
      `<img src="${src}" alt="" width="600" height="400"` +
        ` srcset="${src}?w=480 480w, ${src} 600w" sizes="(max-width: 600px) 100vw, 600px">`,
    )
  })

  it('lists every copy for an image whose width is not known, as a background', () => {
    const hero = '/api/content/media/hero-harbor.jpg'
    expect(
      renderResponsiveImages(
        `<section data-background-image="${hero}" data-background-rendered="">` +
          `<img class="rich-text__background" src="${hero}" alt="" decoding="async" fetchpriority="high">` +
          '<h2>Move well</h2></section>',
      ),
    ).toBe(
      `<section data-background-image="${hero}" data-background-rendered="">` +
        `<img class="rich-text__background" src="${hero}" alt="" decoding="async" fetchpriority="high"` +
        ` srcset="${hero}?w=480 480w, ${hero}?w=960 960w, ${hero}?w=1600 1600w"` +
        ' sizes="(max-width: 672px) 100vw, 672px">' +
        '<h2>Move well</h2></section>',
    )
  })

  it('leaves images from elsewhere, too small for copies, or already with a srcset', () => {
    const others = [
      '<img src="https://example.com/api/content/media/a.jpg" alt="" width="2000">',
      '<img src="/static/logo.png" alt="" width="2000">',
      `<img src="${src}?w=480" alt="" width="2000">`,
      `<img src="${src}" alt="" width="480" height="270">`,
      `<img src="${src}" srcset="${src} 1x" width="2000">`,
      `<img data-src="${src}" alt="">`,
      '<p>No image</p>',
    ]
    for (const html of others) expect(renderResponsiveImages(html)).toBe(html)
  })

  it('is the same when run twice', () => {
    const once = renderResponsiveImages(`<img src="${src}" alt="" width="1200" height="675">`)
    expect(renderResponsiveImages(once)).toBe(once)
  })
})
