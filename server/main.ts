import { readConfig } from './config'
import { StartupError } from './startup-error'

/** Starts the server alone (the site must already be built); `npm start` also builds it. */
async function main() {
  const config = readConfig()
  // Loaded once the settings are known to be usable: a refusal is printed in about a second,
  // not after the seconds that loading the whole server takes.
  const [{ buildApp }, { listen }, { closeOnSignals }] = await Promise.all([
    import('./app'),
    import('./listen'),
    import('./shutdown'),
  ])
  const app = await buildApp({ config, seedDemo: config.seedDemo })
  closeOnSignals(app)
  await listen(app, config)
}

main().catch((error: unknown) => {
  // A refusal the operator can act on is one line; anything else keeps its stack.
  console.error(error instanceof StartupError ? error.message : error)
  process.exit(1)
})
