import crypto from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { formatPrice } from '../../../src/lib/format'
import { DEFAULT_LOCALE, languageTagOf, localeOfPath } from '../../../src/lib/locale/locales'
import { setCheckoutPagePolicy } from '../../security-headers'
import { CHECKOUT_MESSAGES, type CheckoutMessages } from './checkout-messages'
import type { LocalProvider, LocalSession } from './provider'

/** The local provider's test cards (Stripe's numbers, so a developer's habits carry over). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000000000003220',
} as const

/** The reason the provider's event gives (API data, in English like every API message). */
const DECLINED = 'Your card was declined.'
const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method.'

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1a1f36}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:8px;
box-shadow:0 1px 4px #0002}.test{background:#fff4d6;padding:.5rem;border-radius:4px}
label{display:block;margin-top:.75rem;font-weight:600}input{width:100%;padding:.5rem;
font:inherit;box-sizing:border-box}button{margin-top:1rem;padding:.6rem 1rem;font:inherit;
background:#0a5c4f;color:#fff;border:0;border-radius:4px;cursor:pointer}
.quiet{background:#e3e8ee;color:#1a1f36}.error{color:#b00020;font-weight:600}
code{white-space:nowrap}`
const STYLE_HASH = crypto.createHash('sha256').update(STYLE).digest('base64')

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/** The page speaks the language of the widget the visitor came from (their return address). */
function languageOf(session: LocalSession | null) {
  const locale = (session && localeOfPath(new URL(session.returnUrl).pathname)) || DEFAULT_LOCALE
  return { locale, t: CHECKOUT_MESSAGES[locale] as CheckoutMessages, tag: languageTagOf(locale) }
}

/** A message with its `{name}` placeholders filled with HTML (the message itself is escaped). */
const fill = (message: string, values: Record<string, string>) =>
  escape(message).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)

type Language = ReturnType<typeof languageOf>

function page(language: Language, title: string, body: string) {
  return `<!doctype html><html lang="${languageTagOf(language.locale)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

const amountOf = (session: LocalSession, language: Language) =>
  escape(formatPrice(session.amount, session.currency, language.tag))

const cardNumber = (digits: string) => `<code>${digits.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>`

function cardForm(session: LocalSession, error?: keyof CheckoutMessages) {
  const language = languageOf(session)
  const { t } = language
  const amount = amountOf(session, language)
  return page(
    language,
    t.title,
    `<h1>${escape(session.description)}</h1>
<p>${escape(t.amountToPay)}: <strong>${amount}</strong></p>
<p class="test">${fill(t.testMode, {
      success: cardNumber(TEST_CARDS.success),
      declined: cardNumber(TEST_CARDS.declined),
      authentication: cardNumber(TEST_CARDS.authentication),
    })}</p>
${error ? `<p class="error" role="alert">${escape(t[error])}</p>` : ''}
<form method="post">
<label for="card">${escape(t.cardNumber)}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">${escape(t.expiry)}</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required>
<label for="cvc">${escape(t.cvc)}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${fill(t.pay, { amount })}</button>
</form>
<p><a href="${escape(session.cancelUrl)}">${escape(t.cancel)}</a></p>`,
  )
}

function authenticationPage(session: LocalSession) {
  const language = languageOf(session)
  const { t } = language
  return page(
    language,
    t.authTitle,
    `<h1>${escape(t.authHeading)}</h1>
<p>${fill(t.authLead, { amount: `<strong>${amountOf(session, language)}</strong>` })}</p>
<p class="test">${escape(t.authNote)}</p>
<form method="post">
<button type="submit" name="outcome" value="complete">${escape(t.authComplete)}</button>
<button type="submit" name="outcome" value="fail" class="quiet">${escape(t.authFail)}</button>
</form>`,
  )
}

function closedPage(session: LocalSession) {
  const language = languageOf(session)
  const { t } = language
  const back = session.returnUrl.replace('{CHECKOUT_SESSION_ID}', session.id)
  return page(
    language,
    t.title,
    `<h1>${escape(session.status === 'complete' ? t.complete : t.expired)}</h1>
<p><a href="${escape(back)}">${escape(t.returnToBooking)}</a></p>`,
  )
}

type Form = Record<string, string>

/** A card the page accepts at all: 12 to 19 digits, an expiry not in the past, a 3-4 digit CVC. */
function formError(form: Form, now: number): keyof CheckoutMessages | undefined {
  const digits = (form.card ?? '').replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits)) return 'incompleteNumber'
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec((form.expiry ?? '').trim())
  if (!expiry) return 'incompleteExpiry'
  const endOfMonth = Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1)
  if (endOfMonth <= now) return 'pastExpiry'
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) return 'incompleteCvc'
  return undefined
}

/**
 * The local provider's hosted checkout: `/payments/local/checkout/{session}`, served by this
 * server, never framed, running no script. A card's outcome is recorded at "the provider" (its
 * tables) and sent to our webhook endpoint as a signed event; only that event confirms a booking.
 */
