import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import type { Page, SiteSettings } from '../../lib/content/types'
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale } from '../../lib/locale/locales'
import type { AdminApi } from '../api'
import { InlineForm } from '../kit/inline-form'
import { Panel } from '../kit/panel'
import { Screen } from '../kit/screen'
import { Tabs } from '../kit/tabs'
import { useLoad } from '../kit/use-load'
import { TextAreaField } from '../services/service-fields'
import { useAdmin } from '../shell/admin-context'
import { SelectField, TextField } from '../shell/fields'
import { titleOf } from './content-rules'
import { TAB_LOCALES } from './item-form'

interface SiteValues {
  defaultLocale: Locale
  rootPagePath: string
  bookingProvider: string
  translations: Partial<Record<Locale, { siteName: string; cookieBannerText: string }>>
}

interface Loaded {
  site: SiteSettings
  pages: Page[]
}

const load = (api: AdminApi): Promise<Loaded> =>
  Promise.all([api.siteSettings(), api.contentItems<Page>('pages')]).then(([site, pages]) => ({
    site,
    pages,
  }))

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/

export const valuesOfSite = (site: SiteSettings): SiteValues => ({
  defaultLocale: site.defaultLocale,
  rootPagePath: site.rootPagePath,
  bookingProvider: site.bookingProvider,
  translations: Object.fromEntries(
    site.translations.map(({ locale, siteName, cookieBannerText }) => [
      locale,
      { siteName, cookieBannerText },
    ]),
  ),
})

/** The settings as `PUT /site` takes them: the languages with a name, the default one always. */
export const siteOfValues = (values: SiteValues): SiteSettings => ({
  defaultLocale: values.defaultLocale,
  rootPagePath: values.rootPagePath ?? '',
  bookingProvider: (values.bookingProvider ?? '').trim(),
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
 * The site's settings (issue 31): its default language, the page `/` opens, the business it books
 * for, its name and cookie notice in each language; and where its pages are linked from, which
 * each page's own editor sets.
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
          </fieldset>
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
