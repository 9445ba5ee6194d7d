import { render, screen, within } from '@testing-library/react'
import { useStaticQuery } from 'gatsby'
import type { Locale } from '../../lib/locale/locales'
import { Layout } from './layout'

const logo = {
  url: 'http://127.0.0.1:8000/api/content/media/logo.png',
  alt: 'Our logo',
  width: 300,
  height: 100,
}

/** The site as the build's query gives it to the layout. */
function siteWith({
  languages = ['de', 'en', 'fr'],
  withLogo = null,
}: {
  languages?: Locale[]
  withLogo?: object | null
}) {
  jest.mocked(useStaticQuery).mockReturnValue({
    contentSite: {
      defaultLocale: 'en',
      languages,
      rootPagePath: 'home',
      logo: withLogo,
      translations: [{ locale: 'en', siteName: 'Harbor Physio', cookieBannerText: '' }],
    },
    allContentPage: { nodes: [] },
  })
}

const brand = () => within(screen.getByRole('banner')).getByRole('link', { name: 'Harbor Physio' })

describe('the site header', () => {
  it('shows the site’s name when it has no logo', () => {
    siteWith({})
    render(<Layout>page</Layout>)
    expect(brand()).toHaveTextContent('Harbor Physio')
    expect(within(brand()).queryByRole('img')).not.toBeInTheDocument()
  })

  it('shows the logo in place of the name, read as the name, its size given', () => {
    siteWith({ withLogo: logo })
    render(<Layout>page</Layout>)
    const image = within(brand()).getByRole('img', { name: 'Harbor Physio' })
    expect(image).toHaveAttribute('src', logo.url)
    expect(image).toHaveAttribute('width', '300')
    expect(image).toHaveAttribute('height', '100')
    expect(brand()).not.toHaveTextContent('Harbor Physio')
  })

  it('shows the size the build made of the logo', () => {
    siteWith({
      withLogo: {
        ...logo,
        localFile: {
          childImageSharp: {
            gatsbyImageData: {
              layout: 'fixed',
              width: 144,
              height: 48,
              images: {
                fallback: { src: '/static/logo-48.png', srcSet: '/static/logo-48.png 1x' },
              },
            },
          },
        },
      },
    })
    render(<Layout>page</Layout>)
    const image = within(brand()).getByRole('img', { name: 'Harbor Physio' })
    expect(image).toHaveAttribute('src', '/static/logo-48.png')
    expect(image).toHaveAttribute('width', '144')
    expect(image).toHaveAttribute('height', '48')
  })

  it('lists the languages the site is offered in, and no picker for one', () => {
    siteWith({})
    const { unmount } = render(<Layout>page</Layout>)
    const options = within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole(
      'option',
    )
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['de', 'en', 'fr'])
    unmount()
    siteWith({ languages: ['en'] })
    render(<Layout>page</Layout>)
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument()
  })
})
