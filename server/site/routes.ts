import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  isWidgetPath,
  notFoundMessage,
  parsePreviewPath,
  widgetPathAtRoot,
  type PreviewTarget,
} from '../../src/lib/content/site-routes'
import { LOCALE_COOKIE } from '../../src/lib/locale/cookie'
import { detectLocale, firstAccess, parseAcceptLanguage } from '../../src/lib/locale/detect'
import type { SiteSettings } from '../../src/lib/content/types'
import { localeOfPath } from '../../src/lib/locale/locales'
import { parseWidgetRoute, widgetSegments, type WidgetRoute } from '../../src/widgets/widget-routes'
import type { WidgetFramers } from '../embed/frame-origins'
import { limitPerClient, type RateLimits } from '../rate-limit'
import { errorObject, HttpError, pageNotFound, requestUrl } from '../errors'
import { setPagePolicy } from '../security-headers'
import { sendEncoded } from '../encoded-json'
import { scriptHashesReader } from './inline-scripts'
import { isFresh, keptPagesReader } from './kept-pages'
import { manifestsReader, resolveSitePath, withNotFoundStatus } from './site-files'

// The widget's routes a secret link opens: a manage token (cancel, payment) or a one-time link's
// slug, in the path or the query.
const SECRET_LINK_ROUTES = new Set<WidgetRoute['name']>([
  'cancel-booking',
  'appointment-service-cancel',
  'verify-payment',
  'one-time-link',
])

function isDashboardPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean)
  return (localeOfPath(pathname) ? segments[1] : segments[0]) === 'admin'
}

/**
 * Pages no cache may keep, as none may keep the API's answers behind them (`no-store`): the
 * dashboard, and the widget's pages a secret link opens (a reschedule link is any booking page
 * given a manage token). Their address carries the secret, and once running they show a booking
 * or an account's data.
 */
function isPrivatePage(pathname: string, query: URLSearchParams): boolean {
  if (isDashboardPath(pathname)) return true
  const widget = widgetSegments(pathname)
  if (!widget) return false
  const route = parseWidgetRoute(widget)
  return (route !== undefined && SECRET_LINK_ROUTES.has(route.name)) || query.has('reschedule')
}

// Gatsby fingerprints everything under /static/ and its JS and CSS bundles, so those never change;
// HTML and page data must be revalidated on every visit (gatsbyjs.com/docs/caching).
function cacheControlFor(file: string, privatePage: boolean): string {
  const name = path.basename(file)
  if (file.includes(`${path.sep}static${path.sep}`) || /-[0-9a-f]{16,}\.(js|css)$/.test(name)) {
    return 'public, max-age=31536000, immutable'
  }
  return privatePage ? 'no-store' : 'public, max-age=0, must-revalidate'
}

async function sendSiteFile(
  reply: FastifyReply,
  publicDir: string,
  file: string,
  status: number,
  privatePage: boolean,
) {
  // The same URL answers br, gzip or identity: caches must key on what the browser accepts.
  reply
    .status(status)
    .header('cache-control', cacheControlFor(file, privatePage))
    .header('vary', 'Accept-Encoding')
  return reply.sendFile(path.relative(publicDir, file), publicDir)
}

const SITE_BEING_BUILT = 'The site is being built. Please try again in a minute.'

