import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useState } from 'react'
import { Field, Form, useField } from 'react-final-form'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpoint,
  type DeliveryLogEntry,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../lib/admin/webhook-types'
import { formatDateTime } from '../../lib/format/booking'
import { useAdmin } from '../shell/admin-context'
import { Alert, FormSubmit, messageOf, TextField } from '../shell/fields'
import { ScrollRegion } from '../shell/scroll-region'
import { usePages } from '../shell/use-pages'
import { LoadMore } from '../shell/load-more'

interface Values {
  url?: string
  eventTypes?: WebhookEventType[]
}

const isWebUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const validate = (values: Values) => ({
  url: isWebUrl(values.url?.trim() ?? '') ? undefined : 'admin.webhooks.urlInvalid',
  eventTypes: values.eventTypes?.length ? undefined : 'admin.webhooks.eventsRequired',
})

/**
 * The business's webhook endpoints (issue 20): each one's events and whether it is on, a new one
 * (its signing secret shown this once), and per endpoint its deliveries, each one sent again on
 * demand. Endpoints belong to the site's booking provider.
 */
export function WebhooksView() {
  const { t } = useTranslation()
  const { api, business } = useAdmin()
  const { providerId } = business
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[]>([])
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()
  const [created, setCreated] = useState<CreatedWebhookEndpoint>()
  const [confirming, setConfirming] = useState<number>()
  const [logOf, setLogOf] = useState<WebhookEndpoint>()

  useEffect(() => {
    if (providerId === null) return undefined
    let current = true
    api.webhooks(providerId).then(
      (list) => current && setEndpoints(list.endpoints),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api, providerId])

  if (providerId === null) {
    return (
      <section aria-labelledby="webhooks-title">
        <h1 id="webhooks-title">{t('admin.webhooks.title')}</h1>
        <p>{t('admin.webhooks.noProvider')}</p>
      </section>
    )
  }

  const replace = (endpoint: WebhookEndpoint) =>
    setEndpoints((list) => list.map((each) => (each.id === endpoint.id ? endpoint : each)))

  const toggle = async (endpoint: WebhookEndpoint) => {
    setError(undefined)
    try {
      const changed = await api.changeWebhook(endpoint.id, { enabled: !endpoint.enabled })
      replace(changed)
      setStatus(
        t(changed.enabled ? 'admin.webhooks.enabledNow' : 'admin.webhooks.disabledNow', {
          url: changed.url,
        }),
      )
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  const remove = async (endpoint: WebhookEndpoint) => {
    setError(undefined)
    try {
      await api.deleteWebhook(endpoint.id)
      setEndpoints((list) => list.filter((each) => each.id !== endpoint.id))
      setConfirming(undefined)
      if (logOf?.id === endpoint.id) setLogOf(undefined)
      if (created?.id === endpoint.id) setCreated(undefined)
      setStatus(t('admin.webhooks.deleted', { url: endpoint.url }))
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  const onSubmit = async (values: Values) => {
    try {
      const endpoint = await api.createWebhook(providerId, {
        url: values.url!.trim(),
        eventTypes: values.eventTypes!,
      })
      const { secret: _secret, ...listed } = endpoint
      setEndpoints((list) => [...list, listed])
      setCreated(endpoint)
      setStatus(t('admin.webhooks.created', { url: endpoint.url }))
      return undefined
    } catch (failure) {
      return { [FORM_ERROR]: messageOf(failure) }
    }
  }

  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">{t('admin.webhooks.title')}</h1>
      <Alert>{error}</Alert>
      <p role="status" className="admin-status">
        {status}
      </p>
      {created ? <SecretPanel endpoint={created} onDone={() => setCreated(undefined)} /> : null}
      {endpoints.length === 0 ? <p>{t('admin.webhooks.empty')}</p> : null}
      {endpoints.length > 0 ? (
        <ScrollRegion label={t('admin.webhooks.list')}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.webhooks.url')}</th>
                <th scope="col">{t('admin.webhooks.events')}</th>
                <th scope="col">{t('admin.webhooks.state')}</th>
                <th scope="col">{t('admin.webhooks.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((endpoint) => (
                <tr key={endpoint.id} aria-current={logOf?.id === endpoint.id ? 'true' : undefined}>
                  <td className="admin-break">{endpoint.url}</td>
                  <td>
                    <ul className="admin-plain-list">
                      {endpoint.eventTypes.map((type) => (
                        <li key={type}>
                          <code>{type}</code>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    {endpoint.enabled ? t('admin.webhooks.enabled') : t('admin.webhooks.disabled')}
                  </td>
                  <td>
                    <div className="widget-actions">
                      <button
                        type="button"
                        className="widget-button"
                        onClick={() => void toggle(endpoint)}
                      >
                        {endpoint.enabled
                          ? t('admin.webhooks.disable')
                          : t('admin.webhooks.enable')}
                      </button>
                      <button
                        type="button"
                        className="widget-button"
                        onClick={() => setLogOf(endpoint)}
                      >
                        {t('admin.webhooks.deliveries')}
                      </button>
                      {confirming === endpoint.id ? (
                        <>
                          <button
                            type="button"
                            className="widget-button widget-button--primary"
                            onClick={() => void remove(endpoint)}
                          >
                            {t('admin.webhooks.confirmDelete')}
                          </button>
                          <button
                            type="button"
                            className="widget-button widget-button--quiet"
                            onClick={() => setConfirming(undefined)}
                          >
                            {t('admin.webhooks.keep')}
                          </button>
                        </>
                      ) : (
                        <button
                          type="button"
                          className="widget-button widget-button--quiet"
                          onClick={() => setConfirming(endpoint.id)}
                        >
                          {t('admin.webhooks.delete')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {logOf ? <DeliveryLog key={logOf.id} endpoint={logOf} /> : null}
      <section aria-labelledby="new-webhook-title" className="admin-panel admin-narrow-panel">
        <h2 id="new-webhook-title">{t('admin.webhooks.new')}</h2>
        <Form<Values>
          onSubmit={onSubmit}
          validate={validate}
          initialValues={{ eventTypes: [] }}
          render={({ handleSubmit, form }) => (
            <form
              onSubmit={(event) =>
                handleSubmit(event)?.then(() => {
                  if (form.getState().submitSucceeded) form.restart({ eventTypes: [] })
                })
              }
              noValidate
            >
              <TextField
                name="url"
                type="url"
                label={t('admin.webhooks.url')}
                help={t('admin.webhooks.urlHelp')}
                autoComplete="off"
                required
              />
              <EventTypesField />
              <FormSubmit label={t('admin.webhooks.create')} />
            </form>
          )}
        />
      </section>
    </section>
  )
}

/** The event types to subscribe to, as checkboxes, with their message once one was touched. */
function EventTypesField() {
  const { t } = useTranslation()
  const { meta } = useField<WebhookEventType[]>('eventTypes', {
    subscription: { touched: true, error: true },
  })
  const error = meta.touched ? (meta.error as string | undefined) : undefined
  return (
    <fieldset
      className="form-choices widget-field"
      aria-describedby={error ? 'webhook-events-error' : undefined}
    >
      <legend>{t('admin.webhooks.events')}</legend>
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <label key={type} className="widget-choice">
          <Field name="eventTypes" component="input" type="checkbox" value={type} />{' '}
          <code>{type}</code>
        </label>
      ))}
      {error ? (
        <p id="webhook-events-error" className="widget-field__error">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  )
}

/** The new endpoint's signing secret: the API gives it this once, so it is shown to copy now. */
function SecretPanel({
  endpoint,
  onDone,
}: {
  endpoint: CreatedWebhookEndpoint
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState<string>()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret)
      setCopied(t('admin.webhooks.copied'))
    } catch {
      setCopied(t('admin.webhooks.copyFailed'))
    }
  }
  return (
    <section aria-labelledby="webhook-secret-title" className="admin-panel">
      <h2 id="webhook-secret-title">{t('admin.webhooks.secretTitle')}</h2>
      <p>{t('admin.webhooks.secretOnce', { url: endpoint.url })}</p>
      <div className="widget-field">
        <label htmlFor="webhook-secret">{t('admin.webhooks.secret')}</label>
        <input
          id="webhook-secret"
          readOnly
          value={endpoint.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="widget-actions">
        <button type="button" className="widget-button" onClick={() => void copy()}>
          {t('admin.webhooks.copy')}
        </button>
        <button type="button" className="widget-button widget-button--quiet" onClick={onDone}>
          {t('admin.webhooks.secretDone')}
        </button>
      </div>
      <p role="status" className="admin-status">
        {copied}
      </p>
    </section>
  )
}

/** An endpoint's deliveries, newest first, each one sent again on demand. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api, business } = useAdmin()
  const [resent, setResent] = useState<Set<number>>(new Set())
  const [status, setStatus] = useState<string>()
  const [resendError, setResendError] = useState<string>()
  const fetchPage = useCallback(
    (before?: number) =>
      api.webhookDeliveries(endpoint.id, before).then((page) => ({
        items: page.deliveries,
        next: page.next,
      })),
    [api, endpoint.id],
  )
  const {
    items: deliveries,
    next,
    error,
    loading,
    loadMore,
  } = usePages<DeliveryLogEntry, number>(fetchPage)

  const resend = async (delivery: DeliveryLogEntry) => {
    setResendError(undefined)
    try {
      await api.resendDelivery(delivery.id)
      setResent((ids) => new Set(ids).add(delivery.id))
      setStatus(t('admin.webhooks.resent', { event: delivery.eventType }))
    } catch (failure) {
      setResendError(messageOf(failure))
    }
  }

  // A delivery sent again is pending until its next attempt; the server says so, the list learns
  // it on its next load.
  const stateOf = (delivery: DeliveryLogEntry) =>
    resent.has(delivery.id) ? 'pending' : delivery.state

  return (
    // Not a landmark of its own: the deliveries' table is, under the same heading.
    <section className="admin-panel">
      <h2 id="webhook-deliveries-title" className="admin-break">
        {t('admin.webhooks.deliveriesTo', { url: endpoint.url })}
      </h2>
      <Alert>{error ?? resendError}</Alert>
      <p role="status" className="admin-status">
        {status}
      </p>
      {!loading && !error && deliveries.length === 0 ? (
        <p>{t('admin.webhooks.noDeliveries')}</p>
      ) : null}
      {deliveries.length > 0 ? (
        <ScrollRegion labelledBy="webhook-deliveries-title">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.webhooks.event')}</th>
                <th scope="col">{t('admin.webhooks.status')}</th>
                <th scope="col">{t('admin.webhooks.attempts')}</th>
                <th scope="col">{t('admin.webhooks.time')}</th>
                <th scope="col">{t('admin.webhooks.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <code>{delivery.eventType}</code>
                  </td>
                  <td>
                    {t(`admin.webhooks.states.${stateOf(delivery)}`)}
                    {delivery.lastStatusCode !== null
                      ? ` · ${t('admin.webhooks.httpCode', { code: delivery.lastStatusCode })}`
                      : null}
                    {delivery.lastError ? (
                      <>
                        <br />
                        <span className="widget-choice__meta admin-break">
                          {delivery.lastError}
                        </span>
                      </>
                    ) : null}
                  </td>
                  <td>{delivery.attempts}</td>
                  <td>
                    {formatDateTime(
                      delivery.lastAttemptAt ?? delivery.createdAt,
                      business.timeZone,
                      tag,
                    )}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="widget-button"
                      disabled={stateOf(delivery) === 'pending'}
                      onClick={() => void resend(delivery)}
                    >
                      {t('admin.webhooks.resend')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      <LoadMore
        more={next !== null}
        loading={loading}
        onLoad={loadMore}
        label={t('admin.webhooks.older')}
      />
    </section>
  )
}
