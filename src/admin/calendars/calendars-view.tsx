import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { CalendarConnection, StaffCalendars } from '../../lib/calendars/api-types'
import { formatShortDateTime } from '../../lib/format/booking'
import type { AdminApi } from '../api'
import { ConfirmPanel } from '../kit/confirm-panel'
import { MainAction } from '../kit/main-action'
import { ResourceTable, type Column } from '../kit/resource-table'
import { actionsColumn } from '../kit/row-actions'
import { Screen } from '../kit/screen'
import { StaffChoice, useStaffChoice } from '../kit/staff-choice'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { messageOf } from '../shell/fields'
import { CalendarFeedPanel } from './calendar-feed'
import { ConnectEditor } from './connect-editor'
import { ConnectionCalendars } from './connection-calendars'

/** A member's calendars, marked with whose they are: an answer for another member is not shown. */
type MemberCalendars = StaffCalendars & { staffId: number }

const NO_CALENDARS = (): Promise<undefined> => Promise.resolve(undefined)

/**
 * A staff member's calendar connections (issue 32): a CalDAV account or a published feed whose
 * busy times block the member's slots, which of its calendars count and which one receives new
 * bookings, a sync on demand; and the member's private feed of their bookings. Owners and admins
 * choose the member; a staff account sees its own.
 */
