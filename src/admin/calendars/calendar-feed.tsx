import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useRef, useState } from 'react'
import type { CalendarFeed } from '../../lib/calendars/api-types'
import { ConfirmPanel } from '../kit/confirm-panel'
import { QuietButton } from '../kit/main-action'
import { Panel } from '../kit/panel'
import { useCopy } from '../kit/use-copy'
import { useAdmin } from '../shell/admin-context'
import { Alert, LabelledField, messageOf } from '../shell/fields'

/**
 * A staff member's private feed of their bookings: its address as https and as webcal (which
 * calendar apps subscribe to), each to copy, and a new address on demand, which ends the old one
 * and so asks first.
 */
export function CalendarFeedPanel({
  staffId,
  title,
  feed,
  onRotated,
}: {
  staffId: number
  title: string
  feed: CalendarFeed
  onRotated: (feed: CalendarFeed) => void
}) {
  const { t } = useTranslation()
  const { api } = useAdmin()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState('')

  const rotate = async () => {
    setBusy(true)
    setError(undefined)
    try {
      onRotated(await api.rotateCalendarFeed(staffId))
      setStatus(t('admin.calendars.rotated'))
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }

  return (
    <Panel id="calendar-feed-title" title={title} narrow>
      <p>{t('admin.calendars.feedText')}</p>
      {/* Keyed by the address: a new one is not said to be copied. */}
      <FeedAddress
        key={feed.url}
        id="calendar-feed-url"
        label={t('admin.calendars.feedUrl')}
        value={feed.url}
      />
      <FeedAddress
        key={feed.webcal}
        id="calendar-feed-webcal"
        label={t('admin.calendars.feedWebcal')}
        value={feed.webcal}
      />
      <Alert>{error}</Alert>
      {asking ? (
        <ConfirmPanel
          title={t('admin.calendars.rotateTitle')}
          text={t('admin.calendars.rotateText')}
          confirm={t('admin.calendars.rotateConfirm')}
          keep={t('admin.calendars.rotateKeep')}
          busy={busy}
          onConfirm={() => void rotate()}
          onKeep={() => setAsking(false)}
        />
      ) : (
        <div className="widget-actions">
          <a className="widget-button widget-button--primary" href={feed.webcal}>
            {t('admin.calendars.subscribe')}
          </a>
          <a className="widget-button" href={feed.url} download="appointments.ics">
            {t('admin.calendars.download')}
          </a>
          <QuietButton
            onClick={() => {
              setStatus('')
              setAsking(true)
            }}
          >
            {t('admin.calendars.rotate')}
          </QuietButton>
        </div>
      )}
      <p role="status" className="admin-status">
        {status}
      </p>
    </Panel>
  )
}

/** One of the feed's addresses, read-only, with its copy button; refused, it is selected instead. */
function FeedAddress({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation()
  const field = useRef<HTMLInputElement>(null)
  const { said, copy } = useCopy('admin.calendars.copied', 'admin.calendars.copyRefused', () =>
    field.current?.select(),
  )
  return (
    <LabelledField id={id} label={label}>
      <input
        ref={field}
        id={id}
        readOnly
        value={value}
        onFocus={(event) => event.target.select()}
      />
      <div className="widget-actions">
        <button type="button" className="widget-button" onClick={() => void copy(value)}>
          {t('admin.calendars.copy')}
          <span className="visually-hidden"> {label}</span>
        </button>
        <p role="status" className="admin-status">
          {said}
        </p>
      </div>
    </LabelledField>
  )
}
