import { render } from '@testing-library/react'
import { translation } from '../../lib/testing/content'
import type { SiteImage, TextFields } from '../content/site-view'
import { ContentHead } from './content-seo'

const SITE = 'https://clinic.example'

const data = {
  site: { siteMetadata: { siteUrl: SITE } },
  contentSite: {
    defaultLocale: 'en' as const,
    rootPagePath: '',
    languages: ['en' as const, 'de' as const],
    translations: [{ locale: 'en' as const, siteName: 'Harbor Physio', cookieBannerText: '' }],
  },
  blogHost: { path: 'journal' },
  storeHost: null,
  locales: { edges: [] },
}

const cover: SiteImage = {
  url: 'http://api.example/api/content/media/cover.jpg',
  alt: 'A knee',
  width: 1200,
  height: 800,
  localFile: {
    childImageSharp: {
      gatsbyImageData: {
        layout: 'constrained',
        width: 1200,
        height: 800,
        images: { fallback: { src: '/static/abc/cover.jpg' } },
      },
    },
  },
}

const social: SiteImage = {
  url: 'http://api.example/api/content/media/card.png',
  alt: 'A brace on a knee',
  width: 1200,
  height: 630,
}

/** The head of the post `/{language}/journal/b/knee/` in `language`, with these translations. */
function head(language: string, translations: TextFields[]) {
  const { container } = render(
    <ContentHead
      data={data}
      pageContext={{ language, canonicalPath: '/journal/b/knee/' }}
      translations={translations}
      image={cover}
    />,
  )
  const attribute = (selector: string, name: string) =>
    container.querySelector(selector)?.getAttribute(name) ?? null
  return {
    canonical: attribute('link[rel="canonical"]', 'href'),
    ogUrl: attribute('meta[property="og:url"]', 'content'),
    image: attribute('meta[property="og:image"]', 'content'),
    imageAlt: attribute('meta[property="og:image:alt"]', 'content'),
    german: attribute('link[hreflang="de"]', 'href'),
    fallback: attribute('link[hreflang="x-default"]', 'href'),
  }
}

describe('a content page’s head', () => {
  it('declares the item’s own URL and image when its language names none', () => {
    expect(head('en', [translation('en', 'Knee')])).toEqual({
      canonical: `${SITE}/en/journal/b/knee/`,
      ogUrl: `${SITE}/en/journal/b/knee/`,
      image: `${SITE}/static/abc/cover.jpg`,
      imageAlt: 'A knee',
      german: `${SITE}/de/journal/b/knee/`,
      fallback: `${SITE}/en/journal/b/knee/`,
    })
  })

  it('declares the language’s canonical address and social image where given', () => {
    const english = {
      ...translation('en', 'Knee'),
      canonicalPath: '/en/journal/b/other-post/',
      socialImage: social,
    }
    const german = { ...translation('de', 'Knie'), canonicalPath: 'https://news.example/knie' }
    expect(head('en', [english, german])).toEqual({
      canonical: `${SITE}/en/journal/b/other-post/`,
      ogUrl: `${SITE}/en/journal/b/other-post/`,
      image: social.url,
      imageAlt: 'A brace on a knee',
      // Published first elsewhere, German and English are no alternates: hreflang names
      // canonical pages.
      german: null,
      fallback: null,
    })
    expect(head('de', [english, german])).toMatchObject({
      canonical: 'https://news.example/knie',
      image: `${SITE}/static/abc/cover.jpg`,
    })
  })

  it('keeps a page showing another language’s text in place of its own canonical', () => {
    const english = {
      ...translation('en', 'Knee'),
      canonicalPath: '/en/journal/b/other-post/',
      socialImage: social,
    }
    expect(head('fr', [english])).toMatchObject({
      canonical: `${SITE}/fr/journal/b/knee/`,
      image: social.url,
    })
  })
})
