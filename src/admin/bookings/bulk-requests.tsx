import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import { Form } from 'react-final-form'
import type { AdminBooking } from '../../lib/admin/api-types'
import { FormLeaveGuard } from '../kit/leave-guard'
import { QuietButton } from '../kit/main-action'
import type { Selection } from '../kit/selection'
import { useAdmin } from '../shell/admin-context'
import { FormSubmit, messageOf, TextField, useSay } from '../shell/fields'

type BulkAction = 'confirm' | 'decline'

/**
 * The requests tab's bulk actions: confirm the chosen requests, or decline them all with one
 * reason (the visitors are told it). Each is sent on its own, one after another, as the front
 * desk would one by one: a request another admin handled meanwhile is refused alone, said by its
 * number and the API's words, and the others go through.
 */
export function BulkRequests({
  shown,
  selection,
  onDone,
}: {
  /** The requests the list shows, which "all" chooses. */
  shown: number
  selection: Selection<number>
  onDone: (updated: AdminBooking[]) => void
}) {
  const { t } = useTranslation()
  const say = useSay()
  const { api } = useAdmin()
  const [declining, setDeclining] = useState(false)
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState('')
  const [refusals, setRefusals] = useState<string[]>([])

  const run = async (action: BulkAction, reason = '') => {
    setBusy(true)
    setStatus('')
    const updated: AdminBooking[] = []
    const refused: string[] = []
    for (const id of selection.ids) {
      try {
        updated.push(await (action === 'confirm' ? api.confirm(id) : api.decline(id, reason)))
      } catch (failure) {
        refused.push(t('admin.bulk.refused', { id: String(id), message: say(messageOf(failure)) }))
      }
    }
    setBusy(false)
    setRefusals(refused)
    setStatus(t(`admin.bulk.done.${action}`, { number: String(updated.length) }))
    setDeclining(false)
    selection.clear()
    onDone(updated)
  }

  const none = selection.ids.length === 0
  return (
    <div role="group" aria-label={t('admin.bulk.group')} className="admin-bulk">
      <div className="admin-toolbar">
        <label className="widget-choice">
          <input
            type="checkbox"
            checked={shown > 0 && selection.ids.length === shown}
            onChange={(event) => selection.setAll(event.target.checked)}
          />
          {t('admin.bulk.all')}
        </label>
        <span>{t('admin.bulk.count', { number: String(selection.ids.length) })}</span>
        <button
          type="button"
          className="widget-button"
          disabled={none || busy}
          onClick={() => void run('confirm')}
        >
          {t('admin.bulk.confirm')}
        </button>
        <button
          type="button"
          className="widget-button"
          disabled={none || busy}
          aria-expanded={declining}
          onClick={() => setDeclining(true)}
        >
          {t('admin.bulk.decline')}
        </button>
      </div>
      {/* Nothing chosen any more: nothing to decline. */}
      {declining && !none ? (
        <Form<{ reason?: string }>
          onSubmit={({ reason }) => run('decline', reason!.trim())}
          validate={({ reason }) => ({
            reason: reason?.trim() ? undefined : 'admin.validation.reason',
          })}
          render={({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate className="admin-panel admin-narrow">
              <FormLeaveGuard />
              <TextField name="reason" label={t('admin.actions.reason')} required />
              <FormSubmit
                label={t('admin.bulk.declineSubmit', { number: String(selection.ids.length) })}
              >
                <QuietButton onClick={() => setDeclining(false)}>
                  {t('admin.actions.back')}
                </QuietButton>
              </FormSubmit>
            </form>
          )}
        />
      ) : null}
      <p role="status" className="admin-status">
        {status}
      </p>
      {refusals.length ? (
        <div className="widget-alert" role="alert">
          <ul className="admin-plain-list">
            {refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
