import { Link } from 'gatsby'
import { useI18next } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import { DEFAULT_LOCALE, isLocale, localizedPath } from '../lib/locale/locales'

/** A link to an app path in the page's own language. */
export function LocalizedLink({
  to,
  className,
  children,
}: {
  to: string
  className?: string
  children: ReactNode
}) {
  const { language } = useI18next()
  const locale = isLocale(language) ? language : DEFAULT_LOCALE
  return (
    <Link to={localizedPath(locale, to)} className={className}>
      {children}
    </Link>
  )
}
