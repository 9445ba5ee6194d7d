import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ErrorObject } from '../../lib/http/error-object'
import { useMessage } from '../use-message'
import { isExpiredLinkError } from './expired-link'

function ExpiredLinkView({ message }: { message: string }) {
  const { t } = useTranslation()
  const translate = useMessage()
  return (
    <main className="expired-link" aria-labelledby="expired-link-title">
      <h1 id="expired-link-title">{t('error.expired.title')}</h1>
      <p>{translate(message)}</p>
    </main>
  )
}

/** The full-page view for an error: the expired-link view, or the status code and message. */
export function ErrorScreen({ error }: { error: ErrorObject }) {
  const translate = useMessage()
  if (isExpiredLinkError(error.statusMessage)) return <ExpiredLinkView message={error.message} />
  return (
    <main className="error-screen" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title" className="error-screen__code">
        {error.statusCode}
      </h1>
      <p className="error-screen__message">{translate(error.statusMessage)}</p>
    </main>
  )
}
