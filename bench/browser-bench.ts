import type { Browser } from 'puppeteer-core'
import { launchBrowser } from '../e2e/browser'
import type { measureFirstLoad } from '../e2e/first-load'
import { startServer, stopServer } from '../e2e/server-process'
import { argValues } from './server-process'

/**
 * Runs `measure` with the product's address: `--base URL` when given, else the product started
 * as the journeys start it (building the site into their folder when its sources changed),
 * stopped afterwards whatever happens.
 */
export async function withProductAt(measure: (base: string) => Promise<void>): Promise<void> {
  const given = argValues('base')[0]
  const server = given ? undefined : await startServer()
  try {
    await measure(given ?? (server as { baseUrl: string }).baseUrl)
  } finally {
    if (server) await stopServer(server)
  }
}

/** `withProductAt` with one Chromium for the whole run, closed afterwards. */
export function withBrowserAt(
  measure: (browser: Browser, base: string) => Promise<void>,
): Promise<void> {
  return withProductAt(async (base) => {
    const browser = await launchBrowser()
    try {
      await measure(browser, base)
    } finally {
      await browser.close()
    }
  })
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