export const localCheckoutRoutes: FastifyPluginAsync<{
  provider: LocalProvider
  now: () => number
}> = async (app, { provider, now }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  const send = (
    reply: FastifyReply,
    session: LocalSession | null,
    status: number,
    html: string,
  ) => {
    const returnOrigins = session ? [new URL(session.returnUrl).origin] : []
    setCheckoutPagePolicy(reply, { styleHash: STYLE_HASH, returnOrigins })
    return reply.status(status).type('text/html; charset=utf-8').send(html)
  }
  const redirect = (reply: FastifyReply, session: LocalSession, url: string) => {
    setCheckoutPagePolicy(reply, {
      styleHash: STYLE_HASH,
      returnOrigins: [new URL(session.returnUrl).origin],
    })
    return reply.redirect(url, 303)
  }
  const notFound = (reply: FastifyReply) => {
    const language = languageOf(null)
    const text = escape(language.t.notFound)
    return send(reply, null, 404, page(language, text, `<h1>${text}</h1>`))
  }
  const returnTo = (session: LocalSession) =>
    session.returnUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id))

  // A session id is `lcs_` and base64url: anything else (a NUL byte, which PostgreSQL refuses in
  // text, as a 500) is answered with the error object before it reaches a query.
  const params = {
    type: 'object',
    properties: { id: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
  }

  app.get<{ Params: { id: string } }>('/:id', { schema: { params } }, async (request, reply) => {
    const session = await provider.findSession(app.db, request.params.id)
    if (!session) return notFound(reply)
    if (session.status !== 'open') return send(reply, session, 410, closedPage(session))
    return send(reply, session, 200, cardForm(session))
  })

  app.post<{ Params: { id: string }; Body: Form }>(
    '/:id',
    { schema: { params } },
    async (request, reply) => {
      const form = typeof request.body === 'object' && request.body ? request.body : {}
      const outcome = await app.db.transaction(async (tx) => {
        const session = await provider.findSession(tx, request.params.id, true)
        if (!session) return { session, kind: 'missing' as const }
        if (session.status !== 'open') return { session, kind: 'closed' as const }
        const error = formError(form, now())
        if (error) return { session, kind: 'invalid' as const, error }
        const number = (form.card ?? '').replace(/[\s-]/g, '')
        if (number === TEST_CARDS.success) {
          await provider.completeSession(tx, session)
          return { session, kind: 'paid' as const }
        }
        if (number === TEST_CARDS.authentication) {
          await tx.query('UPDATE local_checkout_sessions SET authenticating = true WHERE id = $1', [
            session.id,
          ])
          return { session, kind: 'authenticate' as const }
        }
        await provider.declineSession(tx, session, DECLINED)
        return { session, kind: 'declined' as const }
      })
      const { session } = outcome
      if (!session) return notFound(reply)
      switch (outcome.kind) {
        case 'closed':
          return send(reply, session, 410, closedPage(session))
        case 'invalid':
          return send(reply, session, 400, cardForm(session, outcome.error))
        case 'paid':
          return redirect(reply, session, returnTo(session))
        case 'authenticate':
          return redirect(reply, session, `/payments/local/checkout/${session.id}/authenticate`)
        default:
          return send(reply, session, 402, cardForm(session, 'declined'))
      }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/:id/authenticate',
    { schema: { params } },
    async (request, reply) => {
      const session = await provider.findSession(app.db, request.params.id)
      if (!session) return notFound(reply)
      if (session.status !== 'open') return send(reply, session, 410, closedPage(session))
      return send(reply, session, 200, authenticationPage(session))
    },
  )

  app.post<{ Params: { id: string }; Body: Form }>(
    '/:id/authenticate',
    { schema: { params } },
    async (request, reply) => {
      const complete = (request.body as Form | undefined)?.outcome === 'complete'
      const outcome = await app.db.transaction(async (tx) => {
        const session = await provider.findSession(tx, request.params.id, true)
        if (!session) return { session, kind: 'missing' as const }
        const { rows } = await tx.query<{ authenticating: boolean }>(
          'SELECT authenticating FROM local_checkout_sessions WHERE id = $1',
          [session.id],
        )
        if (session.status !== 'open') return { session, kind: 'closed' as const }
        // Only a session that gave the authentication card has something to authenticate.
        if (!rows[0]?.authenticating) return { session, kind: 'card' as const }
        await tx.query('UPDATE local_checkout_sessions SET authenticating = false WHERE id = $1', [
          session.id,
        ])
        if (complete) {
          await provider.completeSession(tx, session)
          return { session, kind: 'paid' as const }
        }
        await provider.declineSession(tx, session, AUTHENTICATION_FAILED)
        return { session, kind: 'declined' as const }
      })
      const { session } = outcome
      if (!session) return notFound(reply)
      if (outcome.kind === 'closed') return send(reply, session, 410, closedPage(session))
      if (outcome.kind === 'card') {
        return redirect(reply, session, `/payments/local/checkout/${session.id}`)
      }
      if (outcome.kind === 'paid') return redirect(reply, session, returnTo(session))
      return send(reply, session, 402, cardForm(session, 'authenticationFailed'))
    },
  )
}
