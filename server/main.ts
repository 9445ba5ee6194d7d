import { buildApp } from './app'
import { readConfig } from './config'

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
  console.error(error)
  process.exit(1)
})
