import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useRef, useState } from 'react'
import { Field, useField } from 'react-final-form'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import {
  apiScopes,
  type ApiKey,
  type ApiScope,
  type CreatedApiKey,
} from '../../lib/admin/api-types'
import { formatShortDateTime } from '../../lib/format/booking'
import { zonedLocalToInstant } from '../../lib/time'
import type { AdminApi } from '../api'
import { ConfirmPanel } from '../kit/confirm-panel'
import { EditorPanel } from '../kit/editor-panel'
import { MainAction, QuietButton } from '../kit/main-action'
import { Panel } from '../kit/panel'
import { codeListColumn, ResourceTable, textColumn, type Column } from '../kit/resource-table'
import { actionsColumn } from '../kit/row-actions'
import { Screen } from '../kit/screen'
import { useCopy } from '../kit/use-copy'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { FieldMessage, LabelledField, messageOf, TextField } from '../shell/fields'

interface Values {
  name?: string
  scopes?: ApiScope[]
  /** A date input's 'YYYY-MM-DD': the key stops working as that day begins in the business's zone. */
  expiresAt?: string
}

const NEW_KEY: Values = { scopes: [] }

type KeyState = 'active' | 'expired' | 'revoked'

const stateOf = (key: ApiKey, now: number): KeyState =>
  key.revokedAt
    ? 'revoked'
    : key.expiresAt && Date.parse(key.expiresAt) <= now
      ? 'expired'
      : 'active'

// A key's state is judged by the time the list was read, which a reload moves on.
const listKeys = (api: AdminApi) => api.apiKeys().then((keys) => ({ keys, readAt: Date.now() }))

/**
 * API keys (issue 34), owners and admins only: each key with what it may do and when it was last
 * used, a new one (the key itself shown this once, since the server keeps only its hash), and a
 * revoke, asked first since a revoked key stops working at once.
 */
