import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useRef, useState } from 'react'
import { usePageLocale } from '../../components/use-page-locale'
import type { AdminProvider, AdminService } from '../../lib/admin/service-types'
import { isEmbedOrigin } from '../../lib/embed/origin'
import {
  embedScriptUrl,
  floatingSnippet,
  inlineSnippet,
  loaderSnippet,
  popupSnippet,
} from '../../lib/embed/snippets'
import type { AdminApi } from '../api'
import { isVersionConflict } from '../kit/edit-conflict'
import { InlineForm } from '../kit/inline-form'
import { QuietButton } from '../kit/main-action'
import { forProvider, NoProvider } from '../kit/no-provider'
import { Panel } from '../kit/panel'
import { Screen } from '../kit/screen'
import { ScreenChoice } from '../kit/screen-choice'
import { useCopy } from '../kit/use-copy'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { messageOf, UrlField } from '../shell/fields'

interface Values {
  origin?: string
}

/**
 * Embedding (issue 28): the sites the business lets show its widget, kept in the provider's
 * `embedOrigins` (the server reads them into the widget pages' frame-ancestors), and the code to
 * paste into those sites' pages for one of its services.
 */
export const EmbeddingView = forProvider('embedding', Embedding)

function Embedding({ providerId }: { providerId: number }) {
  const { t } = useTranslation()
  const { api } = useAdmin()
  // Null when the site's provider is not among the dashboard's.
  const load = useCallback(
    (admin: AdminApi) =>
      Promise.all([admin.adminProviders(), admin.adminServices()]).then(([providers, all]) => {
        const provider = providers.find((each) => each.id === providerId)
        return provider
          ? { provider, services: all.filter((service) => service.providerId === providerId) }
          : null
      }),
    [providerId],
  )
  const { data, setData, error, setError } = useLoad<{
    provider: AdminProvider
    services: AdminService[]
  } | null>(load)
  const [status, setStatus] = useState<string>()

  if (data === null) return <NoProvider screen="embedding" />

  const origins = data?.provider.embedOrigins ?? []
  /**
   * Saves the list `change` makes of the provider's, from the version it was read at. Another
   * admin's save in between (a site added at the same moment) refuses it: the change is then
   * made again on the list as saved now, so neither is lost.
   */
  const save = async (change: (list: string[]) => string[]) => {
    const attempt = async (provider: AdminProvider) => {
      const embedOrigins = change(provider.embedOrigins)
      const saved = await api.saveEmbedOrigins(providerId, embedOrigins, provider.version)
      setData(
        (found) =>
          found && { ...found, provider: { ...provider, embedOrigins, version: saved.version } },
      )
    }
    try {
      await attempt(data!.provider)
    } catch (failure) {
      if (!isVersionConflict(failure)) throw failure
      const current = (await api.adminProviders()).find((each) => each.id === providerId)
      if (!current) throw failure
      await attempt(current)
    }
  }

  const validate = ({ origin = '' }: Values) => {
    const value = origin.trim()
    if (value !== '*' && !isEmbedOrigin(value)) return { origin: 'admin.embedding.originInvalid' }
    return origins.includes(value) ? { origin: 'admin.embedding.originListed' } : {}
  }

  // The server has the last word (`*` only alone, at most fifty): the form shows its refusal.
  const add = async ({ origin = '' }: Values) => {
    const value = origin.trim()
    await save((list) => (list.includes(value) ? list : [...list, value]))
    setStatus(t('admin.embedding.added', { origin: value }))
  }

  const remove = async (origin: string) => {
    setError(undefined)
    try {
      await save((list) => list.filter((each) => each !== origin))
      setStatus(t('admin.embedding.removed', { origin }))
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  return (
    <Screen
      id="embedding-title"
      title={t('admin.embedding.title')}
      intro={data ? t('admin.embedding.intro') : undefined}
      error={error}
      status={data || error ? status : t('admin.loading')}
    >
      {/* Nothing is saved before the list is known: a save replaces the whole list. */}
      {data ? (
        <>
          <Panel id="embedding-origins-title" title={t('admin.embedding.origins')}>
            <p>{t('admin.embedding.rule')}</p>
            {origins.length === 0 ? <p>{t('admin.embedding.none')}</p> : null}
            {origins.length > 0 ? (
              <ul className="admin-plain-list" aria-labelledby="embedding-origins-title">
                {origins.map((origin) => (
                  <li key={origin} className="admin-row">
                    <span className="admin-break">
                      {origin === '*' ? t('admin.embedding.anySite') : origin}
                    </span>
                    <QuietButton onClick={() => void remove(origin)}>
                      {t('admin.embedding.remove')}
                      <span className="visually-hidden"> {origin}</span>
                    </QuietButton>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="admin-narrow-panel">
              <InlineForm<Values>
                validate={validate}
                onSubmit={add}
                submitLabel={t('admin.embedding.add')}
                clear
              >
                <UrlField
                  name="origin"
                  label={t('admin.embedding.origin')}
                  help={t('admin.embedding.originHelp')}
                />
              </InlineForm>
            </div>
          </Panel>
          <Snippets services={data.services} providerSlug={data.provider.slug} />
        </>
      ) : null}
    </Screen>
  )
}

/** The code for the service chosen (the first at the start), in the dashboard's language. */
function Snippets({ services, providerSlug }: { services: AdminService[]; providerSlug: string }) {
  const { t } = useTranslation()
  const locale = usePageLocale()
  const [chosen, setChosen] = useState<number>()
  const service = services.find((each) => each.id === chosen) ?? services[0]
  // The dashboard runs in the browser only, which knows the server embed.js comes from.
  const scriptUrl = embedScriptUrl(window.location.href)
  const path = service ? `appointment/${providerSlug}/${service.slug}` : undefined
  return (
    <Panel id="embedding-code-title" title={t('admin.embedding.code')}>
      <CodeBox mode="loader" code={loaderSnippet(scriptUrl)} />
      {services.length === 0 ? <p>{t('admin.embedding.noServices')}</p> : null}
      {service ? (
        <ScreenChoice
          id="embedding-service"
          label={t('admin.embedding.service')}
          value={service.id}
          choices={services.map((each) => ({ value: each.id, label: each.name }))}
          onChange={setChosen}
        />
      ) : null}
      {path ? (
        <>
          <CodeBox mode="inline" code={inlineSnippet(path, locale)} />
          <CodeBox mode="popup" code={popupSnippet(path, locale, t('widget.book'))} />
          <CodeBox mode="floating" code={floatingSnippet(path, locale, t('widget.book'))} />
        </>
      ) : null}
    </Panel>
  )
}

/** One snippet under the Embed page's heading and words for its mode, with a Copy button. */
function CodeBox({
  mode,
  code,
}: {
  mode: 'loader' | 'inline' | 'popup' | 'floating'
  code: string
}) {
  const { t } = useTranslation()
  const codeRef = useRef<HTMLElement>(null)
  const id = `embedding-${mode}`
  // Refused (no permission, an insecure page): the code is selected, to copy by hand.
  const { said, copy } = useCopy('admin.embedding.copied', 'admin.embedding.copyRefused', () => {
    if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current)
  })

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(`embed.${mode}Heading`)}</h3>
      <p>{t(`embed.${mode}Text`)}</p>
      <pre className="embed-page__code">
        <code ref={codeRef}>{code}</code>
      </pre>
      <button type="button" className="widget-button" onClick={() => void copy(code)}>
        {t('admin.embedding.copy')}
        <span className="visually-hidden"> {t(`embed.${mode}Heading`)}</span>
      </button>
      <p role="status" className="admin-status">
        {said}
      </p>
    </section>
  )
}
