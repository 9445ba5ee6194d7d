import { fireEvent, screen, within } from '@testing-library/react'
import type { ContentKind } from '../../lib/content/types'
import { aboutPage, siteSettings } from '../screen-fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { siteOfValues, SiteView, validateSite, valuesOfSite } from './site-view'

function setUp() {
  const api = fakeApi()
  api.siteSettings.mockResolvedValue(siteSettings)
  api.contentItems.mockImplementation((async (kind: ContentKind) =>
    kind === 'pages' ? [aboutPage] : []) as never)
  return api
}

describe('the site settings screen', () => {
  it('saves the settings whole, a language with a name among them, and lists the menus', async () => {
    const api = setUp()
    api.saveSiteSettings.mockImplementation(async (site) => site)
    renderAdmin(<SiteView />, { api })
    expect(await screen.findByLabelText('Default language')).toHaveValue('en')
    expect(screen.getByLabelText("The page the site's address opens")).toHaveValue('about')
    const menus = screen.getByRole('region', { name: 'Menus' })
    expect(within(menus).getByText('About the practice')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Deutsch' }))
    fireEvent.change(screen.getByLabelText('Site name (Deutsch)'), {
      target: { value: 'Harbor Physio' },
    })
    fireEvent.change(screen.getByLabelText('Cookie notice (Deutsch)'), {
      target: { value: 'Nur nötige Cookies.' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText("The site's settings were saved.")).toBeInTheDocument()
    expect(api.saveSiteSettings).toHaveBeenCalledWith({
      ...siteSettings,
      translations: [
        { locale: 'de', siteName: 'Harbor Physio', cookieBannerText: 'Nur nötige Cookies.' },
        ...siteSettings.translations,
      ],
    })
  })

  it('asks for a name where a language has a cookie notice, and for a booking provider’s slug', () => {
    const values = valuesOfSite(siteSettings)
    values.translations.fr = { siteName: '', cookieBannerText: 'Cookies.' }
    values.bookingProvider = 'Harbor Physio'
    expect(validateSite(values)).toEqual({
      bookingProvider: 'admin.services.validation.slug',
      translations: { fr: { siteName: 'admin.site.nameNeeded' } },
    })
    expect(siteOfValues({ ...valuesOfSite(siteSettings), bookingProvider: '' })).toMatchObject({
      bookingProvider: '',
      translations: [{ locale: 'en' }],
    })
  })
})
