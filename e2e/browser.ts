import puppeteer, {
  type Browser,
  type BrowserContext,
  type Dialog,
  type Page,
} from 'puppeteer-core'
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

/** What puppeteer gives a new page, so a page given another can be put back (newPage's default). */
const DEFAULT_VIEWPORT = { width: 800, height: 600 }

/**
 * Page settings a test may change that can be put back as a new page has them. A page whose test
 * did anything else to it (a script for every document, a CDP session, interception, an exposed
 * function) is closed rather than reused.
 */
const RESETTABLE: Record<string, (page: Page) => Promise<unknown>> = {
  setViewport: (page) => page.setViewport(DEFAULT_VIEWPORT),
  emulateTimezone: (page) => page.emulateTimezone(),
  setBypassCSP: (page) => page.setBypassCSP(false),
  setExtraHTTPHeaders: (page) => page.setExtraHTTPHeaders({}),
}

/** What a test may do with a page that leaves nothing behind once it is navigated away. */
const HARMLESS = new Set([
  ...['goto', 'reload', 'url', 'title', 'content', 'viewport', 'isClosed', 'close'],
  ...['waitForSelector', 'waitForFunction', 'waitForNavigation', 'waitForNetworkIdle'],
  ...['waitForResponse', 'waitForRequest', 'locator', 'mainFrame', 'frames', 'bringToFront'],
  ...['$', '$$', '$eval', '$$eval', 'evaluate', 'evaluateHandle', 'screenshot'],
  ...['click', 'type', 'focus', 'hover', 'select', 'tap', 'keyboard', 'mouse'],
  ...['on', 'off', 'once', 'emit', 'listenerCount', 'constructor'],
])

type Owner = Browser | BrowserContext
type Handler = (event: unknown) => void

interface Opened {
  owner: Owner
  page: Page
  /** What the test listened to, taken off again before the page is reused. */
  listeners: [string, Handler][]
  resets: Set<string>
  reusable: boolean
}

const opened = new Map<Page, Opened>()

/**
 * Pages a finished test left reusable, by the browser or context they belong to, for the file's
 * next tests: a new tab and its first page load cost about 0.4 s more than a load in a tab already
 * open (measured on two cores), and the journeys open some 190 pages.
 */
const spare = new Map<Owner, Page[]>()

/** The page as the test sees it: every call is noted, so what it changed can be put back. */
function watched(record: Opened): Page {
  return new Proxy(record.page, {
    get(target, key) {
      // The page itself as `this`: its getters read private fields, which a proxy does not have.
      const value = Reflect.get(target, key, target)
      if (typeof value !== 'function' || typeof key !== 'string') return value
      return (...args: unknown[]) => {
        if (key === 'on' || key === 'once')
          record.listeners.push([args[0] as string, args[1] as Handler])
        else if (key in RESETTABLE) record.resets.add(key)
        else if (!HARMLESS.has(key)) record.reusable = false
        return value.apply(target, args)
      }
    },
  })
}

/**
 * Makes a page as a new one would be, for the next test: its listeners off, its settings back,
 * its tab's session storage empty and the page blank (a beforeunload question is answered).
 * False when that cannot be done: the page is then closed instead.
 */
async function reset({ page, listeners, resets }: Opened): Promise<boolean> {
  for (const [event, handler] of listeners) page.off(event as 'console', handler)
  // A frame of another origin keeps session storage of its own in this tab.
  const origins = new Set(page.frames().map((frame) => new URL(frame.url(), 'about:blank').origin))
  if (origins.size > 1) return false
  await page.evaluate(() => {
    try {
      sessionStorage.clear()
    } catch {
      // about:blank and opaque origins have none.
    }
  })
  for (const setting of resets) await RESETTABLE[setting]!(page)
  const leave = (dialog: Dialog) => void dialog.accept()
  page.on('dialog', leave)
  try {
    await page.goto('about:blank', { timeout: 10_000 })
  } finally {
    page.off('dialog', leave)
  }
  return true
}

/**
 * After each test: the pages it opened with openPage are made new again for the file's next
 * tests (see `spare`), or closed where the test changed them beyond that; either way a long file
 * does not pile up tabs in one browser.
 */
export async function closeOpenPages() {
  const records = [...opened.values()]
  opened.clear()
  await Promise.all(
    records.map(async (record) => {
      if (record.page.isClosed()) return
      const kept = record.reusable && (await reset(record).catch(() => false))
      if (kept) spare.set(record.owner, [...(spare.get(record.owner) ?? []), record.page])
      else await record.page.close().catch(() => undefined)
    }),
  )
}

/**
 * Opens a page, in the browser or in one of its contexts (a second person, cookies of their own),
 * that fails the test on any uncaught error in the browser: a page an earlier test of the file
 * left as new (closeOpenPages) when there is one. `consoleErrors` holds what the page logged as an
 * error, less the browser's own line for each response of 400 or more, whose statuses the
 * journeys check themselves.
 */
export async function openPage(
  browser: Owner,
): Promise<{ page: Page; errors: string[]; consoleErrors: string[] }> {
  const reused = spare.get(browser)?.pop()
  const record: Opened = {
    owner: browser,
    page: reused && !reused.isClosed() ? reused : await browser.newPage(),
    listeners: [],
    resets: new Set(),
    reusable: true,
  }
  opened.set(record.page, record)
  const page = watched(record)
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
