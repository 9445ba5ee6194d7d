import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { createAccount, signIn } from './dashboard-helpers'
import { E2E_ADMIN_TOKEN } from './server-process'
import { clickButton } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

// A draft of the demo content (content/site/).
const DRAFT = 'Hamstring strains: when is it safe to sprint again?'

const publishedIds = async () => {
  const response = await fetch(`${baseUrl()}/api/content/posts`)
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id)
}

describe('the content screen', () => {
  it('gives an editor the content alone: a draft previewed as the site shows it, then published', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, await createAccount('editor'))
    const nav = await page.$$eval('nav[aria-label="Dashboard"] a', (links) =>
      links.map((link) => link.textContent),
    )
    expect(nav).toEqual(['Content', 'Media', 'Site settings'])
    await page.waitForSelector('::-p-aria([name="Site content"][role="heading"])')
    const kind = await page.waitForSelector('::-p-aria([name="Kind"][role="combobox"])')
    await kind!.select('posts')
    await page.waitForSelector(`::-p-aria([name="${DRAFT}"][role="cell"])`)
    // The kind is in the address: a reload or a link keeps it.
    expect(await page.evaluate(() => window.location.search)).toBe('?kind=posts')

    // The preview opens in a tab of its own, with a token the dashboard asked for itself.
    const opened = page
      .browserContext()
      .waitForTarget((target) => target.url().includes('/v2/preview/'))
    await clickButton(page, `Preview ${DRAFT}`)
    const preview = (await (await opened).page())!
    await preview.waitForSelector(`::-p-aria([name="${DRAFT}"][role="heading"])`)
    expect(new URL(preview.url()).pathname).toMatch(/^\/en\/v2\/preview\/[a-z-]+\/b\/[a-z-]+\/$/)
    await preview.close()

    const before = await publishedIds()
    await clickButton(page, `Publish ${DRAFT}`)
    await page.waitForSelector('::-p-aria([name="Publish “' + DRAFT + '”?"][role="alertdialog"])')
    await clickButton(page, 'Publish')
    await page.waitForSelector(`::-p-text(“${DRAFT}” was published.)`)
    await page.waitForSelector(`::-p-aria([name="Unpublish ${DRAFT}"][role="button"])`)
    const after = await publishedIds()
    expect(after.length).toBe(before.length + 1)
    const [added] = after.filter((each) => !before.includes(each))

    // Back to a draft, as the other journeys on this server found the demo.
    const unpublished = await fetch(`${baseUrl()}/api/admin/content/posts/${added}/unpublish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(unpublished.status).toBe(200)
    expect(errors).toEqual([])
  })

  it('is not offered to the front desk, and the content API refuses its session', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, await createAccount('front_desk'))
    const nav = await page.$$eval('nav[aria-label="Dashboard"] a', (links) =>
      links.map((link) => link.textContent),
    )
    expect(nav).not.toContain('Content')
    const status = await page.evaluate(
      async () => (await fetch('/api/admin/content/posts', { credentials: 'include' })).status,
    )
    expect(status).toBe(403)
    await page.goto(`${baseUrl()}/en/admin/content/`)
    await page.waitForSelector('::-p-aria([name="Page not found"][role="heading"])')
    expect(errors).toEqual([])
  })
})
