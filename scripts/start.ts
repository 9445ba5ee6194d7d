import path from 'node:path'
import { buildApp } from '../server/app'
import { projectRoot, readSettings } from '../server/config'
import { contentVersion } from '../server/content/read'
import type { SiteStatus } from '../server/health/routes'
import { listen } from '../server/listen'
import { closeOnSignals } from '../server/shutdown'
import { siteUrlMismatch } from '../server/site/build-stamp'
import { SiteRebuildQueue } from '../server/site/rebuild-queue'
import { buildSiteCopy, buildSiteFrom, isSiteStale, siteVersion } from './site-build'
import { hasBuild, isReleased, liveSiteDir, releaseSite } from './site-release'
import { StartupError } from '../server/startup-error'

/** How often a running `npm start` looks for content changes not made through the admin API. */
const SITE_CHECK_MS = 30_000

/**
 * `npm start`: serves the API at once, then builds the site if `public/` is missing or stale.
 * The build reads its content from this very server, so the server must listen first. Visitors
 * are served a released copy of the build (scripts/site-release.ts), switched in one step once a
 * build is complete, so a rebuild never shows them a half-written site; until the first release,
 * site paths answer 503 with a Retry-After, and `GET /api/health` says `site: "building"` during
 * any build. While it runs, every change the site shows (content, services, prices, staff,
 * opening hours, the provider's details) rebuilds and releases it through one queue
 * (server/site/rebuild-queue.ts), whose state the dashboard shows; a build that fails is logged
 * and reported there, and the live site stays as it was.
 *
 * In production (NODE_ENV=production, `npm run serve`) it builds nothing and loads no demo data:
 * it releases the build `npm run build` left in `public/`, if there is a new one, and serves it.
 * Several may start at once in one checkout: releasing is safe for that (scripts/site-release.ts).
 *
 * package.json runs it with `exec`: npm forwards SIGTERM to its script's shell, which would die
 * of it and leave this process serving; exec'd, this process gets the signal itself. `npm start`
 * and `npm run serve` run it in node with tsx's loader rather than through the tsx command, which
 * would add a process relaying signals of its own, killing this one when it does not acknowledge
 * a relayed signal within 30 ms, and exiting 143 whatever this one exits with.
 */
async function main() {
  const settings = readSettings()
  const ownsPublicDir = !process.env.PUBLIC_DIR
  // Where the site is built and released: the project, or a copy of its sources (SITE_BUILD_DIR).
  const siteRoot = settings.siteBuildDir ?? projectRoot
  const config = {
    ...settings,
    ...(ownsPublicDir ? { publicDir: liveSiteDir(siteRoot) } : {}),
  }
  // Bound to the app's logger once there is one: the queue is an option of the app.
  const log = {
    info: (message: string) => app.log.info(message),
    error: (message: string) => app.log.error(message),
  }
  // Development rebuilds the site it serves after every change the site shows; production
  // serves what `npm run build` made, and its dashboard says so.
  const queue =
    ownsPublicDir && !config.production
      ? new SiteRebuildQueue(async (content, signal) => {
          const version = siteVersion(content, config.siteUrl)
          if (siteRoot === projectRoot) {
            await buildSiteFrom(projectRoot, address, config.siteUrl, { signal, version })
          } else {
            const env = { CONTENT_API_URL: `${address}/api`, SITE_URL: config.siteUrl }
            await buildSiteCopy(projectRoot, siteRoot, env, version, { signal })
          }
          await releaseSite(siteRoot)
        }, log)
      : undefined
  // 'building' until the stale check has decided and any build is released, and during any
  // rebuild after that.
  let starting = true
  const siteStatus = (): SiteStatus =>
    starting || queue?.status().state === 'building' ? 'building' : 'ready'
  const app = await buildApp({ config, seedDemo: config.seedDemo, siteStatus, siteRebuild: queue })
  // A signal stops a running build along with the server; server/shutdown.ts then exits.
  let stopping = false
  closeOnSignals(app, {
    beforeClose: () => {
      stopping = true
      void queue?.stop()
    },
  })
  const address = await listen(app, config)
  if (queue) {
    const content = await contentVersion(app.db)
    const version = siteVersion(content, config.siteUrl)
    if (await isSiteStale(projectRoot, version, path.join(siteRoot, 'public'))) {
      app.log.info('Building the site (first start, changed sources or changed content)…')
      queue.request(content, { immediately: true })
      await queue.idle()
      if (stopping) {
        app.log.info('Site build stopped')
        return
      }
      // The build's own output has pushed them far up: where to sign in is said again.
      app.startNotes.forEach((note) => app.log.info(note))
    } else {
      queue.markLive(content)
    }
    // Changes made through the admin API ask at once (server/site/follow-changes.ts); this
    // catches the others: a scheduled publish, another process on the same database.
    setInterval(() => {
      contentVersion(app.db).then(
        (latest) => queue.request(latest),
        () => undefined,
      )
    }, SITE_CHECK_MS).unref()
  }
  // A build that failed may have left public/ half rewritten under its last stamp: not released.
  const buildFailed = queue?.status().state === 'failed'
  if (
    ownsPublicDir &&
    !buildFailed &&
    (await hasBuild(siteRoot)) &&
    !(await isReleased(siteRoot))
  ) {
    await releaseSite(siteRoot)
    app.log.info('Site released')
  }
  starting = false
  if (ownsPublicDir && !(await hasBuild(siteRoot, liveSiteDir(siteRoot)))) {
    app.log.warn(
      'No site to serve: run `npm run build` first (the API answers meanwhile, and ' +
        '/api/health/ready says the site is missing)',
    )
  }
  // Development builds for SITE_URL above; production serves what `npm run build` made, and
  // /api/health/ready keeps saying the same while the addresses differ.
  const mismatch = config.production && (await siteUrlMismatch(config.publicDir, config.siteUrl))
  if (mismatch) app.log.error(`Not ready: ${mismatch}`)
  app.log.info(`Open ${address}/`)
}

main().catch((error: unknown) => {
  // A refusal the operator can act on is one line; anything else keeps its stack.
  console.error(error instanceof StartupError ? error.message : error)
  process.exit(1)
})
