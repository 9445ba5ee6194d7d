import { fireEvent, screen, within } from '@testing-library/react'
import type { ContentKind, SiteSettings, SiteSettingsBody } from '../../lib/content/types'
import { LOCALES } from '../../lib/locale/locales'
import { aboutPage, kneePhoto, siteSettings } from '../screen-fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { siteOfValues, SiteView, validateSite, valuesOfSite } from './site-view'

function setUp(site: SiteSettings = siteSettings) {
  const api = fakeApi()
  api.siteSettings.mockResolvedValue(site)
  api.contentItems.mockImplementation((async (kind: ContentKind) =>
    kind === 'pages' ? [aboutPage] : []) as never)
  api.mediaLibrary.mockResolvedValue([kneePhoto])
  // The server answers with what it stored; the logo is then the library's image.
  api.saveSiteSettings.mockImplementation(async (body: SiteSettingsBody) => ({
    ...body,
    logo: body.logo && { ...body.logo, url: kneePhoto.path, width: 1200, height: 800 },
  }))
  return api
}

const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  expect(await screen.findByText("The site's settings were saved.")).toBeInTheDocument()
}

describe('the site settings screen', () => {
  it('saves the settings whole, a language with a name among them, and lists the menus', async () => {
    const api = setUp()
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
    await save()
    expect(api.saveSiteSettings).toHaveBeenCalledWith({
      ...siteSettings,
      translations: [
        { locale: 'de', siteName: 'Harbor Physio', cookieBannerText: 'Nur nötige Cookies.' },
        ...siteSettings.translations,
      ],
    })
  })

  it('takes the logo from the media library, its text being the site’s name, and takes it off', async () => {
    const api = setUp()
    renderAdmin(<SiteView />, { api })
    const logo = within(await screen.findByRole('group', { name: 'Logo' }))
    const picker = logo.getByLabelText('Image')
    expect(picker).toHaveValue('')
    expect(picker).toHaveAccessibleDescription(/screen readers read the name out/)
    fireEvent.change(picker, { target: { value: 'knee-photo.jpg' } })
    // No alt text of its own: the header's image reads as the site's name in each language.
    expect(logo.queryByRole('textbox')).not.toBeInTheDocument()
    await save()
    expect(api.saveSiteSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ logo: { name: 'knee-photo.jpg', alt: 'A knee being examined' } }),
    )
    expect(picker).toHaveValue('knee-photo.jpg')
    fireEvent.change(picker, { target: { value: '' } })
    await save()
    expect(api.saveSiteSettings).toHaveBeenLastCalledWith(expect.objectContaining({ logo: null }))
  })

  it('offers the languages ticked, the default one always, and says when it is the only one', async () => {
    const api = setUp({ ...siteSettings, languages: ['de', 'en', 'fr'] })
    renderAdmin(<SiteView />, { api })
    const group = within(await screen.findByRole('group', { name: 'Languages offered' }))
    const english = group.getByRole('checkbox', {
      name: 'English (US) (the default language, always offered)',
    })
    expect(english).toBeChecked()
    expect(english).toBeDisabled()
    expect(group.getByRole('checkbox', { name: 'Deutsch' })).toBeChecked()
    expect(group.getByRole('checkbox', { name: 'Italiano' })).not.toBeChecked()
    fireEvent.click(group.getByRole('checkbox', { name: 'Deutsch' }))
    fireEvent.click(group.getByRole('checkbox', { name: 'Français' }))
    expect(
      group.getByText('Only English (US) is offered, so the site shows no language picker.'),
    ).toBeInTheDocument()
    await save()
    expect(api.saveSiteSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ languages: ['en'] }),
    )

    // Another default language is offered with it, ticked or not.
    fireEvent.change(screen.getByLabelText('Default language'), { target: { value: 'it' } })
    fireEvent.click(screen.getByRole('tab', { name: 'Italiano' }))
    fireEvent.change(screen.getByLabelText('Site name (Italiano)'), {
      target: { value: 'Harbor Physio' },
    })
    expect(
      group.getByRole('checkbox', { name: 'Italiano (the default language, always offered)' }),
    ).toBeDisabled()
    expect(group.getByRole('checkbox', { name: 'English (US)' })).toBeChecked()
    await save()
    expect(api.saveSiteSettings).toHaveBeenLastCalledWith(
      expect.objectContaining({ defaultLocale: 'it', languages: ['en', 'it'] }),
    )
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

  it('sends the languages in the order of LOCALES, the default one among them', () => {
    const values = { ...valuesOfSite(siteSettings), defaultLocale: 'pl' as const }
    expect(siteOfValues({ ...values, languages: ['pt', 'da'] }).languages).toEqual([
      'da',
      'pl',
      'pt',
    ])
    expect(siteOfValues(valuesOfSite(siteSettings)).languages).toEqual(LOCALES)
  })
})
