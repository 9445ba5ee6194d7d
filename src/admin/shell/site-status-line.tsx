import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { SiteBuildStatus } from '../../lib/admin/status-types'
import { dateTimeFormat } from '../../lib/format/formatters'
import { useAdmin } from './admin-context'

/**
 * How often the line asks again: a save on any screen may start a rebuild, and a rebuild ends
 * within minutes, so the line follows both without the screens telling it.
 */
export const SITE_STATUS_POLL_MS = 10_000

/**
 * One line on every screen saying whether the public site shows the latest changes yet
 * (GET /api/admin/status, server/site/rebuild-queue.ts): a new price is on the widget at once,
 * on the site's pages only once the rebuild it started is released.
 */
export function SiteStatusLine() {
  const { t } = useTranslation()
  const { api, business } = useAdmin()
  const languageTag = useLanguageTag()
  const [site, setSite] = useState<SiteBuildStatus>()

  useEffect(() => {
    let current = true
    // A status that cannot be read is said by the screen's own calls where it matters.
    const read = () =>
      api.status().then(
        (status) => current && setSite(status.site),
        () => undefined,
      )
    void read()
    const timer = setInterval(read, SITE_STATUS_POLL_MS)
    return () => {
      current = false
      clearInterval(timer)
    }
  }, [api])

  if (!site) return null
  const time = (iso: string | undefined) =>
    iso
      ? dateTimeFormat(languageTag, { timeZone: business.timeZone, timeStyle: 'short' }).format(
          new Date(iso),
        )
      : ''
  return (
    // Not a live region: screens announce their own results as status, and a line that changes
    // by itself every few seconds would interrupt them.
    <p className="admin-site-status">
      {t(`admin.site.${site.state}`, { time: time(site.since ?? site.lastFailedAt) })}
      {site.state === 'building' && site.lastFailedAt
        ? ` ${t('admin.site.failedBefore', { time: time(site.lastFailedAt) })}`
        : ''}
    </p>
  )
}
