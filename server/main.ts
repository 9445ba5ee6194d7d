import { buildApp } from './app'
import { readConfig } from './config'
import { DataDirLockedError } from './db/data-dir-lock'

/** Starts the server alone (the site must already be built); `npm start` also builds it. */
async function main() {
  const config = readConfig()
  const app = await buildApp({ config, seedDemo: true })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0))
    })
  }
  await app.listen({ host: config.host, port: config.port })
}

main().catch((error: unknown) => {
  // A refusal the operator can act on is one line; anything else keeps its stack.
  console.error(error instanceof DataDirLockedError ? error.message : error)
  process.exit(1)
})
