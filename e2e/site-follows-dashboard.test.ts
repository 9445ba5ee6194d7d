import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import sharp from 'sharp'
import { launchBrowser, openPage } from './browser'
import { liveSiteDir } from '../scripts/site-release'
import { E2E_SITE_ROOT, E2E_SITE_URL, freePort } from './server-process'
import { clickButton, clickLink, fill } from './widget-helpers'

/*
 * The shared journeys' server serves a site built once (PUBLIC_DIR), so it never rebuilds. This
 * journey starts a server of its own as `npm start` runs, building and releasing in the copy of
 * the site's sources where that site was built (SITE_BUILD_DIR), whose output the other journeys
 * no longer read (E2E_SERVED_SITE), so the developer's public/ and their site stay as they are.
 * Its database is new, so its start builds the site once before the journey begins; the
 * journey's changes (a draft, its publishing, a price) fold into the builds after it. Built for
 * the same SITE_URL (a plugin option) as the journeys' site, both builds find Gatsby's cache warm:
 * for another address, or in a folder of its own, the first was a cold build of minutes.
 */
const root = path.resolve(__dirname, '..')
const SITE_BUILD_DIR = E2E_SITE_ROOT
const TOKEN = 'e2e-rebuild-admin-token-0123456789abcdef'
const MINUTE = 60_000

let browser: Browser
let server: { baseUrl: string; child: ChildProcess; dataDir: string }

/** Polls until `ready()` says so, failing early when the server has exited. */
async function waitFor(what: string, timeoutMs: number, ready: () => Promise<boolean>) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`npm start exited: ${what}`)
    if (await ready().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
  throw new Error(`${what} within ${timeoutMs} ms`)
}

beforeAll(async () => {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-rebuild-data-'))
  // Without PUBLIC_DIR, npm start builds, releases and rebuilds the site it serves.
  const { PUBLIC_DIR: _served, ...inherited } = process.env
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_BUILD_DIR,
      SITE_URL: E2E_SITE_URL,
      ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  server = { baseUrl: `http://127.0.0.1:${port}`, child, dataDir }
  // The health check says `building` until the start's build is released: a release left by an
  // earlier run answers pages before that, with that run's prices.
  await waitFor('the first build was not released', 20 * MINUTE, async () => {
    const response = await fetch(`${server.baseUrl}/api/health`)
    const health = (await response.json()) as { site?: string }
    return response.ok && health.site === 'ready'
  })
  browser = await launchBrowser()
}, 25 * MINUTE)

afterAll(async () => {
  await browser?.close()
  if (!server) return
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await exited
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true })
})

/** The release the server serves now: the target of its live link (scripts/site-release.ts). */
const liveRelease = () => fs.promises.readlink(liveSiteDir(SITE_BUILD_DIR))

/**
 * The price the home page's price list gives the service, as a visitor reads it, in a new tab:
 * the same tab sent to the same address again found no "Prices" region by its role after the
 * rebuild for 30 s, though the element was in its document. Undefined when a release went live
 * while the page loaded: its HTML then came from one build and its data from the next, which
 * React reports as a hydration mismatch (#418) before it renders the new data, as on any static
 * host's atomic deploy. Every load within one release must be free of errors.
 */
async function listedPrice(service: string): Promise<string | undefined> {
  const before = await liveRelease()
  const { page, errors } = await openPage(browser)
  await page.goto(`${server.baseUrl}/en/home/`, { waitUntil: 'networkidle0' })
  const prices = await page.waitForSelector('::-p-aria([name="Prices"][role="region"])')
  const row = await prices!.waitForSelector(`::-p-aria([name="${service}"][role="rowheader"])`)
  const price = await row!.evaluate(
    (header) => header.parentElement!.lastElementChild!.textContent ?? '',
  )
  await page.close()
  if ((await liveRelease()) !== before) return undefined
  expect(errors).toEqual([])
  return price
}

