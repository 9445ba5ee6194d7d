import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import type { MediaItem } from '../../lib/admin/content-types'
import type { Page, SiteSettings, SiteSettingsBody } from '../../lib/content/types'
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale } from '../../lib/locale/locales'
import type { AdminApi } from '../api'
import { InlineForm } from '../kit/inline-form'
import { Panel } from '../kit/panel'
import { Screen } from '../kit/screen'
import { Tabs } from '../kit/tabs'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { CheckboxField as ListCheckbox, TextAreaField } from '../services/service-fields'
import { FieldHelp, SelectField, TextField } from '../shell/fields'
import { titleOf } from './content-rules'
import { imageOut, imageValues, TAB_LOCALES, type ImageValues } from './item-form'
import { MediaField } from './media-field'

interface SiteValues {
  defaultLocale: Locale
  /** The languages ticked; the default one is offered whether or not it is among them. */
  languages: Locale[]
  rootPagePath: string
  bookingProvider: string
  logo: ImageValues
  translations: Partial<Record<Locale, { siteName: string; cookieBannerText: string }>>
}

interface Loaded {
  site: SiteSettings
  pages: Page[]
  media: MediaItem[]
}

const load = (api: AdminApi): Promise<Loaded> =>
  Promise.all([api.siteSettings(), api.contentItems<Page>('pages'), api.mediaLibrary()]).then(
    ([site, pages, media]) => ({ site, pages, media }),
  )

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/

export const valuesOfSite = (site: SiteSettings): SiteValues => ({
  defaultLocale: site.defaultLocale,
  languages: site.languages,
  rootPagePath: site.rootPagePath,
  bookingProvider: site.bookingProvider,
  logo: imageValues(site.logo),
  translations: Object.fromEntries(
    site.translations.map(({ locale, siteName, cookieBannerText }) => [
      locale,
      { siteName, cookieBannerText },
    ]),
  ),
})

/**
 * The settings as `PUT /site` takes them: the default language offered always, and the languages
 * with a name given.
 */
export const siteOfValues = (values: SiteValues): SiteSettingsBody => ({
  defaultLocale: values.defaultLocale,
  languages: LOCALES.filter(
    (locale) => locale === values.defaultLocale || values.languages.includes(locale),
  ),
  rootPagePath: values.rootPagePath ?? '',
  bookingProvider: (values.bookingProvider ?? '').trim(),
  logo: imageOut(values.logo),
  translations: LOCALES.filter(
    (locale) => locale === values.defaultLocale || values.translations[locale]?.siteName?.trim(),
  ).map((locale) => ({
    locale,
    siteName: (values.translations[locale]?.siteName ?? '').trim(),
    cookieBannerText: (values.translations[locale]?.cookieBannerText ?? '').trim(),
  })),
})

/** The client's checks, as the site schema makes them; messages are `admin.*` keys. */
export function validateSite(values: SiteValues): Record<string, unknown> {
  const errors: Record<string, unknown> = {}
  const provider = (values.bookingProvider ?? '').trim()
  if (provider && !SLUG.test(provider)) errors.bookingProvider = 'admin.services.validation.slug'
  const translations: Record<string, { siteName: string }> = {}
  for (const locale of LOCALES) {
    const text = values.translations[locale]
    const needed = locale === values.defaultLocale || Boolean(text?.cookieBannerText?.trim())
    if (needed && !text?.siteName?.trim()) {
      translations[locale] = { siteName: 'admin.site.nameNeeded' }
    }
  }
  if (Object.keys(translations).length > 0) errors.translations = translations
  return errors
}

/**
 * The site's settings (issue 31): its default language and the languages it is offered in, the
 * page `/` opens, the business it books for, its logo, its name and cookie notice in each
 * language; and where its pages are linked from, which each page's own editor sets.
 */
