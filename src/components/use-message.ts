import { useTranslation } from 'gatsby-plugin-react-i18next'
import { messageTranslationOf } from '../lib/validation/message-keys'

/**
 * Shows one of the spec's English messages (from the shared joi schemas or the server's error
 * object) in the visitor's language; other text passes through unchanged, and so does a message
 * whose key the page does not carry (a content page has no validation messages).
 */
export function useMessage(): (message: string) => string {
  const { t } = useTranslation()
  return (message) => {
    const translation = messageTranslationOf(message)
    return translation
      ? t(translation.key, { ...translation.values, defaultValue: message })
      : message
  }
}
