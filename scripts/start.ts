import { buildApp } from '../server/app'
import { projectRoot, readConfig } from '../server/config'
import type { SiteStatus } from '../server/health/routes'
import { buildSite, isSiteStale } from './site-build'
import { isReleased, liveSiteDir, releaseSite } from './site-release'
import { DataDirLockedError } from '../server/db/data-dir-lock'

/**
 * `npm start`: serves the API at once, then builds the site if `public/` is missing or stale.
 * The build reads its content from this very server, so the server must listen first. Visitors
 * are served a released copy of the build (scripts/site-release.ts), switched in one step once a
 * build is complete, so a rebuild never shows them a half-written site; until the first release,
 * site paths answer 503 with a Retry-After, and `GET /api/health` says `site: "building"` during
 * any build.
 */
async function main() {
  const ownsPublicDir = !process.env.PUBLIC_DIR
  const config = {
    ...readConfig(),
    ...(ownsPublicDir ? { publicDir: liveSiteDir(projectRoot) } : {}),
  }
  // 'building' until the stale check has decided and any build is released.
  let siteStatus: SiteStatus = 'building'
  const app = await buildApp({ config, seedDemo: true, siteStatus: () => siteStatus })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  const address = await app.listen({ host: config.host, port: config.port })
  const { version: contentVersion } = (await (
    await fetch(`${address}/api/content/version`)
  ).json()) as { version: string }
  // Canonical links and the sitemap carry SITE_URL, so a new one needs a new build.
  const version = `${contentVersion} ${process.env.SITE_URL ?? ''}`
  if (ownsPublicDir && (await isSiteStale(projectRoot, version))) {
    app.log.info('Building the site (first start, changed sources or changed content)…')
    await buildSite(projectRoot, { CONTENT_API_URL: `${address}/api` }, version)
    app.log.info('Site built')
  }
  if (ownsPublicDir && !(await isReleased(projectRoot))) {
    await releaseSite(projectRoot)
    app.log.info('Site released')
  }
  siteStatus = 'ready'
  app.log.info(`Open ${address}/`)
}

main().catch((error: unknown) => {
  // A refusal the operator can act on is one line; anything else keeps its stack.
  console.error(error instanceof DataDirLockedError ? error.message : error)
  process.exit(1)
})
