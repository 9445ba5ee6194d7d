import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { errorObject, pageNotFound } from '../errors'
import { matchPathsReader, resolveSitePath } from './site-files'

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
  reply.status(status).header('cache-control', cacheControlFor(file))
  return reply.sendFile(path.relative(publicDir, file), publicDir, { cacheControl: false })
}

/** Serves the built Gatsby site from `publicDir`, so one process is the whole product. */
export const siteRoutes: FastifyPluginAsync<{ publicDir: string }> = async (app, { publicDir }) => {
  await app.register(fastifyStatic, { root: publicDir, serve: false })

  const readMatchPaths = matchPathsReader(publicDir)

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, 'http://localhost')
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      throw pageNotFound(url.pathname)
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) throw pageNotFound(pathname)
    if (pathname === '/favicon.ico') {
      return reply.status(404).send(errorObject(404, 'Not found'))
    }
    const answer = await resolveSitePath(publicDir, pathname, await readMatchPaths())
    switch (answer.kind) {
      case 'file':
        return sendSiteFile(reply, publicDir, answer.file, answer.status)
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
        throw pageNotFound(pathname)
    }
  })
}
