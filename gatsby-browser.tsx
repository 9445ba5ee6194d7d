import type { GatsbyBrowser } from 'gatsby'
import './src/components/layout/global.css'
import { listenForChunkLoadErrors } from './src/lib/chunk-reload/chunk-load-error'
import { createGuardedReload } from './src/lib/chunk-reload/reload-guard'
import { documentCookies, rememberLocale } from './src/lib/locale/browser-locale'
import { LOCALE_COOKIE, readCookie } from './src/lib/locale/cookie'
import { firstAccess } from './src/lib/locale/detect'
import { observeVisibility, type VisibilityObserver } from './src/lib/visibility/observe-visibility'
import { setHydratingServedPage } from './src/components/hydrating-served-page'

let visibility: VisibilityObserver | undefined

export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  // Locale detection on first access (the server does the same for visitors without JavaScript).
  const { pathname, search, hash } = window.location
  const { redirectTo, remember } = firstAccess({
    pathname,
    cookie: readCookie(documentCookies(), LOCALE_COOKIE),
    languages: navigator.languages ?? [navigator.language],
  })
  if (remember) rememberLocale(remember)
  if (redirectTo) {
    window.location.replace(`/${redirectTo}${pathname}${search}${hash}`)
    return
  }

  // A page whose own chunks fail Gatsby already leaves by a full load of the target path (its
  // loader catches the error). What reaches these listeners fails after the URL has become the
  // target, so reloading the current URL is reloading at the target; reload() rather than
  // assign(), which would only scroll when the URL has a hash.
  const reloadAt = createGuardedReload({
    storage: () => window.sessionStorage,
    now: Date.now,
    reload: () => window.location.reload(),
  })
  listenForChunkLoadErrors(window, () => {
    const current = window.location
    reloadAt(current.pathname + current.search + current.hash)
  })

  visibility = observeVisibility(
    document,
    'IntersectionObserver' in window ? window.IntersectionObserver : undefined,
  )

  // A production build hydrates the page's built HTML; `gatsby develop` renders it afresh.
  setHydratingServedPage(process.env.NODE_ENV === 'production')
}

export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  setHydratingServedPage(false)
}

// Also runs once the first page has hydrated; scanning earlier would change the server's HTML
// under React while it hydrates.
export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => {
  visibility?.scan()
}
