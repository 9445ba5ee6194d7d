import type { Browser } from 'puppeteer-core'
import { launchBrowser } from '../e2e/browser'
import type { measureFirstLoad } from '../e2e/first-load'
import { startServer, stopServer } from '../e2e/server-process'

/**
 * Runs `measure` with a Chromium and the product's address: `--base URL` when given, else the
 * product started as the journeys start it (building the site into their folder when its
 * sources changed). Both are closed afterwards, whatever happens.
 */
export async function withBrowserAt(
  measure: (browser: Browser, base: string) => Promise<void>,
): Promise<void> {
  const baseIndex = process.argv.indexOf('--base')
  const given = baseIndex > 0 ? process.argv[baseIndex + 1] : undefined
  const server = given ? undefined : await startServer()
  const base = given ?? (server as { baseUrl: string }).baseUrl
  const browser = await launchBrowser().catch(async (error: unknown) => {
    if (server) await stopServer(server)
    throw error
  })
  try {
    await measure(browser, base)
  } finally {
    await browser.close()
    if (server) await stopServer(server)
  }
}

/** With `--list`, each script of a load, largest first, gzipped bytes and path. */
export function listScripts(load: Awaited<ReturnType<typeof measureFirstLoad>>): void {
  if (!process.argv.includes('--list')) return
  for (const script of [...load.scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`    ${String(script.gzip).padStart(7)} ${new URL(script.url).pathname}`)
  }
}

export function exitOnError(run: Promise<void>): void {
  run.catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