/** Shown instead of the site until its first build is released; no script, it reloads itself. */
const BUILDING_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="15">
<title>The site is being built</title>
<style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#1f2933}</style>
</head>
<body>
<main>
<h1>The site is being built</h1>
<p>${SITE_BEING_BUILT} This page reloads by itself.</p>
</main>
</body>
</html>
`

/** Whether the client asked for a page (a browser's navigation) rather than data. */
function prefersHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(request.headers.accept ?? '')
}

export interface SiteRoutesOptions {
  publicDir: string
  /**
   * The published site settings (editable at run time): the page `/` redirects to, and the
   * languages the site's pages are built in.
   */
  site: () => Promise<Pick<SiteSettings, 'rootPagePath' | 'defaultLocale' | 'languages'>>
  /**
   * Whether the token may see drafts and the previewed item exists; other previews get a real
   * 404.
   */
  canPreview: (target: PreviewTarget, token: string) => Promise<boolean>
  /** Preview token checks one client may make. */
  rateLimits: RateLimits
  /** Other sites that may frame a widget page (server/embed/frame-origins.ts). */
  widgetFramers: WidgetFramers
}

/** Serves the built Gatsby site from `publicDir`, so one process is the whole product. */
export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (
  app,
  { publicDir, site, canPreview, rateLimits, widgetFramers },
) => {
  // preCompressed: the build writes X.br beside every text file X, and X.gz beside all but pages
  // and page data (scripts/precompress.ts); an encoding without its file is compressed per
  // request by @fastify/compress. cacheControl is off at the plugin, as its retry for another
  // encoding drops per-call options. No root: every file is sent naming publicDir, and the
  // plugin would warn that a root must exist while the first build is on its way.
  await app.register(fastifyStatic, {
    serve: false,
    preCompressed: true,
    cacheControl: false,
  })
  await limitPerClient(app, rateLimits, 'preview')
  // Only previews are limited: the rest of the site is static files, served to anyone.
  const limitPreviewCheck = app.rateLimit()

  const readManifests = manifestsReader(publicDir)
  const readScriptHashes = scriptHashesReader()
  const readPage = keptPagesReader()
  // Who may frame the page at `pathname` besides this site.
  const framersOf = async (request: FastifyRequest, pathname: string) =>
    isWidgetPath(pathname) ? widgetFramers(pathname, request.log) : []

  app.get('/*', async (request, reply) => {
    const url = requestUrl(request.url)
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      throw pageNotFound(url.pathname)
    }
    const notFound = () => new HttpError(404, notFoundMessage(pathname, url.search))
    if (pathname === '/api' || pathname.startsWith('/api/')) throw pageNotFound(pathname)
    if (pathname === '/favicon.ico') {
      return reply.status(404).send(errorObject(404, 'Not found'))
    }
    const prefix = localeOfPath(pathname)
    const visitor = {
      cookie: request.cookies[LOCALE_COOKIE],
      languages: parseAcceptLanguage(request.headers['accept-language']),
    }
    // The site's pages are built in the languages it is offered in; a visitor none of whose
    // languages is one of them gets its default language.
    const siteLocale = ({ languages, defaultLocale }: Awaited<ReturnType<typeof site>>) =>
      detectLocale({ ...visitor, offered: languages, fallback: defaultLocale })
    if (pathname === '/' || (prefix && /^\/[^/]+\/?$/.test(pathname))) {
      // Without JavaScript too, the visitor lands on the root page in their language.
      const settings = await site()
      const locale = prefix && settings.languages.includes(prefix) ? prefix : siteLocale(settings)
      // No published root page: nothing to send the visitor to.
      if (!settings.rootPagePath) throw notFound()
      reply.header('vary', 'Accept-Language, Cookie')
      return reply.redirect(`/${locale}/${settings.rootPagePath}/${url.search}`, 302)
    }
    const widgetPath = widgetPathAtRoot(url.pathname)
    if (widgetPath) {
      // Redirected rather than served here: the widget's router, and Gatsby's, find the screen by
      // its /widget path. 302: without a locale prefix, where it leads depends on the visitor.
      reply.header('vary', 'Accept-Language, Cookie')
      const locale = prefix ?? detectLocale(visitor)
      return reply.redirect(`/${locale}${widgetPath}${url.search}`, 302)
    }
    const { redirectTo } = firstAccess({ pathname, ...visitor })
    if (redirectTo) {
      // Every page lives under a locale prefix: an unprefixed link goes to the visitor's one, of
      // the site's languages unless the page is the widget's or the dashboard's (the product's
      // own, in all eleven). The path goes on as it came, percent-encoded: a header cannot carry
      // the decoded characters.
      const productsOwn = isWidgetPath(pathname) || isDashboardPath(pathname)
      const locale = productsOwn ? redirectTo : siteLocale(await site())
      reply.header('vary', 'Accept-Language, Cookie')
      return reply.redirect(`/${locale}${url.pathname}${url.search}`, 302)
    }
    const preview = parsePreviewPath(pathname)
    if (preview) await limitPreviewCheck.call(app, request, reply)
    const privatePage = isPrivatePage(pathname, url.searchParams)
    const manifests = await readManifests()
    let answer = await resolveSitePath(publicDir, pathname, manifests, readPage, url.searchParams)
    if (preview && !(await canPreview(preview, url.searchParams.get('token') ?? ''))) {
      // The preview page under a 404, not the 404 page: Gatsby's client renders the page the path
      // matches, which would not hydrate the 404 page's HTML (React error #418). The preview page
      // shows the 404 page's view once it learns from the API that there is nothing to show.
      answer = await withNotFoundStatus(answer, readPage)
    }
    switch (answer.kind) {
      case 'file':
        if (answer.file.endsWith('.html')) {
          setPagePolicy(
            reply,
            pathname,
            await readScriptHashes(answer.file),
            await framersOf(request, pathname),
          )
        }
        return sendSiteFile(reply, publicDir, answer.file, answer.status, privatePage)
      case 'page': {
        const { page, status } = answer
        if (page.type === 'html') {
          setPagePolicy(reply, pathname, page.scriptHashes, await framersOf(request, pathname))
        }
        reply.status(status)
        if (status === 200) {
          // Cached and revalidated as the built file it was made from.
          reply
            .header('cache-control', cacheControlFor(page.file, privatePage))
            .header('etag', page.etag)
            .header('last-modified', page.lastModified)
          if (isFresh(request, page)) {
            return reply.status(304).header('vary', 'Accept-Encoding').send()
          }
        } else {
          // No validators: a revalidation must never turn a 404 into the 200 the browser had.
          reply.header('cache-control', privatePage ? 'no-store' : 'no-cache')
        }
        const type =
          page.type === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8'
        return sendEncoded(request, reply, page.body, type)
      }
      case 'redirect':
        return reply.redirect(answer.location + url.search, 301)
      case 'not-built': {
        reply.status(503).header('retry-after', '30').header('cache-control', 'no-store')
        // A browser opening the site during its first build gets a page that says so and
        // reloads itself; a script or a probe gets the error object.
        if (!prefersHtml(request)) {
          return reply.send(errorObject(503, 'Service Unavailable', SITE_BEING_BUILT))
        }
        setPagePolicy(reply, pathname, [], [])
        return reply.type('text/html; charset=utf-8').send(BUILDING_PAGE)
      }
      case 'not-found':
        throw notFound()
    }
  })
}
