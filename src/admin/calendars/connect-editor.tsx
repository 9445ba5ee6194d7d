import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Field } from 'react-final-form'
import type { CalendarConnection, CalendarConnectionRequest } from '../../lib/calendars/api-types'
import { EditorPanel } from '../kit/editor-panel'
import { useAdmin } from '../shell/admin-context'
import { TextField, UrlField } from '../shell/fields'

interface ConnectValues {
  kind: CalendarConnectionRequest['kind']
  url?: string
  username?: string
  password?: string
}

const NEW_CONNECTION: ConnectValues = { kind: 'caldav' }

/** The schemes each kind is read over: a feed is often published as `webcal://`. */
const SCHEMES: Record<ConnectValues['kind'], string[]> = {
  caldav: ['https:', 'http:'],
  ics: ['https:', 'http:', 'webcal:'],
}

const isAddressOf = (kind: ConnectValues['kind'], value: string) => {
  try {
    return SCHEMES[kind].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

// Only what the server would refuse anyway for want of it: whether an address is reachable and
// the account real is its to find out.
const validate = (values: ConnectValues) => {
  const url = values.url?.trim() ?? ''
  return {
    url: !url
      ? 'admin.validation.required'
      : isAddressOf(values.kind, url)
        ? undefined
        : `admin.calendars.${values.kind}.urlInvalid`,
    ...(values.kind === 'caldav'
      ? {
          username: values.username?.trim() ? undefined : 'admin.validation.required',
          password: values.password ? undefined : 'admin.validation.required',
        }
      : {}),
  }
}

/** What is sent for the kind chosen: the other kind's fields, typed before switching, are not. */
const requestOf = (values: ConnectValues): CalendarConnectionRequest =>
  values.kind === 'caldav'
    ? {
        kind: 'caldav',
        url: values.url!.trim(),
        username: values.username!.trim(),
        password: values.password!,
      }
    : { kind: 'ics', url: values.url!.trim() }

/**
 * A new connection of `staffId`'s: a CalDAV account (the server finds its calendars) or a
 * published feed. The server reads the calendar once before it answers, so the save says it is
 * connecting meanwhile; a refusal (a wrong password, an address it may not reach) is the
 * server's message, on the field it names or at the form's end.
 */
export function ConnectEditor({
  staffId,
  onConnected,
  onClose,
}: {
  staffId: number
  onConnected: (connection: CalendarConnection) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { api } = useAdmin()
  return (
    <EditorPanel<ConnectValues>
      title={t('admin.calendars.connect')}
      initialValues={NEW_CONNECTION}
      validate={validate}
      onSubmit={(values) => api.connectCalendar(staffId, requestOf(values)).then(onConnected)}
      onClose={onClose}
      saveLabel={t('admin.calendars.connectSubmit')}
      busyLabel={t('admin.calendars.connecting')}
      closeLabel={t('admin.calendars.cancel')}
    >
      {({ values }) => (
        <>
          <fieldset className="widget-field form-choices">
            <legend>{t('admin.calendars.kindLegend')}</legend>
            {(['caldav', 'ics'] as const).map((kind) => (
              <label key={kind} className="widget-choice">
                <Field name="kind" component="input" type="radio" value={kind} />
                {t(`admin.calendars.${kind}.choice`)}
              </label>
            ))}
          </fieldset>
          <UrlField
            name="url"
            label={t(`admin.calendars.${values.kind}.url`)}
            help={t(`admin.calendars.${values.kind}.urlHelp`)}
          />
          {values.kind === 'caldav' ? (
            <>
              <TextField
                name="username"
                label={t('admin.calendars.username')}
                autoComplete="off"
                required
              />
              <TextField
                name="password"
                type="password"
                label={t('admin.calendars.password')}
                help={t('admin.calendars.passwordHelp')}
                // Not the dashboard's own password: a browser must neither fill nor keep it.
                autoComplete="new-password"
                required
              />
            </>
          ) : null}
        </>
      )}
    </EditorPanel>
  )
}
