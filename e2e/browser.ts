import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core'
import { workerIndex } from './workers'

/** The address of this worker's server (e2e/workers.ts). */
export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URLS?.split(' ')[workerIndex()]
  if (!url) throw new Error('E2E_BASE_URLS is set by e2e/global-setup.ts')
  return url
}

/**
 * Debian's Chromium, with the flags this closed network needs (no background connections), and
 * any a journey adds.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
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
