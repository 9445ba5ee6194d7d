import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { Field } from 'react-final-form'
import type { CalendarConnection, CalendarConnectionChange } from '../../lib/calendars/api-types'
import { InlineForm } from '../kit/inline-form'
import { useAdmin } from '../shell/admin-context'

interface CalendarValues {
  /** The addresses of the calendars checked for conflicts. */
  checked: string[]
  /** The receiving calendar's address, or NONE. */
  receives: string
}

// Not the empty string, which final-form turns into no value: the "None" radio would not stay on.
const NONE = 'none'

/**
 * Which of a connection's calendars count for conflicts and which one new bookings go into (a
 * CalDAV account's; a feed is read only). Saved with the PATCH the server answers with the
 * connection as it is now, which `onSaved` puts in the list.
 */
export function ConnectionCalendars({
  staffId,
  connection,
  onSaved,
}: {
  staffId: number
  connection: CalendarConnection
  onSaved: (connection: CalendarConnection) => void
}) {
  const { t } = useTranslation()
  const { api } = useAdmin()
  const id = useId()
  const [status, setStatus] = useState('')
  // By value, not by the connection's identity: a sync answers the same choices anew, and the
  // form starts over (losing what was typed) only when the saved choices changed.
  const checked = connection.calendars
    .filter((each) => each.checked)
    .map((each) => each.url)
    .join('\n')
  const receives = connection.calendars.find((each) => each.receivesBookings)?.url ?? NONE
  const initialValues = useMemo<CalendarValues>(
    () => ({ checked: checked ? checked.split('\n') : [], receives }),
    [checked, receives],
  )
  const receiving = connection.kind === 'caldav'

  const onSubmit = async (values: CalendarValues) => {
    setStatus('')
    const change: CalendarConnectionChange = {
      checked: values.checked,
      ...(receiving ? { receivesBookings: values.receives === NONE ? null : values.receives } : {}),
    }
    onSaved(await api.changeCalendarConnection(staffId, connection.id, change))
    setStatus(t('admin.calendars.calendarsSaved'))
  }

  return (
    <section aria-labelledby={`${id}-title`} className="admin-panel admin-narrow-panel">
      <h2 id={`${id}-title`} className="admin-break">
        {t('admin.calendars.calendarsOf', { url: connection.url })}
      </h2>
      <InlineForm<CalendarValues>
        initialValues={initialValues}
        onSubmit={onSubmit}
        submitLabel={t('admin.calendars.saveCalendars')}
        status={status}
      >
        <fieldset className="widget-field form-choices">
          <legend>{t('admin.calendars.checkLegend')}</legend>
          {connection.calendars.map((calendar) => (
            <Choice key={calendar.url} name="checked" type="checkbox" value={calendar.url}>
              {calendar.name}
            </Choice>
          ))}
        </fieldset>
        {receiving ? (
          <fieldset className="widget-field form-choices">
            <legend>{t('admin.calendars.receiveLegend')}</legend>
            {connection.calendars.map((calendar) => (
              <Choice key={calendar.url} name="receives" type="radio" value={calendar.url}>
                {calendar.name}
              </Choice>
            ))}
            <Choice name="receives" type="radio" value={NONE}>
              {t('admin.calendars.none')}
            </Choice>
          </fieldset>
        ) : (
          <p>{t('admin.calendars.feedReadOnly')}</p>
        )}
      </InlineForm>
    </section>
  )
}

/** A checkbox or radio button of the form, inside its label. */
function Choice({
  name,
  type,
  value,
  children,
}: {
  name: keyof CalendarValues
  type: 'checkbox' | 'radio'
  value: string
  children: ReactNode
}) {
  return (
    <label className="widget-choice">
      <Field name={name} component="input" type={type} value={value} />
      {children}
    </label>
  )
}
