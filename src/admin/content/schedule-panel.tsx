import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { StudioItem } from '../../lib/admin/content-types'
import type { ContentKind } from '../../lib/content/types'
import { localInputToInstant } from '../../lib/time'
import { InlineForm } from '../kit/inline-form'
import { QuietButton } from '../kit/main-action'
import { Panel } from '../kit/panel'
import { useAdmin } from '../shell/admin-context'
import { TextField } from '../shell/fields'

interface Values {
  /** A datetime-local value, 'YYYY-MM-DDTHH:mm', read in the clinic's zone. */
  at?: string
}

/**
 * When a draft is to be published, as a date and time in the clinic's zone: the server's job
 * runner publishes it then (`POST …/schedule`), and the site follows with its next update.
 */
export function SchedulePanel({
  kind,
  item,
  title,
  now,
  onScheduled,
  onClose,
}: {
  kind: ContentKind
  item: StudioItem
  title: string
  /** The clock, for the check that the time is still to come. */
  now: () => number
  onScheduled: (message: string, saved: StudioItem) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { api, business } = useAdmin()
  const instant = (values: Values) => localInputToInstant(values.at ?? '', business.timeZone)
  const onSubmit = async (values: Values) => {
    const saved = await api.scheduleContent(kind, item.id, new Date(instant(values)).toISOString())
    onScheduled(t('admin.schedule.done', { title }), saved)
  }
  return (
    <Panel id="content-schedule-title" title={t('admin.schedule.title', { title })} narrow>
      <InlineForm<Values>
        validate={(values) => ({
          at: !values.at
            ? 'admin.validation.required'
            : instant(values) <= now()
              ? 'admin.schedule.future'
              : undefined,
        })}
        onSubmit={onSubmit}
        submitLabel={t('admin.schedule.submit')}
      >
        <TextField
          name="at"
          type="datetime-local"
          label={t('admin.schedule.at')}
          required
          help={t('admin.schedule.zone', { zone: business.timeZone })}
        />
      </InlineForm>
      <QuietButton onClick={onClose}>{t('admin.contentEditor.close')}</QuietButton>
    </Panel>
  )
}
