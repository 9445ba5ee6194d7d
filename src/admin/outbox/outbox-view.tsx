import { Link } from 'gatsby'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { formatDateTime } from '../../lib/format/booking'
import type { OutboxMessage } from '../../lib/notifications/api-types'
import { outboxHtmlUrl } from '../api'
import { MorePages, pagedRows } from '../kit/paged'
import { Screen } from '../kit/screen'
import { useAdmin } from '../shell/admin-context'
import { usePages } from '../shell/use-pages'

/**
 * The local outbox as an inbox (issue 15): with no SMTP_URL the product keeps its e-mails here,
 * newest first, each one opened on demand as its recipient sees it (issue 30): the HTML part in a
 * frame the server sandboxes (GET /api/admin/outbox/:id/html), its links opening a tab of their
 * own, and the plain-text part below it. An e-mail about a booking links to it; one about no
 * booking (a staff member's calendar that keeps failing) has nothing to open. The dashboard's
 * session opens it; the admin token stays for scripts.
 */
export function OutboxView() {
  const { t } = useTranslation()
  const { api } = useAdmin()
  const fetchPage = useCallback(
    (before?: number) =>
      api.outbox(before).then((page) => ({ items: page.messages, next: page.next })),
    [api],
  )
  const pages = usePages(fetchPage)

  return (
    <Screen id="outbox-title" title={t('admin.outbox.title')} error={pages.error}>
      {pagedRows(pages)?.length === 0 ? <p>{t('admin.outbox.empty')}</p> : null}
      <ul className="admin-outbox__list">
        {pages.items.map((message) => (
          <li key={message.id}>
            <OutboxEntry message={message} />
          </li>
        ))}
      </ul>
      <MorePages pages={pages} label={t('admin.outbox.older')} />
    </Screen>
  )
}

/**
 * One e-mail, its frame made only once it is opened: a page of closed e-mails loads no frames.
 * The frame's own sandbox is the one the server's policy sets, so the e-mail runs no script even
 * should a proxy drop that header.
 */
function OutboxEntry({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { business, base } = useAdmin()
  const [open, setOpen] = useState(false)
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <strong>{message.subject}</strong>
        <span className="widget-choice__meta">
          {' '}
          {t('admin.outbox.to')} {message.to} ·{' '}
          {formatDateTime(message.sentAt, business.timeZone, tag)}
        </span>
      </summary>
      {message.bookingId === null ? null : (
        <p>
          <Link to={`${base}?booking=${message.bookingId}`}>{t('admin.outbox.booking')}</Link>
        </p>
      )}
      {open ? (
        <iframe
          className="admin-outbox__mail"
          title={t('admin.outbox.mail', { subject: message.subject })}
          src={outboxHtmlUrl(message.id)}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
        />
      ) : null}
      <details>
        <summary>{t('admin.outbox.plainText')}</summary>
        <pre className="admin-outbox__text">{message.text}</pre>
      </details>
    </details>
  )
}
