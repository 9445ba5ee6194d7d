import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-final-form'
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
import { useAdmin } from '../shell/admin-context'
import { Alert, FormSubmit, messageOf, TextField } from '../shell/fields'

interface Values {
  origin?: string
}

/**
 * Embedding (issue 28): the sites the business lets show its widget, kept in the provider's
 * `embedOrigins` (the server reads them into the widget pages' frame-ancestors), and the code to
 * paste into those sites' pages for one of its services.
 */
export function EmbeddingView() {
  const { t } = useTranslation()
  const { api, business } = useAdmin()
  const { providerId } = business
  const [provider, setProvider] = useState<AdminProvider | null>()
  const [services, setServices] = useState<AdminService[]>([])
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()

  useEffect(() => {
    if (providerId === null) return undefined
    let current = true
    Promise.all([api.adminProviders(), api.adminServices()]).then(
      ([providers, all]) => {
        if (!current) return
        setProvider(providers.find((each) => each.id === providerId) ?? null)
        setServices(all.filter((service) => service.providerId === providerId))
      },
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api, providerId])

  if (providerId === null || provider === null) {
    return (
      <section aria-labelledby="embedding-title">
        <h1 id="embedding-title">{t('admin.embedding.title')}</h1>
        <p>{t('admin.embedding.noProvider')}</p>
      </section>
    )
  }
  // Nothing is saved before the list is known: a save replaces the whole list.
  if (provider === undefined) {
    return (
      <section aria-labelledby="embedding-title">
        <h1 id="embedding-title">{t('admin.embedding.title')}</h1>
        {error ? <Alert>{error}</Alert> : <p role="status">{t('admin.loading')}</p>}
      </section>
    )
  }

  const origins = provider.embedOrigins
  const save = async (embedOrigins: string[]) => {
    await api.saveEmbedOrigins(providerId, embedOrigins)
    setProvider({ ...provider, embedOrigins })
  }

  const validate = ({ origin = '' }: Values) => {
    const value = origin.trim()
    if (value !== '*' && !isEmbedOrigin(value)) return { origin: 'admin.embedding.originInvalid' }
    return origins.includes(value) ? { origin: 'admin.embedding.originListed' } : {}
  }

  const onSubmit = async ({ origin = '' }: Values) => {
    const value = origin.trim()
    try {
      await save([...origins, value])
      setStatus(t('admin.embedding.added', { origin: value }))
      return undefined
    } catch (failure) {
      // The server has the last word (`*` only alone, at most fifty): its message is shown.
      return { [FORM_ERROR]: messageOf(failure) }
    }
  }

  const remove = async (origin: string) => {
    setError(undefined)
    try {
      await save(origins.filter((each) => each !== origin))
      setStatus(t('admin.embedding.removed', { origin }))
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  return (
    <section aria-labelledby="embedding-title">
      <h1 id="embedding-title">{t('admin.embedding.title')}</h1>
      <p>{t('admin.embedding.intro')}</p>
      <Alert>{error}</Alert>
      <section aria-labelledby="embedding-origins-title" className="admin-panel">
        <h2 id="embedding-origins-title">{t('admin.embedding.origins')}</h2>
        <p>{t('admin.embedding.rule')}</p>
        <p role="status" className="admin-status">
          {status}
        </p>
        {origins.length === 0 ? <p>{t('admin.embedding.none')}</p> : null}
        {origins.length > 0 ? (
          <ul className="admin-plain-list" aria-labelledby="embedding-origins-title">
            {origins.map((origin) => (
              <li key={origin} className="admin-row">
                <span className="admin-break">
                  {origin === '*' ? t('admin.embedding.anySite') : origin}
                </span>
                <button
                  type="button"
                  className="widget-button widget-button--quiet"
                  onClick={() => void remove(origin)}
                >
                  {t('admin.embedding.remove')}
                  <span className="visually-hidden"> {origin}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="admin-narrow-panel">
          <Form<Values>
            onSubmit={onSubmit}
            validate={validate}
            render={({ handleSubmit, form }) => (
              <form
                onSubmit={(event) =>
                  handleSubmit(event)?.then(() => {
                    if (form.getState().submitSucceeded) form.restart()
                  })
                }
                noValidate
              >
                <TextField
                  name="origin"
                  type="url"
                  label={t('admin.embedding.origin')}
                  help={t('admin.embedding.originHelp')}
                  autoComplete="off"
                  required
                />
                <FormSubmit label={t('admin.embedding.add')} />
              </form>
            )}
          />
        </div>
      </section>
      <Snippets services={services} providerSlug={provider.slug} />
    </section>
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
    <section aria-labelledby="embedding-code-title" className="admin-panel">
      <h2 id="embedding-code-title">{t('admin.embedding.code')}</h2>
      <CodeBox mode="loader" code={loaderSnippet(scriptUrl)} />
      {services.length === 0 ? <p>{t('admin.embedding.noServices')}</p> : null}
      {service ? (
        <div className="widget-field admin-narrow-field">
          <label htmlFor="embedding-service">{t('admin.embedding.service')}</label>
          <select
            id="embedding-service"
            value={service.id}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {services.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {path ? (
        <>
          <CodeBox mode="inline" code={inlineSnippet(path, locale)} />
          <CodeBox mode="popup" code={popupSnippet(path, locale, t('widget.book'))} />
          <CodeBox mode="floating" code={floatingSnippet(path, locale, t('widget.book'))} />
        </>
      ) : null}
    </section>
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
  const [copied, setCopied] = useState<string>()
  const codeRef = useRef<HTMLElement>(null)
  const id = `embedding-${mode}`

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(code)
      setCopied(t('admin.embedding.copied'))
    } catch {
      // Refused (no permission, an insecure page): the code is selected, to copy by hand.
      if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current)
      setCopied(t('admin.embedding.copyRefused'))
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t(`embed.${mode}Heading`)}</h3>
      <p>{t(`embed.${mode}Text`)}</p>
      <pre className="embed-page__code">
        <code ref={codeRef}>{code}</code>
      </pre>
      <button type="button" className="widget-button" onClick={() => void copy()}>
        {t('admin.embedding.copy')}
        <span className="visually-hidden"> {t(`embed.${mode}Heading`)}</span>
      </button>
      <p role="status" className="admin-status">
        {copied}
      </p>
    </section>
  )
}
