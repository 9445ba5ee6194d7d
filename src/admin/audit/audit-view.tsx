import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { formatPrice } from '../../lib/format'
import { formatShortDateTime } from '../../lib/format/booking'
import { useAdmin } from '../shell/admin-context'
import { Alert } from '../shell/fields'
import { usePages } from '../shell/use-pages'
import { LoadMore } from '../shell/load-more'
import { actionText, actorText, detailPairs, targetText } from './activity'

/** Who did what, newest first (`GET /api/admin/audit`), a page at a time. */
export function AuditView() {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api, business } = useAdmin()
  const fetchPage = useCallback(
    (cursor?: string) =>
      api.audit(cursor).then((page) => ({ items: page.entries, next: page.nextCursor })),
    [api],
  )
  const { items: entries, next: nextCursor, error, loading, loadMore } = usePages(fetchPage)
  const when = (iso: string) => formatShortDateTime(iso, business.timeZone, tag)
  const money = (minor: number, currency: string) => formatPrice(minor, currency, tag)

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('admin.audit.title')}</h1>
      <Alert>{error}</Alert>
      {!loading && !error && entries.length === 0 ? <p>{t('admin.audit.empty')}</p> : null}
      {entries.length > 0 ? (
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.audit.when')}</th>
                <th scope="col">{t('admin.audit.actor')}</th>
                <th scope="col">{t('admin.audit.action')}</th>
                <th scope="col">{t('admin.audit.target')}</th>
                <th scope="col">{t('admin.audit.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td className="admin-break">{actorText(entry.actor, t)}</td>
                  <td className="admin-break">
                    {actionText(entry.action, t, entry.detail.params)}
                  </td>
                  <td className="admin-break">{targetText(entry.target, t)}</td>
                  <td className="admin-break">
                    {detailPairs(entry.detail, { t, formatInstant: when, formatPrice: money })
                      .map(([name, value]) => `${name}: ${value}`)
                      .join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {loading ? <p role="status">{t('admin.loading')}</p> : null}
      <LoadMore
        more={nextCursor !== null}
        loading={loading}
        onLoad={loadMore}
        label={t('admin.loadMore')}
      />
    </section>
  )
}
