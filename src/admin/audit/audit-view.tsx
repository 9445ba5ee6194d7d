import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AuditEntry } from '../../lib/admin/api-types'
import { formatPrice } from '../../lib/format'
import { formatShortDateTime } from '../../lib/format/booking'
import { PagedTable } from '../kit/paged'
import type { Column } from '../kit/resource-table'
import { Screen } from '../kit/screen'
import { useAdmin } from '../shell/admin-context'
import { usePages } from '../shell/use-pages'
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
  const pages = usePages(fetchPage)
  const when = (iso: string) => formatShortDateTime(iso, business.timeZone, tag)
  const money = (minor: number, currency: string) => formatPrice(minor, currency, tag)

  const columns: Column<AuditEntry>[] = [
    { id: 'when', header: t('admin.audit.when'), cell: (entry) => when(entry.at) },
    {
      id: 'actor',
      header: t('admin.audit.actor'),
      className: 'admin-break',
      cell: (entry) => actorText(entry.actor, t),
    },
    {
      id: 'action',
      header: t('admin.audit.action'),
      className: 'admin-break',
      cell: (entry) => actionText(entry.action, t, entry.detail.params),
    },
    {
      id: 'target',
      header: t('admin.audit.target'),
      className: 'admin-break',
      cell: (entry) => targetText(entry.target, t),
    },
    {
      id: 'detail',
      header: t('admin.audit.detail'),
      className: 'admin-break',
      cell: (entry) =>
        detailPairs(entry.detail, { t, formatInstant: when, formatPrice: money })
          .map(([name, value]) => `${name}: ${value}`)
          .join(' · '),
    },
  ]

  return (
    <Screen
      id="audit-title"
      title={t('admin.audit.title')}
      error={pages.error}
      status={pages.loading ? t('admin.loading') : undefined}
    >
      <PagedTable
        label={t('admin.catalogue.listLabel', { title: t('admin.audit.title') })}
        pages={pages}
        older={t('admin.loadMore')}
        columns={columns}
        rowId={(entry) => entry.id}
        empty={t('admin.audit.empty')}
      />
    </Screen>
  )
}
