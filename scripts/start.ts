import { buildApp } from '../server/app'
import { projectRoot, readConfig } from '../server/config'
import type { SiteStatus } from '../server/health/routes'
import { listen } from '../server/listen'
import { closeOnSignals } from '../server/shutdown'
import { siteUrlMismatch } from '../server/site/build-stamp'
import { buildSiteFrom, isSiteStale, siteVersionAt } from './site-build'
import { hasBuild, isReleased, liveSiteDir, releaseSite } from './site-release'
import { StartupError } from '../server/startup-error'

/**
 * `npm start`: serves the API at once, then builds the site if `public/` is missing or stale.
 * The build reads its content from this very server, so the server must listen first. Visitors
 * are served a released copy of the build (scripts/site-release.ts), switched in one step once a
 * build is complete, so a rebuild never shows them a half-written site; until the first release,
 * site paths answer 503 with a Retry-After, and `GET /api/health` says `site: "building"` during
 * any build.
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
  const ownsPublicDir = !process.env.PUBLIC_DIR
  const config = {
    ...readConfig(),
    ...(ownsPublicDir ? { publicDir: liveSiteDir(projectRoot) } : {}),
  }
  // 'building' until the stale check has decided and any build is released.
  let siteStatus: SiteStatus = 'building'
  const app = await buildApp({ config, seedDemo: config.seedDemo, siteStatus: () => siteStatus })
  // A signal stops a running build along with the server; server/shutdown.ts then exits.
  const stopping = new AbortController()
  closeOnSignals(app, { beforeClose: () => stopping.abort() })
  const address = await listen(app, config)
  if (ownsPublicDir && !config.production) {
    const version = await siteVersionAt(address, config.siteUrl)
    if (await isSiteStale(projectRoot, version)) {
      app.log.info('Building the site (first start, changed sources or changed content)…')
      try {
        await buildSiteFrom(projectRoot, address, config.siteUrl, {
          signal: stopping.signal,
          version,
        })
      } catch (error) {
        if (!stopping.signal.aborted) throw error
        app.log.info('Site build stopped')
        return
      }
      app.log.info('Site built')
      // The build's own output has pushed them far up: where to sign in is said again.
      app.startNotes.forEach((note) => app.log.info(note))
    }
  }
  if (ownsPublicDir && (await hasBuild(projectRoot)) && !(await isReleased(projectRoot))) {
    await releaseSite(projectRoot)
    app.log.info('Site released')
  }
  siteStatus = 'ready'
  if (ownsPublicDir && !(await hasBuild(projectRoot, liveSiteDir(projectRoot)))) {
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
