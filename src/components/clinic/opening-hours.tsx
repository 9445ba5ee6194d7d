import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { WeeklyHours } from '../../lib/booking/api-types'
import { openingHoursRows } from '../../lib/booking/opening-hours'
import { formatClockTime, formatWeekday } from '../../lib/format'
import { useLanguageTag } from '../booking/use-language-tag'

/** The business's week as on its door: "Monday – Friday 8:30 AM – 6:30 PM", "Saturday – Sunday Closed". */
export function OpeningHours({ hours }: { hours: WeeklyHours }) {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  return (
    <dl className="opening-hours">
      {openingHoursRows(hours).map(({ firstDay, lastDay, ranges }) => (
        <div key={firstDay} className="opening-hours__row">
          <dt>
            {formatWeekday(firstDay, languageTag)}
            {lastDay !== firstDay ? ` – ${formatWeekday(lastDay, languageTag)}` : ''}
          </dt>
          <dd>
            {ranges.length
              ? ranges
                  .map(
                    (range) =>
                      `${formatClockTime(range.start, languageTag)} – ${formatClockTime(range.end, languageTag)}`,
                  )
                  .join(', ')
              : t('clinic.closed')}
          </dd>
        </div>
      ))}
    </dl>
  )
}
