import { useTranslation } from 'gatsby-plugin-react-i18next'
import { isHttpError } from '../../lib/http'

// What the HTTP client reports when no answer came (a network failure, its own time-out) and what
// a proxy answers when the API is down: none of these carries the API's machine-readable code.
const NO_ANSWER_STATUSES = new Set([408, 502, 503, 504])

/**
 * Whether a failed call never reached the API, so the visitor should simply try again; the
 * API's own refusals carry a `code` and are shown as they are.
 */
export function isUnreachable(error: unknown): boolean {
  if (!isHttpError(error)) return true
  return error.code === 'unavailable' || (!error.code && NO_ANSWER_STATUSES.has(error.statusCode))
}

/**
 * The widget's frame when what it shows could not be loaded: the reason and a retry. The title
 * is the booking widget's unless the screen is another's (a form's).
 */
export function UnreachableScreen({
  message,
  onRetry,
  title,
}: {
  message: string
  onRetry: () => void
  title?: string
}) {
  const { t } = useTranslation()
  return (
    <main className="widget" aria-labelledby="widget-title">
      <h1 id="widget-title" className="widget__title">
        {title ?? t('widget.title')}
      </h1>
      <p className="widget-alert" role="alert">
        {message}
      </p>
      <button type="button" className="widget-button widget-button--primary" onClick={onRetry}>
        {t('widget.tryAgain')}
      </button>
    </main>
  )
}
