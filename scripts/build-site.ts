import { buildApp } from '../server/app'
import { projectRoot, readSettings } from '../server/config'
import { listen } from '../server/listen'
import { closeOnSignals } from '../server/shutdown'
import { StartupError } from '../server/startup-error'
import { buildSiteFrom } from './site-build'

/**
 * `npm run build`: builds the site into `public/` once, whatever its stamp says, from the content
 * of the configured database (DATABASE_URL, or the embedded one in DATA_DIR, which no server may
 * hold open meanwhile), for SITE_URL. The content API it reads is this process's own, on a free
 * loopback port, running no background jobs. `public/` can then go to a static host or CDN, or be
 * served by `npm run serve`, which releases it.
 */
async function main() {
  const config = readSettings()
  const app = await buildApp({
    config: { ...config, jobsPollMs: 0 },
    seedDemo: config.seedDemo,
  })
  const stopping = new AbortController()
  closeOnSignals(app, { beforeClose: () => stopping.abort() })
  try {
    const address = await listen(app, { host: '127.0.0.1', port: 0 })
    app.log.info(`Building the site for ${config.siteUrl}…`)
    await buildSiteFrom(projectRoot, address, config.siteUrl, { signal: stopping.signal })
  } catch (error) {
    // On a signal, server/shutdown.ts closes the server and exits.
    if (stopping.signal.aborted) return
    await app.close()
    throw error
  }
  app.log.info('Site built in public/')
  await app.close()
}

main().catch((error: unknown) => {
  console.error(error instanceof StartupError ? error.message : error)
  process.exit(1)
})
