import { Link } from 'gatsby'
import type { ReactNode } from 'react'
import { localizedPath } from '../lib/locale/locales'
import { usePageLocale } from './use-page-locale'

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
  const locale = usePageLocale()
  return (
    <Link to={localizedPath(locale, to)} className={className}>
      {children}
    </Link>
  )
}
