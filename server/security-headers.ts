import type { FastifyInstance, FastifyReply } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { isWidgetPath } from '../src/lib/content/site-routes'
import { frameAncestorSources } from './embed/frame-origins'

type Directives = Record<string, string[]>

// An API answer, a bundle or an image opened on its own neither loads anything nor is framed.
const NOT_A_PAGE: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] }

/**
 * Who may frame a page: the widget exists to be embedded, so the sites in `embedOrigins`
 * (EMBED_ORIGINS and its provider's list; `*` in either: any) may frame it besides this one; every
 * other page is framed by this site only, so no other site can overlay it to trick a click
 * (clickjacking).
 */
function frameAncestors(pathname: string, embedOrigins: string[]): string[] {
  return isWidgetPath(pathname) ? frameAncestorSources(embedOrigins) : ["'self'"]
}

/**
 * What a page of the built site may do: load from this origin, and run no inline script but the
 * ones it was built with, listed by hash (server/site/inline-scripts.ts), so an injected script
 * never runs.
 */
function pageDirectives(
  pathname: string,
  scriptHashes: string[],
  embedOrigins: string[],
): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)],
    // Gatsby inlines the site's CSS in a <style> element, and gatsby-plugin-image and React write
    // style attributes into the HTML, which no hash can allow. CSS runs no code, and the sanitiser
    // keeps style elements and attributes out of editors' bodies (server/content/sanitize-html.ts).
    'style-src': ["'self'", "'unsafe-inline'"],
    // Editors' bodies may show images from any web address (the sanitiser allows http and https),
    // and small images may come inline as data: URIs.
    'img-src': ["'self'", 'data:', 'http:', 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors(pathname, embedOrigins),
  }
}

/*
 * helmet's defaults (nosniff, no cross-origin reads of our answers, an opener policy, …) with
 * these exceptions. No X-Frame-Options: frame-ancestors is the one rule for framing, understood by
 * every browser the site supports (all with ES modules), and a second header would have to be
 * lifted for the widget. No Strict-Transport-Security: TLS ends in front of this server, so
 * whether the host and its subdomains are HTTPS-only is for that proxy to say.
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: NOT_A_PAGE },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
  xFrameOptions: false,
}
const everyAnswer = helmet(OPTIONS)

function rethrow(error?: unknown) {
  if (error) throw error
}

/** Replaces the answer's Content-Security-Policy (every answer's, NOT_A_PAGE) with these. */
function setPolicy(reply: FastifyReply, directives: Directives) {
  helmet.contentSecurityPolicy({ useDefaults: false, directives })(
    reply.request.raw,
    reply.raw,
    rethrow,
  )
}

/**
 * The security headers of an answer: what `registerSecurityHeaders` gives every request, for the
 * answers Fastify gives before any hook runs (a URL it cannot decode).
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  everyAnswer(reply.request.raw, reply.raw, rethrow)
}

/**
 * Every answer leaves with the security headers; a page of the site has its own policy on top
 * (`setPagePolicy`). helmet itself rather than @fastify/helmet, whose hook would miss the answers
 * Fastify gives before routing: one middleware serves those and the rest.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => setSecurityHeaders(reply))
}

/**
 * Gives the answer the policy of the site page at `pathname`, built with these scripts, framed by
 * the `embedOrigins` too if it is the widget's.
 */
export function setPagePolicy(
  reply: FastifyReply,
  pathname: string,
  scriptHashes: string[],
  embedOrigins: string[],
) {
  setPolicy(reply, pageDirectives(pathname, scriptHashes, embedOrigins))
  if (isWidgetPath(pathname)) {
    // A host page's own Cross-Origin-Embedder-Policy would refuse a frame whose document is
    // same-origin only. The opener policy stays: it never applies to a framed document, and it
    // keeps a widget page opened top-level out of its opener's reach.
    allowCrossOriginLoad(reply)
  }
}

/** Lets any site load an answer as a subresource: the embed script is for other sites' pages. */
export function allowCrossOriginLoad(reply: FastifyReply): void {
  reply.header('cross-origin-resource-policy', 'cross-origin')
}

/**
 * Every answer in this scope, errors included, is kept by no cache: not a shared one, and not the
 * browser's (history, back-forward cache), as it holds what only its visitor or the business may
 * see.
 */
export function preventStoring(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
}

/**
 * An e-mail of the local outbox, framed by the dashboard to show it as its recipient sees it. The
 * e-mail styles itself with inline CSS and loads nothing. Sandboxed without scripts and with an
 * origin of its own, whatever an e-mail holds cannot act as the dashboard; its links may open a
 * tab of their own, outside the sandbox, as from a mail client. Only the dashboard frames it:
 * this site, or the `dashboardOrigins` a dashboard built with GATSBY_API_URL calls from.
 */
export function setFramedMailPolicy(reply: FastifyReply, dashboardOrigins: string[]) {
  setPolicy(reply, {
    sandbox: ['allow-popups', 'allow-popups-to-escape-sandbox'],
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'frame-ancestors': ["'self'", ...dashboardOrigins],
  })
}

/**
 * The hosted checkout page of the local payment provider: a card form, so it is never framed
 * (frame-ancestors 'none'; a widget in an iframe opens it in a window of its own), runs no script,
 * styles itself with one inline block allowed by hash, and submits only to itself, from where it
 * redirects to `returnOrigins` (browsers check a form's redirects against form-action too).
 */
export function setCheckoutPagePolicy(
  reply: FastifyReply,
  page: { styleHash: string; returnOrigins: string[] },
) {
  const directives: Directives = {
    'default-src': ["'none'"],
    'style-src': [`'sha256-${page.styleHash}'`],
    'form-action': ["'self'", ...page.returnOrigins],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
  }
  setPolicy(reply, directives)
  reply.header('cache-control', 'no-store')
}