export function CalendarsView() {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api, user, business } = useAdmin()
  const choice = useStaffChoice()
  const { member } = choice
  const staffId = member?.id
  const load = useCallback(
    (admin: AdminApi): Promise<MemberCalendars | undefined> =>
      staffId === undefined
        ? NO_CALENDARS()
        : admin.staffCalendars(staffId).then((found) => ({ ...found, staffId })),
    [staffId],
  )
  const calendars = useLoad(load)
  const mine = calendars.data?.staffId === staffId ? calendars.data : undefined
  const editor = useEditing<never>()
  const [removing, setRemoving] = useState<CalendarConnection>()
  const [busy, setBusy] = useState<number>()

  /**
   * What the server answered for `memberId`, in place of what was listed: an answer that comes
   * once another member is shown changes nothing of theirs.
   */
  const change = (memberId: number, update: (data: MemberCalendars) => MemberCalendars) =>
    calendars.setData((data) => (data?.staffId === memberId ? update(data) : data))

  /** The connection as the server answered it, in place of the one listed (or added). */
  const keep = (memberId: number, connection: CalendarConnection) =>
    change(memberId, (data) => ({
      ...data,
      connections: data.connections.some((each) => each.id === connection.id)
        ? data.connections.map((each) => (each.id === connection.id ? connection : each))
        : [...data.connections, connection],
    }))

  /**
   * Runs a row's action on the member's connection, its buttons off meanwhile; what it did is the
   * screen's status, a failure the screen's alert.
   */
  const act = async (
    connection: CalendarConnection,
    action: (memberId: number) => Promise<string>,
  ) => {
    if (!mine) return
    setBusy(connection.id)
    calendars.setError(undefined)
    editor.say(undefined)
    try {
      editor.say(await action(mine.staffId))
    } catch (failure) {
      calendars.setError(messageOf(failure))
    } finally {
      setBusy(undefined)
    }
  }

  const sync = (connection: CalendarConnection) =>
    act(connection, async (memberId) => {
      keep(memberId, await api.syncCalendarConnection(memberId, connection.id))
      return t('admin.calendars.synced', { url: connection.url })
    })

  const remove = async (connection: CalendarConnection) => {
    await act(connection, async (memberId) => {
      await api.removeCalendarConnection(memberId, connection.id)
      change(memberId, (data) => ({
        ...data,
        connections: data.connections.filter((each) => each.id !== connection.id),
      }))
      return t('admin.calendars.removed', { url: connection.url })
    })
    setRemoving(undefined)
  }

  const columns: Column<CalendarConnection>[] = [
    {
      id: 'kind',
      header: t('admin.calendars.kind'),
      cell: (connection) => t(`admin.calendars.${connection.kind}.name`),
    },
    {
      id: 'url',
      header: t('admin.calendars.address'),
      className: 'admin-break',
      cell: (connection) => connection.url,
    },
    {
      id: 'username',
      header: t('admin.calendars.username'),
      className: 'admin-break',
      cell: (connection) => connection.username ?? '–',
    },
    {
      id: 'state',
      header: t('admin.calendars.state'),
      className: 'admin-break',
      // In words, not a colour alone: why it fails in the page's language, then in the server's
      // own words, which say what to look up.
      cell: (connection) =>
        connection.state === 'ok' ? (
          t('admin.calendars.working')
        ) : (
          <>
            {t('admin.calendars.failing', {
              error: connection.lastErrorCode
                ? t(`admin.calendars.error.${connection.lastErrorCode}`)
                : (connection.lastError ?? ''),
            })}
            {connection.lastErrorCode && connection.lastError && (
              <small className="admin-calendars__detail">{connection.lastError}</small>
            )}
          </>
        ),
    },
    {
      id: 'synced',
      header: t('admin.calendars.lastSynced'),
      cell: (connection) =>
        connection.lastSyncedAt
          ? formatShortDateTime(connection.lastSyncedAt, business.timeZone, tag)
          : t('admin.calendars.never'),
    },
    {
      id: 'busy',
      header: t('admin.calendars.busy'),
      cell: (connection) => connection.busyCount,
    },
    actionsColumn(
      t('admin.calendars.actions'),
      (connection) => connection.url,
      (connection) => [
        {
          label: t('admin.calendars.sync'),
          disabled: busy === connection.id,
          onClick: () => void sync(connection),
        },
        {
          label: t('admin.calendars.remove'),
          disabled: busy === connection.id,
          onClick: () => {
            editor.say(undefined)
            setRemoving(connection)
          },
        },
      ],
    ),
  ]

  return (
    <Screen
      id="calendars-title"
      title={t('admin.calendars.title')}
      actions={
        member ? (
          // Without asking: the calendars' forms stay as typed beside it, and a connect form
          // already open keeps its values.
          <MainAction label={t('admin.calendars.connect')} onClick={() => editor.reopen()} />
        ) : null
      }
      error={choice.error ?? calendars.error}
      status={editor.status}
    >
      <StaffChoice
        id="calendars-staff"
        label={t('admin.calendars.staff')}
        choice={choice}
        // What was open belonged to the member before.
        onChosen={() => {
          editor.close()
          setRemoving(undefined)
          calendars.setError(undefined)
        }}
      />
      {member && editor.editing ? (
        <ConnectEditor
          staffId={member.id}
          onClose={editor.close}
          onConnected={(connection) => {
            keep(member.id, connection)
            editor.done(t('admin.calendars.connected', { url: connection.url }))
          }}
        />
      ) : null}
      {member && removing ? (
        <ConfirmPanel
          title={t('admin.calendars.removeTitle', { url: removing.url })}
          text={t('admin.calendars.removeText')}
          confirm={t('admin.calendars.remove')}
          keep={t('admin.calendars.keep')}
          busy={busy === removing.id}
          onConfirm={() => void remove(removing)}
          onKeep={() => setRemoving(undefined)}
        />
      ) : null}
      {member && mine ? (
        <>
          <ResourceTable
            label={t('admin.calendars.list')}
            rows={mine.connections}
            columns={columns}
            rowId={(connection) => connection.id}
            current={removing?.id}
            empty={t('admin.calendars.empty')}
          />
          {mine.connections.map((connection) => (
            <ConnectionCalendars
              key={connection.id}
              staffId={member.id}
              connection={connection}
              onSaved={(saved) => keep(member.id, saved)}
            />
          ))}
          <CalendarFeedPanel
            staffId={member.id}
            title={
              member.id === user.staffId
                ? t('admin.calendars.feedOwn')
                : t('admin.calendars.feedOf', { name: member.name })
            }
            feed={mine.feed}
            onRotated={(feed) => change(member.id, (data) => ({ ...data, feed }))}
          />
        </>
      ) : null}
    </Screen>
  )
}
