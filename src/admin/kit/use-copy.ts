import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'

/**
 * Copies what a screen gives to paste elsewhere (a signing secret, a link, embed code) and says
 * how it went, as `said` for the screen's status. The browser may refuse (no permission, an
 * insecure page, no clipboard at all): `onRefused` then selects the text to copy by hand. The
 * messages are `admin.*` keys.
 */
export function useCopy(copied: string, refused: string, onRefused?: () => void) {
  const { t } = useTranslation()
  const [said, setSaid] = useState<string>()
  const copy = async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(text)
      setSaid(t(copied))
    } catch {
      onRefused?.()
      setSaid(t(refused))
    }
  }
  return { said, setSaid, copy }
}
