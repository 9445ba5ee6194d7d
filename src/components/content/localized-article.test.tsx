import { render, screen } from '@testing-library/react'
import { RichText } from './localized-article'

const map = '/api/content/media/location-harbor.png'
const hero = '/api/content/media/hero-harbor.jpg'

describe('RichText', () => {
  it('offers a body’s library images in their narrower copies, keeping their size', () => {
    const { container } = render(
      <RichText
        html={
          `<section data-background-image="${hero}"><h2>Move well</h2></section>` +
          `<p><img src="${map}" alt="Map of the clinic" width="1200" height="675" /></p>` +
          '<p><img src="https://example.com/elsewhere.jpg" alt="Elsewhere" /></p>'
        }
      />,
    )
    const image = screen.getByRole('img', { name: 'Map of the clinic' })
    expect(image).toHaveAttribute('src', map)
    expect(image).toHaveAttribute('srcset', `${map}?w=480 480w, ${map}?w=960 960w, ${map} 1200w`)
    expect(image).toHaveAttribute('sizes', '(max-width: 672px) 100vw, 672px')
    expect(image).toHaveAttribute('width', '1200')
    expect(image).toHaveAttribute('height', '675')
    // The section's background, rendered as an image, has every copy to choose from.
    const background = container.querySelector('.rich-text__background')
    expect(background).toHaveAttribute('src', hero)
    expect(background).toHaveAttribute(
      'srcset',
      `${hero}?w=480 480w, ${hero}?w=960 960w, ${hero}?w=1600 1600w`,
    )
    expect(screen.getByRole('img', { name: 'Elsewhere' })).not.toHaveAttribute('srcset')
  })
})
