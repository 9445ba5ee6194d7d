import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ErrorObject } from '../../lib/http/error-object'
import { isExpiredLinkError } from './expired-link'

function ExpiredLinkView({ message }: { message: string }) {
  const { t } = useTranslation()
  return (
    <main className="expired-link" aria-labelledby="expired-link-title">
      <h1 id="expired-link-title">{t('error.expired.title')}</h1>
      <p>{message}</p>
    </main>
  )
}

/** The full-page view for an error: the expired-link view, or the status code and message. */
export function ErrorScreen({ error }: { error: ErrorObject }) {
  if (isExpiredLinkError(error.statusMessage)) return <ExpiredLinkView message={error.message} />
  return (
    <main className="error-screen" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title" className="error-screen__code">
        {error.statusCode}
      </h1>
      <p className="error-screen__message">{error.statusMessage}</p>
    </main>
  )
}