/** Sends `body` to the admin API as a script does, with the token. */
async function adminCall(method: string, apiPath: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}/api/admin${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${apiPath}: ${await response.text()}`)
  return response
}

async function signIn(page: Page, role: 'owner' | 'editor') {
  const email = `${role}.${Date.now()}@example.com`
  const response = await adminCall('POST', '/users', {
    email,
    name: `E2e ${role}`,
    role,
    password: 'first-password-1',
  })
  if (response.status !== 201) throw new Error(`account: ${await response.text()}`)
  await page.goto(`${server.baseUrl}/en/admin/`)
  await fill(page, 'E-mail', email)
  await fill(page, 'Password', 'first-password-1')
  await clickButton(page, 'Sign in')
  await fill(page, 'Current password', 'first-password-1')
  await fill(page, 'New password', 'my own password 1')
  await fill(page, 'Repeat the new password', 'my own password 1')
  await clickButton(page, 'Change password')
  await page.waitForSelector('::-p-aria([name="Dashboard"][role="navigation"])')
}

// A post of this run's own, written as a draft before the journey (content-write-post writes one
// in the studio): here an editor publishes it and reads it on the rebuilt site.
const SLUG = `site-follows-${Date.now().toString(36)}`
const TITLE = 'Knee pain after running'
const GERMAN = 'Knieschmerzen nach dem Laufen'

/**
 * The clinic's logo uploaded to the media library and the site offered in German and English
 * only, as a script sets them through the API the settings screen uses (site-view.test.tsx
 * covers the screen).
 */
async function setLogoAndLanguages() {
  const logo = await sharp({
    create: { width: 240, height: 96, channels: 3, background: '#0b6e4f' },
  })
    .png()
    .toBuffer()
  const uploaded = await fetch(`${server.baseUrl}/api/admin/content/media/clinic-logo.png`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', authorization: `Bearer ${TOKEN}` },
    body: new Uint8Array(logo),
  })
  if (!uploaded.ok) throw new Error(`logo: ${await uploaded.text()}`)
  const site = (await (
    await fetch(`${server.baseUrl}/api/admin/content/site`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
  ).json()) as Record<string, unknown>
  const { defaultLocale, rootPagePath, bookingProvider, translations } = site
  await adminCall('PUT', '/content/site', {
    defaultLocale,
    rootPagePath,
    bookingProvider,
    translations,
    logo: { name: 'clinic-logo.png', alt: '' },
    languages: ['de', 'en'],
  })
}

/**
 * The post's heading as a reader finds it at `sitePath` on a screen `width` px wide, or undefined
 * while it is not there. Found, the page must not scroll sideways.
 */
async function postHeading(sitePath: string, width = 1280): Promise<string | undefined> {
  const { page, errors } = await openPage(browser)
  await page.setViewport({ width, height: 800 })
  const response = await page.goto(`${server.baseUrl}${sitePath}`, { waitUntil: 'networkidle0' })
  const heading =
    response?.status() === 200
      ? await page.$eval('h1', (h1) => h1.textContent ?? '').catch(() => undefined)
      : undefined
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  )
  await page.close()
  if (heading) expect([sitePath, errors, sideways]).toEqual([sitePath, [], false])
  return heading
}

describe('the site follows the dashboard', () => {
  it(
    'shows a price changed, a post published and the site settings changed in the dashboard on the site, without a restart',
    async () => {
      expect(await listedPrice('Clinical Pilates class')).toBe('€22.00')
      await adminCall('POST', '/content/posts', {
        slug: SLUG,
        authorId: 'author-lena-vogel',
        translations: [
          { locale: 'en', title: TITLE, excerpt: 'Why it happens.', body: '<p>Rest first.</p>' },
          { locale: 'de', title: GERMAN, body: '<p>Zuerst ruhen.</p>' },
        ],
      })
      expect(await postHeading(`/en/journal/b/${SLUG}/`)).toBeUndefined()
      await setLogoAndLanguages()

      // An editor publishes the draft in the studio.
      const { page: editor, errors: editorErrors } = await openPage(browser)
      await signIn(editor, 'editor')
      await clickLink(editor, 'Content')
      const kind = await editor.waitForSelector('::-p-aria([name="Kind"][role="combobox"])')
      await kind!.select('posts')
      await clickButton(editor, `Publish ${TITLE}`)
      await editor
        .locator('::-p-aria([role="alertdialog"]) ::-p-aria([name="Publish"][role="button"])')
        .click()
      await editor.waitForSelector(`::-p-text(“${TITLE}” was published.)`)
      // Signed out, as the browser's next tab signs the owner in.
      await clickButton(editor, 'Sign out')
      await editor.waitForSelector('::-p-aria([name="Sign in to the dashboard"][role="heading"])')
      await editor.close()
      expect(editorErrors).toEqual([])

      const { page: owner, errors } = await openPage(browser)
      await signIn(owner, 'owner')
      // A locator, as clickButton uses: clicked again should the header re-render under it.
      await clickLink(owner, 'Services')
      await clickButton(owner, 'Edit Clinical Pilates class')
      await fill(owner, 'Price per seat', '24')
      await clickButton(owner, 'Save service')
      await owner.waitForFunction(() =>
        document.body.textContent!.includes('The service Clinical Pilates class was saved.'),
      )
      // The widget charges the new price at once; the site says a rebuild is coming. The page
      // loads while that build takes both cores beside the other worker's journeys: a reload
      // took over 30 s (puppeteer's deadline) there, so these deadlines are longer.
      await owner.reload({ timeout: 2 * MINUTE })
      await owner.waitForFunction(
        () => /Site: (update queued|updating) since/.test(document.body.textContent!),
        { timeout: 2 * MINUTE },
      )

      const deadline = Date.now() + 10 * MINUTE
      let price = await listedPrice('Clinical Pilates class')
      while (price !== '€24.00' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5_000))
        price = await listedPrice('Clinical Pilates class')
      }
      expect(price).toBe('€24.00')
      // Published before the price changed, the post is live by now: in both languages, at the
      // paths the studio gave, read on a wide screen and on a phone.
      expect(await postHeading(`/en/journal/b/${SLUG}/`, 1280)).toBe(TITLE)
      expect(await postHeading(`/de/journal/b/${SLUG}/`, 360)).toBe(GERMAN)
      // The header shows the logo for the name; the site is in German and English alone.
      const { page: reader, errors: readerErrors } = await openPage(browser)
      await reader.goto(`${server.baseUrl}/en/home/`, { waitUntil: 'networkidle0' })
      const logo = await reader.waitForSelector('header a img[alt="Harbor Physio"]')
      const box = await logo!.boundingBox()
      expect(box!.width).toBeGreaterThan(0)
      expect(box!.height).toBeGreaterThan(0)
      const offered = await reader.$$eval('header select option', (options) =>
        options.map((option) => (option as HTMLOptionElement).value),
      )
      expect(offered).toEqual(['de', 'en'])
      await reader.close()
      expect(readerErrors).toEqual([])
      expect((await fetch(`${server.baseUrl}/fr/journal/b/${SLUG}/`)).status).toBe(404)
      const french = await fetch(`${server.baseUrl}/`, {
        headers: { 'accept-language': 'fr' },
        redirect: 'manual',
      })
      expect(french.headers.get('location')).toBe('/en/home/')
      await owner.reload({ timeout: 2 * MINUTE })
      await owner.waitForFunction(() => document.body.textContent!.includes('Site: up to date'), {
        timeout: 2 * MINUTE,
      })
      expect(errors).toEqual([])
    },
    15 * MINUTE,
  )
})