export function ApiKeysView() {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api, business } = useAdmin()
  const keys = useLoad(listKeys)
  const { editing, status, open, close, done, say } = useEditing<ApiKey>()
  const [created, setCreated] = useState<CreatedApiKey>()
  const [revoking, setRevoking] = useState<ApiKey>()
  const [busy, setBusy] = useState(false)

  const startOf = (date: string) => zonedLocalToInstant(date, '00:00', business.timeZone)
  const validate = (values: Values) => ({
    name: values.name?.trim() ? undefined : 'admin.validation.required',
    scopes: values.scopes?.length ? undefined : 'admin.apiKeys.scopesRequired',
    expiresAt:
      values.expiresAt && startOf(values.expiresAt) <= Date.now()
        ? 'admin.apiKeys.expiryPast'
        : undefined,
  })

  const onSubmit = async (values: Values) => {
    const key = await api.createApiKey({
      name: values.name!.trim(),
      // In the order the form lists them, whatever order they were ticked in.
      scopes: apiScopes.filter((scope) => values.scopes!.includes(scope)),
      expiresAt: values.expiresAt ? new Date(startOf(values.expiresAt)).toISOString() : null,
    })
    done(t('admin.apiKeys.created', { name: key.name }))
    setCreated(key)
    await keys.reload()
  }

  const revoke = async (key: ApiKey) => {
    setBusy(true)
    keys.setError(undefined)
    try {
      await api.revokeApiKey(key.id)
      setRevoking(undefined)
      say(t('admin.apiKeys.revoked', { name: key.name }))
      await keys.reload()
    } catch (failure) {
      keys.setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const when = (instant: string) => formatShortDateTime(instant, business.timeZone, tag)
  const columns: Column<ApiKey>[] = [
    textColumn('name', t('admin.apiKeys.name'), (key) => key.name),
    { id: 'prefix', header: t('admin.apiKeys.prefix'), cell: (key) => <code>{key.prefix}…</code> },
    codeListColumn('scopes', t('admin.apiKeys.scopes'), (key) => key.scopes),
    {
      id: 'created',
      header: t('admin.apiKeys.createdColumn'),
      cell: (key) => (
        <>
          {when(key.createdAt)}
          {key.createdBy ? (
            <>
              <br />
              <span className="widget-choice__meta admin-break">
                {t('admin.apiKeys.by', { email: key.createdBy })}
              </span>
            </>
          ) : null}
        </>
      ),
    },
    {
      id: 'expires',
      header: t('admin.apiKeys.expiresColumn'),
      cell: (key) => (key.expiresAt ? when(key.expiresAt) : t('admin.apiKeys.noExpiry')),
    },
    {
      id: 'lastUsed',
      header: t('admin.apiKeys.lastUsed'),
      cell: (key) => (key.lastUsedAt ? when(key.lastUsedAt) : t('admin.apiKeys.never')),
    },
    {
      id: 'state',
      header: t('admin.apiKeys.state'),
      cell: (key) => t(`admin.apiKeys.states.${stateOf(key, keys.data!.readAt)}`),
    },
    actionsColumn(
      t('admin.apiKeys.actions'),
      (key) => key.name,
      // A revoked key has nothing left to do; an expired one is revoked still, so no one renews it.
      (key) =>
        key.revokedAt
          ? []
          : [{ label: t('admin.apiKeys.revoke'), onClick: () => setRevoking(key) }],
    ),
  ]

  return (
    <Screen
      id="api-keys-title"
      title={t('admin.apiKeys.title')}
      actions={
        created ? null : (
          <MainAction
            label={t('admin.apiKeys.new')}
            onClick={() => {
              setRevoking(undefined)
              open()
            }}
          />
        )
      }
      intro={t('admin.apiKeys.intro')}
      error={keys.error}
      status={status}
    >
      {created ? (
        <ShownOnce apiKey={created} onDone={() => setCreated(undefined)} />
      ) : (
        <>
          {revoking ? (
            <ConfirmPanel
              title={t('admin.apiKeys.revokeTitle', { name: revoking.name })}
              text={t('admin.apiKeys.revokeText')}
              confirm={t('admin.apiKeys.revokeConfirm')}
              keep={t('admin.apiKeys.keep')}
              busy={busy}
              onConfirm={() => void revoke(revoking)}
              onKeep={() => setRevoking(undefined)}
            />
          ) : null}
          {editing ? (
            <EditorPanel<Values>
              title={t('admin.apiKeys.new')}
              initialValues={NEW_KEY}
              validate={validate}
              onSubmit={onSubmit}
              onClose={close}
              saveLabel={t('admin.apiKeys.create')}
              closeLabel={t('admin.apiKeys.cancel')}
            >
              {() => (
                <>
                  <TextField
                    name="name"
                    label={t('admin.apiKeys.name')}
                    help={t('admin.apiKeys.nameHelp')}
                    autoComplete="off"
                    required
                  />
                  <ScopesField />
                  <TextField
                    name="expiresAt"
                    type="date"
                    label={t('admin.apiKeys.expires')}
                    help={t('admin.apiKeys.expiresHelp', { zone: business.timeZone })}
                  />
                </>
              )}
            </EditorPanel>
          ) : null}
          <ResourceTable
            label={t('admin.catalogue.listLabel', { title: t('admin.apiKeys.title') })}
            rows={keys.data?.keys}
            columns={columns}
            rowId={(key) => key.id}
            current={revoking?.id}
            empty={t('admin.apiKeys.empty')}
            sortInAddress
          />
        </>
      )}
    </Screen>
  )
}

/**
 * The scopes as checkboxes, each with what it allows in plain words; the form's message, or the
 * server's refusal, once the group was touched.
 */
function ScopesField() {
  const { t } = useTranslation()
  const { user } = useAdmin()
  // Only an owner may let a key read the server's metrics (the server refuses anyone else).
  const offered = apiScopes.filter((scope) => scope !== 'metrics:read' || user.role === 'owner')
  const { meta } = useField<ApiScope[]>('scopes', {
    subscription: { touched: true, error: true, submitError: true },
  })
  const error = meta.touched
    ? ((meta.error as string | undefined) ?? (meta.submitError as string | undefined))
    : undefined
  return (
    <fieldset
      className="form-choices widget-field"
      aria-describedby={error ? 'api-key-scopes-error' : undefined}
    >
      <legend>{t('admin.apiKeys.scopes')}</legend>
      {offered.map((scope) => (
        <div key={scope}>
          <label className="widget-choice">
            <Field
              name="scopes"
              component="input"
              type="checkbox"
              value={scope}
              aria-describedby={`api-key-scope-${scope.replace(':', '-')}`}
            />{' '}
            <code>{scope}</code>
          </label>
          <p id={`api-key-scope-${scope.replace(':', '-')}`} className="widget-field__help">
            {t(`admin.apiKeys.scope.${scope.replace(':', '.')}`)}
          </p>
        </div>
      ))}
      <FieldMessage id="api-key-scopes-error" error={error} />
    </fieldset>
  )
}

/**
 * The new key, which the API answers this once: to copy now, into the integration that uses it.
 * Done returns to the list, where only its first characters are left.
 */
function ShownOnce({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation()
  const keyRef = useRef<HTMLInputElement>(null)
  // Refused (no permission, an insecure page): the key stays selected to copy by hand.
  const { said, copy } = useCopy('admin.apiKeys.copied', 'admin.apiKeys.copyRefused', () =>
    keyRef.current?.select(),
  )
  useEffect(() => keyRef.current?.focus(), [])
  return (
    <Panel id="api-key-once-title" title={t('admin.apiKeys.onceTitle', { name: apiKey.name })}>
      <LabelledField id="api-key-value" label={t('admin.apiKeys.key')}>
        <input
          ref={keyRef}
          id="api-key-value"
          className="admin-secret"
          readOnly
          value={apiKey.key}
          aria-describedby="api-key-once-help"
          onFocus={(event) => event.currentTarget.select()}
        />
        <p id="api-key-once-help" className="widget-field__help">
          {t('admin.apiKeys.onlyOnce')}
        </p>
      </LabelledField>
      <div className="widget-actions">
        <button
          type="button"
          className="widget-button widget-button--primary"
          onClick={() => void copy(apiKey.key)}
        >
          {t('admin.apiKeys.copy')}
        </button>
        <QuietButton onClick={onDone}>{t('admin.apiKeys.done')}</QuietButton>
      </div>
      <p role="status" className="admin-status">
        {said}
      </p>
    </Panel>
  )
}
