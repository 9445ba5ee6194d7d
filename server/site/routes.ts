import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { notFoundMessage, parsePreviewPath } from '../../src/lib/content/site-routes'
import { LOCALE_COOKIE, readCookie } from '../../src/lib/locale/cookie'
import { detectLocale, firstAccess, parseAcceptLanguage } from '../../src/lib/locale/detect'
import { localeOfPath } from '../../src/lib/locale/locales'
import { limitPerClient } from '../rate-limit'
import { errorObject, HttpError, pageNotFound, requestUrl } from '../errors'
import { matchPathsReader, notFoundPage, resolveSitePath, type SiteAnswer } from './site-files'

// Gatsby fingerprints everything under /static/ and its JS and CSS bundles, so those never change;
// HTML and page data must be revalidated on every visit (gatsbyjs.com/docs/caching).
function cacheControlFor(file: string): string {
  const name = path.basename(file)
  if (file.includes(`${path.sep}static${path.sep}`) || /-[0-9a-f]{16,}\.(js|css)$/.test(name)) {
    return 'public, max-age=31536000, immutable'
  }
  return 'public, max-age=0, must-revalidate'
}

async function sendSiteFile(reply: FastifyReply, publicDir: string, file: string, status: number) {
  // The same URL answers br, gzip or identity: caches must key on what the browser accepts.
  reply
    .status(status)
    .header('cache-control', cacheControlFor(file))
    .header('vary', 'Accept-Encoding')
  return reply.sendFile(path.relative(publicDir, file), publicDir)
}

export interface SiteRoutesOptions {
  publicDir: string
  /** The `path` of the page `/` redirects to (site settings, editable at run time). */
  rootPagePath: () => Promise<string>
  /** Whether a preview token may see drafts; previews without one get a real 404. */
  isPreviewTokenValid: (token: string) => Promise<boolean>
  /** Preview token checks one client may make per minute. */
  rateLimitPerMinute: number
}

/** Serves the built Gatsby site from `publicDir`, so one process is the whole product. */
export const siteRoutes: FastifyPluginAsync<SiteRoutesOptions> = async (
  app,
  { publicDir, rootPagePath, isPreviewTokenValid, rateLimitPerMinute },
) => {
  // preCompressed: the build writes X.br and X.gz beside every text file X (scripts/precompress.ts);
  // a file without them is compressed per request by @fastify/compress. cacheControl is off at
  // the plugin, as its retry for another encoding drops per-call options.
  await app.register(fastifyStatic, {
    root: publicDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
  })
  await limitPerClient(app, rateLimitPerMinute, 'preview')
  // Only previews are limited: the rest of the site is static files, served to anyone.
  const limitPreviewCheck = app.rateLimit()

  const readMatchPaths = matchPathsReader(publicDir)

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
      cookie: readCookie(request.headers.cookie, LOCALE_COOKIE),
      languages: parseAcceptLanguage(request.headers['accept-language']),
    }
    if (pathname === '/' || (prefix && /^\/[^/]+\/?$/.test(pathname))) {
      // Without JavaScript too, the visitor lands on the root page in their language.
      const locale = prefix ?? detectLocale(visitor)
      const root = await rootPagePath()
      // No published root page: nothing to send the visitor to.
      if (!root) throw notFound()
      reply.header('vary', 'Accept-Language, Cookie')
      return reply.redirect(`/${locale}/${root}/${url.search}`, 302)
    }
    const { redirectTo } = firstAccess({ pathname, ...visitor })
    if (redirectTo) {
      // Every page lives under a locale prefix: an unprefixed link goes to the visitor's one. The
      // path goes on as it came, percent-encoded: a header cannot carry the decoded characters.
      reply.header('vary', 'Accept-Language, Cookie')
      return reply.redirect(`/${redirectTo}${url.pathname}${url.search}`, 302)
    }
    let answer: SiteAnswer
    const preview = parsePreviewPath(pathname)
    if (preview) await limitPreviewCheck.call(app, request, reply)
    if (preview && !(await isPreviewTokenValid(url.searchParams.get('token') ?? ''))) {
      answer = await notFoundPage(publicDir, pathname)
    } else {
      answer = await resolveSitePath(publicDir, pathname, await readMatchPaths())
    }
    switch (answer.kind) {
      case 'file':
        return sendSiteFile(reply, publicDir, answer.file, answer.status)
      case 'body':
        return reply
          .status(answer.status)
          .header('cache-control', 'no-cache')
          .type(answer.type === 'json' ? 'application/json' : 'text/html; charset=utf-8')
          .send(answer.body)
      case 'redirect':
        return reply.redirect(answer.location + url.search, 301)
      case 'not-built':
        return reply
          .status(503)
          .header('retry-after', '30')
          .send(
            errorObject(
              503,
              'Service Unavailable',
              'The site is being built. Please try again in a minute.',
            ),
          )
      case 'not-found':
        throw notFound()
    }
  })
}
