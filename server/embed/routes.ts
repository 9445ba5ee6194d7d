import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { pageNotFound } from '../errors'
import { allowCrossOriginLoad } from '../security-headers'
import { buildEmbedScript } from './embed-script'

/**
 * The embed script at two URLs: /embed.js, the one to paste into a page, revalidated within five
 * minutes so a fix reaches every site soon; and /embed-<hash>.js, which never changes and is kept
 * for a year, for sites that pin a version. Both may be loaded by any site.
 */
export const embedRoutes: FastifyPluginAsync = async (app) => {
  const script = await buildEmbedScript()
  const send = (reply: FastifyReply, cacheControl: string) => {
    allowCrossOriginLoad(reply)
    return reply
      .header('cache-control', cacheControl)
      .header('vary', 'Accept-Encoding')
      .type('text/javascript; charset=utf-8')
      .send(script.code)
  }
  app.get('/embed.js', async (_request, reply) =>
    send(
      reply.header('link', `</embed-${script.hash}.js>; rel="canonical"`),
      'public, max-age=300',
    ),
  )
  app.get<{ Params: { hash: string } }>('/embed-:hash.js', async (request, reply) => {
    // Another hash is an older or unknown version: this server has only the current one.
    if (request.params.hash !== script.hash) throw pageNotFound(request.url)
    return send(reply, 'public, max-age=31536000, immutable')
  })
}
