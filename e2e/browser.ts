import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core'
import { workerIndex } from './workers'

/** The address of this worker's server (e2e/workers.ts). */
export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URLS?.split(' ')[workerIndex()]
  if (!url) throw new Error('E2E_BASE_URLS is set by e2e/global-setup.ts')
  return url
}

/** Debian's Chromium, with the flags this closed network needs (no background connections). */
export function startChromium(extraArgs: string[] = []): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      ...extraArgs,
    ],
  })
}

/**
 * A browser for one test file. In the journeys, this worker's Chromium (started once by
 * e2e/global-setup.ts: a start cost about two seconds of a core, once per file) seen through a
 * browser context of the file's own, so no cookie or storage passes from one file to the next:
 * its pages open in that context, and `close()` closes the context and lets the browser be.
 * Elsewhere (the benchmarks), or with flags of a journey's own, a Chromium of its own.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const endpoint = process.env.E2E_BROWSER_ENDPOINTS?.split(' ')[workerIndex()]
  if (!endpoint || extraArgs.length > 0) return startChromium(extraArgs)
  const shared = await puppeteer.connect({ browserWSEndpoint: endpoint })
  const context = await shared.createBrowserContext()
  const own: Partial<Browser> = {
    newPage: () => context.newPage(),
    close: async () => {
      await context.close()
      await shared.disconnect()
    },
  }
  return new Proxy(shared, {
    get(target, key) {
      const value = key in own ? own[key as keyof Browser] : Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

const openPages = new Set<Page>()

/** Closes the pages a test opened, so a long file does not pile up tabs in one browser. */
export async function closeOpenPages() {
  await Promise.all([...openPages].map((page) => page.close().catch(() => undefined)))
  openPages.clear()
}

/**
 * Opens a page, in the browser or in one of its contexts (a second person, cookies of their own),
 * that fails the test on any uncaught error in the browser. `consoleErrors` holds
 * what the page logged as an error, less the browser's own line for each response of 400 or more,
 * whose statuses the journeys check themselves.
 */
export async function openPage(
  browser: Browser | BrowserContext,
): Promise<{ page: Page; errors: string[]; consoleErrors: string[] }> {
  const page = await browser.newPage()
  openPages.add(page)
  const errors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (error) => errors.push(String(error)))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource:')) {
      consoleErrors.push(message.text())
    }
  })
  return { page, errors, consoleErrors }
}
