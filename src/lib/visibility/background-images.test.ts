import { renderBackgroundImages } from './background-images'

describe('renderBackgroundImages', () => {
  it('puts the first background in the HTML as an image fetched with high priority', () => {
    expect(
      renderBackgroundImages(
        '<section data-background-image="/api/content/media/hero.jpg"><h2>Move well</h2></section>',
      ),
    ).toBe(
      '<section data-background-image="/api/content/media/hero.jpg" data-background-rendered="">' +
        '<img class="rich-text__background" src="/api/content/media/hero.jpg" alt="" decoding="async" fetchpriority="high">' +
        '<h2>Move well</h2></section>',
    )
  })

  it('loads later backgrounds lazily and keeps the other attributes and escaped URLs', () => {
    const html = renderBackgroundImages(
      '<div class="a" data-background-image="/one.jpg"></div>' +
        '<div data-animation-class="fade-in" data-background-image="/two.jpg?a=1&amp;b=&quot;2&quot;" id="x"></div>',
    )
    expect(html).toContain(
      '<img class="rich-text__background" src="/one.jpg" alt="" decoding="async" fetchpriority="high">',
    )
    expect(html).toContain(
      '<div data-animation-class="fade-in" data-background-image="/two.jpg?a=1&amp;b=&quot;2&quot;" data-background-rendered="" id="x">' +
        '<img class="rich-text__background" src="/two.jpg?a=1&amp;b=&quot;2&quot;" alt="" decoding="async" loading="lazy">',
    )
  })

  it('leaves HTML without backgrounds, and backgrounds already rendered, as they are', () => {
    const once = renderBackgroundImages('<section data-background-image="/a.jpg"></section>')
    expect(renderBackgroundImages(once)).toBe(once)
    expect(renderBackgroundImages('<p data-animation-class="fade-in">Hi</p>')).toBe(
      '<p data-animation-class="fade-in">Hi</p>',
    )
  })
})
