import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import { formatDateTime } from '../../lib/format/booking'
import { useAdmin } from '../shell/admin-context'
import { Alert } from '../shell/fields'
import { usePages } from '../shell/use-pages'
import { LoadMore } from '../shell/load-more'

/**
 * The local outbox as an inbox (issue 15): with no SMTP_URL the product keeps its e-mails here,
 * newest first, each one's plain-text part opened on demand. The HTML part is never rendered.
 * The dashboard's session opens it; the admin token stays for scripts.
 */
export function OutboxView() {
  const { t } = useTranslation()
  const tag = useLanguageTag()
  const { api, business } = useAdmin()
  const fetchPage = useCallback(
    (before?: number) =>
      api.outbox(before).then((page) => ({ items: page.messages, next: page.next })),
    [api],
  )
  const { items: messages, next, error, loading, loadMore } = usePages(fetchPage)

  return (
    <section className="admin-outbox" aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t('admin.outbox.title')}</h1>
      <Alert>{error}</Alert>
      {!loading && !error && messages.length === 0 ? <p>{t('admin.outbox.empty')}</p> : null}
      <ul className="admin-outbox__list">
        {messages.map((message) => (
          <li key={message.id}>
            <details>
              <summary>
                <strong>{message.subject}</strong>
                <span className="widget-choice__meta">
                  {' '}
                  {t('admin.outbox.to')} {message.to} ·{' '}
                  {formatDateTime(message.sentAt, business.timeZone, tag)}
                </span>
              </summary>
              <pre className="admin-outbox__text">{message.text}</pre>
            </details>
          </li>
        ))}
      </ul>
      <LoadMore
        more={next !== null}
        loading={loading}
        onLoad={loadMore}
        label={t('admin.outbox.older')}
      />
    </section>
  )
}
