import { buildApp } from './app'
import { readConfig } from './config'
import { listen } from './listen'
import { closeOnSignals } from './shutdown'
import { StartupError } from './startup-error'

/** Starts the server alone (the site must already be built); `npm start` also builds it. */
async function main() {
  const config = readConfig()
  const app = await buildApp({ config, seedDemo: config.seedDemo })
  closeOnSignals(app)
  await listen(app, config)
}

main().catch((error: unknown) => {
  // A refusal the operator can act on is one line; anything else keeps its stack.
  console.error(error instanceof StartupError ? error.message : error)
  process.exit(1)
})
