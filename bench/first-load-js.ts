import { launchBrowser } from '../e2e/browser'
import { FIRST_LOAD_PAGES, measureFirstLoad } from '../e2e/first-load'
import { startServer, stopServer } from '../e2e/server-process'

/**
 * Prints the JavaScript a cold Chromium visit to each page fetches (every script, including the
 * chunks loaded after hydration), raw and gzipped, against its budget. Starts the product as the
 * journeys do (building the site into their folder when its sources changed), or measures
 * `--base URL` (say, after `npm run bench:site-build`). Usage: tsx bench/first-load-js.ts
 * [--base URL] [--list]
 */
async function main() {
  const baseIndex = process.argv.indexOf('--base')
  const given = baseIndex > 0 ? process.argv[baseIndex + 1] : undefined
  const server = given ? undefined : await startServer()
  const base = given ?? (server as { baseUrl: string }).baseUrl
  const browser = await launchBrowser().catch(async (error: unknown) => {
    if (server) await stopServer(server)
    throw error
  })
  try {
    for (const { name, path, budget } of FIRST_LOAD_PAGES) {
      const load = await measureFirstLoad(browser, `${base}${path}`)
      console.log(
        `${name.padEnd(13)} ${path.padEnd(36)} ${String(load.scripts.length).padStart(2)} scripts ${(load.raw / 1024).toFixed(1).padStart(6)} KiB raw ${(load.gzip / 1024).toFixed(1).padStart(6)} KiB gzip (${load.gzip} bytes; budget ${budget})`,
      )
      if (process.argv.includes('--list')) {
        for (const script of load.scripts.sort((a, b) => b.gzip - a.gzip)) {
          console.log(`    ${String(script.gzip).padStart(7)} ${new URL(script.url).pathname}`)
        }
      }
    }
  } finally {
    await browser.close()
    if (server) await stopServer(server)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