export function SiteView() {
  const { t, i18n } = useTranslation()
  const { api } = useAdmin()
  const loaded = useLoad(load)
  const [locale, setLocale] = useState<Locale>(DEFAULT_LOCALE)
  const [status, setStatus] = useState('')
  const [initialValues, setInitialValues] = useState<SiteValues>()
  const site = loaded.data?.site
  if (site && !initialValues) setInitialValues(valuesOfSite(site))
  const pages = loaded.data?.pages ?? []
  const media = loaded.data?.media ?? []
  const linked = (menu: Page['menu']) =>
    pages
      .filter((page) => page.menu === menu)
      .map((page) => titleOf(page, i18n.language))
      .join(', ') || t('admin.site.noPages')

  return (
    <Screen
      id="site-title"
      title={t('admin.site.title')}
      intro={t('admin.site.intro')}
      error={loaded.error}
    >
      {initialValues ? (
        <InlineForm<SiteValues>
          className="admin-panel"
          initialValues={initialValues}
          validate={validateSite}
          status={status}
          submitLabel={t('admin.contentEditor.save')}
          onSubmit={async (values) => {
            const saved = await api.saveSiteSettings(siteOfValues(values))
            setInitialValues(valuesOfSite(saved))
            setStatus(t('admin.site.saved'))
          }}
        >
          {(values) => (
            <>
              <fieldset className="admin-service-form__group">
                <legend>{t('admin.site.basics')}</legend>
                <SelectField
                  name="defaultLocale"
                  label={t('admin.site.defaultLocale')}
                  choices={TAB_LOCALES.map((each) => [each, LOCALE_NAMES[each]])}
                />
                <SelectField
                  name="rootPagePath"
                  label={t('admin.site.rootPage')}
                  blank={t('admin.site.noRootPage')}
                  choices={pages.map((page) => [page.path, titleOf(page, i18n.language)])}
                />
                <TextField
                  name="bookingProvider"
                  label={t('admin.site.bookingProvider')}
                  help={t('admin.site.bookingProviderHelp')}
                  autoComplete="off"
                />
                <MediaField
                  name="logo"
                  legend={t('admin.site.logo')}
                  media={media}
                  help={t('admin.site.logoHelp')}
                />
              </fieldset>
              <LanguagesOffered defaultLocale={values.defaultLocale} languages={values.languages} />
              <Tabs
                label={t('admin.contentEditor.languages')}
                tabs={TAB_LOCALES.map((each) => ({ value: each, label: LOCALE_NAMES[each] }))}
                chosen={locale}
                onChoose={setLocale}
                idOf={(each) => `site-language-${each}`}
                panelId="site-language-panel"
              />
              <div
                role="tabpanel"
                id="site-language-panel"
                aria-labelledby={`site-language-${locale}`}
                lang={locale}
              >
                <TextField
                  key={`${locale}-name`}
                  name={`translations.${locale}.siteName`}
                  label={t('admin.contentEditor.inLanguage', {
                    field: t('admin.site.siteName'),
                    language: LOCALE_NAMES[locale],
                  })}
                />
                <TextAreaField
                  key={`${locale}-cookie`}
                  name={`translations.${locale}.cookieBannerText`}
                  label={t('admin.contentEditor.inLanguage', {
                    field: t('admin.site.cookieBannerText'),
                    language: LOCALE_NAMES[locale],
                  })}
                />
              </div>
            </>
          )}
        </InlineForm>
      ) : null}
      {loaded.data ? (
        <Panel id="site-menus-title" title={t('admin.site.menus')}>
          <p>{t('admin.site.menusIntro')}</p>
          <dl className="widget-details">
            <dt>{t('admin.contentEditor.menus.header')}</dt>
            <dd>{linked('header')}</dd>
            <dt>{t('admin.contentEditor.menus.footer')}</dt>
            <dd>{linked('footer')}</dd>
          </dl>
        </Panel>
      ) : null}
    </Screen>
  )
}

/**
 * The languages the site is offered in, as ticks: the default language among them always (its
 * tick cannot be taken off), and when it is the only one, a word on what that means.
 */
function LanguagesOffered({
  defaultLocale,
  languages,
}: {
  defaultLocale: Locale
  languages: readonly Locale[]
}) {
  const { t } = useTranslation()
  const others = languages.filter((each) => each !== defaultLocale)
  return (
    <fieldset className="admin-choices" aria-describedby="site-languages-help">
      <legend>{t('admin.site.languages')}</legend>
      <FieldHelp id="site-languages-help" help={t('admin.site.languagesHelp')} />
      {TAB_LOCALES.map((each) =>
        each === defaultLocale ? (
          <label key={each} className="widget-choice form-choice">
            <input type="checkbox" checked disabled />
            <span>{t('admin.site.defaultLanguageOffered', { language: LOCALE_NAMES[each] })}</span>
          </label>
        ) : (
          <ListCheckbox key={each} name="languages" value={each} label={LOCALE_NAMES[each]} />
        ),
      )}
      {others.length === 0 ? (
        <p>{t('admin.site.onlyDefaultLanguage', { language: LOCALE_NAMES[defaultLocale] })}</p>
      ) : null}
    </fieldset>
  )
}
