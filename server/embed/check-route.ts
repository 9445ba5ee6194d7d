import fs from 'node:fs'
import path from 'node:path'
import type { FastifyPluginAsync } from 'fastify'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/lib/locale/locales'
import { Joi } from '../../src/lib/validation/joi'
import { parseWidgetRoute, widgetSegments } from '../../src/widgets/widget-routes'
import { useJoiValidation } from '../booking/http/joi-validator'
import { projectRoot } from '../config'
import { limitPerClient, type RateLimits } from '../rate-limit'
import { mayFrame, type WidgetFramers } from './frame-origins'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: @fastify/cors leaves the route alone (it reads this, without declaring it). */
    cors?: false
  }
}

/** The link's words, in locales/<lng>/translation.json with the site's and the widget's. */
const LABEL_KEY = 'embed.openInNewTab'

function readLabels(): Record<Locale, string> {
  const label = (locale: Locale) => {
    const file = path.join(projectRoot, 'locales', locale, 'translation.json')
    const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
    return messages[LABEL_KEY] ?? ''
  }
  return Object.fromEntries(LOCALES.map((locale) => [locale, label(locale)])) as Record<
    Locale,
    string
  >
}

// The widget route as embed.js names it, after /widget/ (any leading slash dropped, as it does).
const widgetPath = Joi.string()
  .max(1000)
  .custom((value: string, helpers) => {
    const route = value.replace(/^\/+/, '')
    const segments = widgetSegments(`/widget/${route}`)
    return segments && parseWidgetRoute(segments) ? route : helpers.error('any.invalid')
  })
  .messages({
    'any.invalid': '{#label} must be a widget route, such as appointment/clinic/consult',
  })

const checkQuery = Joi.object({
  path: widgetPath.required(),
  locale: Joi.string()
    .valid(...LOCALES)
    .default(DEFAULT_LOCALE),
})

export interface EmbedCheck {
  /** Whether the page asking may frame the widget at `url`. */
  allowed: boolean
  /** The widget's page, to open in a tab of its own where it may not be framed. */
  url: string
  /** The words of a link to `url`, in the locale asked for. */
  label: string
}

const embedCheckSchema = Joi.object<EmbedCheck, true>({
  allowed: Joi.boolean().required().description('Whether the page asking may frame the widget'),
  url: Joi.string().required().description("The widget's page, to open in a tab of its own"),
  label: Joi.string().required().description('The words of a link to it'),
}).label('EmbedCheck')

/**
 * `GET /api/embed/check?path=…&locale=…`: whether the page asking (its Origin header) may frame
 * the widget at `path`, read from the same sources as that page's `frame-ancestors`. embed.js
 * asks while the frame loads, and puts a link in place of a frame the browser refused, which
 * would otherwise stay empty: the refusal itself is not told to the host page's script.
 *
 * Any site may read the answer (`Access-Control-Allow-Origin: *`, without credentials): it tells
 * no more than the widget page's own header does. The API's CORS setting is not applied here.
 */
export const embedCheckRoutes: FastifyPluginAsync<{
  siteUrl: string
  widgetFramers: WidgetFramers
  rateLimits: RateLimits
}> = async (app, { siteUrl, widgetFramers, rateLimits }) => {
  useJoiValidation(app)
  await limitPerClient(app, rateLimits, 'embed check')
  const labels = readLabels()
  const self = new URL(siteUrl).origin
  // Refusals too, so embed.js can read why (and keep its frame).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*')
  })

  app.get<{ Querystring: { path: string; locale: Locale } }>(
    '/embed/check',
    {
      schema: {
        querystring: checkQuery,
        response: { 200: embedCheckSchema },
      },
      config: {
        cors: false,
        rateLimit: { max: rateLimits.perMinute, timeWindow: '1 minute' },
      },
    },
    async (request, reply): Promise<EmbedCheck> => {
      const { path: route, locale } = request.query
      const pathname = `/${locale}/widget/${route}`
      const { origin } = request.headers
      // Browsers send Origin with every cross-origin request; none is this site's own page (or no
      // browser at all), which 'self' always lets frame the widget.
      const allowed =
        origin === undefined || mayFrame(origin, await widgetFramers(pathname, request.log), self)
      // A provider's list changes without a restart: never answered from a cache unasked.
      reply.header('cache-control', 'no-cache').header('vary', 'Origin')
      return { allowed, url: new URL(pathname, siteUrl).href, label: labels[locale] }
    },
  )
}
