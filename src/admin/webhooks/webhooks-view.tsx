import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useState } from 'react'
import { Field, useField } from 'react-final-form'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpoint,
  type DeliveryLogEntry,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../lib/admin/webhook-types'
import { formatDateTime } from '../../lib/format/booking'
import type { AdminApi } from '../api'
import { InlineForm } from '../kit/inline-form'
import { QuietButton } from '../kit/main-action'
import { forProvider } from '../kit/no-provider'
import { PagedTable } from '../kit/paged'
import { Panel } from '../kit/panel'
import { codeListColumn, ResourceTable, type Column } from '../kit/resource-table'
import { Screen } from '../kit/screen'
import { useCopy } from '../kit/use-copy'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { Alert, FieldMessage, LabelledField, messageOf, UrlField } from '../shell/fields'
import { usePages } from '../shell/use-pages'

interface Values {
  url?: string
  eventTypes?: WebhookEventType[]
}

const NEW_ENDPOINT: Values = { eventTypes: [] }

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
export const WebhooksView = forProvider('webhooks', Endpoints)

function Endpoints({ providerId }: { providerId: number }) {
  const { t } = useTranslation()
  const { api } = useAdmin()
  const load = useCallback(
    (admin: AdminApi) => admin.webhooks(providerId).then((list) => list.endpoints),
    [providerId],
  )
  const endpoints = useLoad(load)
  const [status, setStatus] = useState<string>()
  const [created, setCreated] = useState<CreatedWebhookEndpoint>()
  const [confirming, setConfirming] = useState<number>()
  const [logOf, setLogOf] = useState<WebhookEndpoint>()

  const toggle = async (endpoint: WebhookEndpoint) => {
    endpoints.setError(undefined)
    try {
      const changed = await api.changeWebhook(endpoint.id, { enabled: !endpoint.enabled })
      endpoints.setData((list) => list?.map((each) => (each.id === changed.id ? changed : each)))
      setStatus(
        t(changed.enabled ? 'admin.webhooks.enabledNow' : 'admin.webhooks.disabledNow', {
          url: changed.url,
        }),
      )
    } catch (failure) {
      endpoints.setError(messageOf(failure))
    }
  }

  const remove = async (endpoint: WebhookEndpoint) => {
    endpoints.setError(undefined)
    try {
      await api.deleteWebhook(endpoint.id)
      endpoints.setData((list) => list?.filter((each) => each.id !== endpoint.id))
      setConfirming(undefined)
      if (logOf?.id === endpoint.id) setLogOf(undefined)
      if (created?.id === endpoint.id) setCreated(undefined)
      setStatus(t('admin.webhooks.deleted', { url: endpoint.url }))
    } catch (failure) {
      endpoints.setError(messageOf(failure))
    }
  }

  const onSubmit = async (values: Values) => {
    const endpoint = await api.createWebhook(providerId, {
      url: values.url!.trim(),
      eventTypes: values.eventTypes!,
    })
    const { secret: _secret, ...listed } = endpoint
    endpoints.setData((list) => [...(list ?? []), listed])
    setCreated(endpoint)
    setStatus(t('admin.webhooks.created', { url: endpoint.url }))
  }

  const columns: Column<WebhookEndpoint>[] = [
    {
      id: 'url',
      header: t('admin.webhooks.url'),
      className: 'admin-break',
      cell: (endpoint) => endpoint.url,
    },
    codeListColumn('events', t('admin.webhooks.events'), (endpoint) => endpoint.eventTypes),
    {
      id: 'state',
      header: t('admin.webhooks.state'),
      cell: (endpoint) =>
        endpoint.enabled ? t('admin.webhooks.enabled') : t('admin.webhooks.disabled'),
    },
    {
      id: 'actions',
      header: t('admin.webhooks.actions'),
      // Not RowActions: the delete is confirmed in the row itself, and these buttons' names are
      // their words alone.
      cell: (endpoint) => (
        <div className="widget-actions">
          <button type="button" className="widget-button" onClick={() => void toggle(endpoint)}>
            {endpoint.enabled ? t('admin.webhooks.disable') : t('admin.webhooks.enable')}
          </button>
          <button type="button" className="widget-button" onClick={() => setLogOf(endpoint)}>
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
              <QuietButton onClick={() => setConfirming(undefined)}>
                {t('admin.webhooks.keep')}
              </QuietButton>
            </>
          ) : (
            <QuietButton onClick={() => setConfirming(endpoint.id)}>
              {t('admin.webhooks.delete')}
            </QuietButton>
          )}
        </div>
      ),
    },
  ]

  return (
    <Screen
      id="webhooks-title"
      title={t('admin.webhooks.title')}
      error={endpoints.error}
      status={status}
    >
      {created ? <SecretPanel endpoint={created} onDone={() => setCreated(undefined)} /> : null}
      <ResourceTable
        label={t('admin.webhooks.list')}
        rows={endpoints.data}
        columns={columns}
        rowId={(endpoint) => endpoint.id}
        current={logOf?.id}
        empty={t('admin.webhooks.empty')}
      />
      {logOf ? <DeliveryLog key={logOf.id} endpoint={logOf} /> : null}
      <Panel id="new-webhook-title" title={t('admin.webhooks.new')} narrow>
        <InlineForm<Values>
          initialValues={NEW_ENDPOINT}
          validate={validate}
          onSubmit={onSubmit}
          submitLabel={t('admin.webhooks.create')}
          clear
        >
          <UrlField name="url" label={t('admin.webhooks.url')} help={t('admin.webhooks.urlHelp')} />
          <EventTypesField />
        </InlineForm>
      </Panel>
    </Screen>
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
      <FieldMessage id="webhook-events-error" error={error} />
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
  const { said, copy } = useCopy('admin.webhooks.copied', 'admin.webhooks.copyFailed')
  return (
    <Panel id="webhook-secret-title" title={t('admin.webhooks.secretTitle')}>
      <p>{t('admin.webhooks.secretOnce', { url: endpoint.url })}</p>
      <LabelledField id="webhook-secret" label={t('admin.webhooks.secret')}>
        <input
          id="webhook-secret"
          readOnly
          value={endpoint.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
      </LabelledField>
      <div className="widget-actions">
        <button type="button" className="widget-button" onClick={() => void copy(endpoint.secret)}>
          {t('admin.webhooks.copy')}
        </button>
        <QuietButton onClick={onDone}>{t('admin.webhooks.secretDone')}</QuietButton>
      </div>
      <p role="status" className="admin-status">
        {said}
      </p>
    </Panel>
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
  const deliveries = usePages<DeliveryLogEntry, number>(fetchPage)

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

  const columns: Column<DeliveryLogEntry>[] = [
    {
      id: 'event',
      header: t('admin.webhooks.event'),
      cell: (delivery) => <code>{delivery.eventType}</code>,
    },
    {
      id: 'status',
      header: t('admin.webhooks.status'),
      cell: (delivery) => (
        <>
          {t(`admin.webhooks.states.${stateOf(delivery)}`)}
          {delivery.lastStatusCode !== null
            ? ` · ${t('admin.webhooks.httpCode', { code: delivery.lastStatusCode })}`
            : null}
          {delivery.lastError ? (
            <>
              <br />
              <span className="widget-choice__meta admin-break">{delivery.lastError}</span>
            </>
          ) : null}
        </>
      ),
    },
    { id: 'attempts', header: t('admin.webhooks.attempts'), cell: (delivery) => delivery.attempts },
    {
      id: 'time',
      header: t('admin.webhooks.time'),
      cell: (delivery) =>
        formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt, business.timeZone, tag),
    },
    {
      id: 'actions',
      header: t('admin.webhooks.actions'),
      cell: (delivery) => (
        <button
          type="button"
          className="widget-button"
          disabled={stateOf(delivery) === 'pending'}
          onClick={() => void resend(delivery)}
        >
          {t('admin.webhooks.resend')}
        </button>
      ),
    },
  ]

  const title = t('admin.webhooks.deliveriesTo', { url: endpoint.url })
  return (
    // Not a landmark of its own (so not a Panel): the deliveries' table is, by the same name.
    <section className="admin-panel">
      <h2 className="admin-break">{title}</h2>
      <Alert>{deliveries.error ?? resendError}</Alert>
      <p role="status" className="admin-status">
        {status}
      </p>
      <PagedTable
        label={title}
        pages={deliveries}
        columns={columns}
        rowId={(delivery) => delivery.id}
        empty={t('admin.webhooks.noDeliveries')}
        older={t('admin.webhooks.older')}
      />
    </section>
  )
}
