import type { Browser } from 'puppeteer-core'
import { axeViolations } from './axe'
import { baseUrl, launchBrowser, openPage } from './browser'
import { createAccount, setDateTime, signIn } from './dashboard-helpers'
import { E2E_ADMIN_TOKEN } from './server-process'
import { instantToZonedDate, instantToZonedTime } from '../src/lib/time'
import { clickButton, moveServerClock } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

const asScript = { 'content-type': 'application/json', authorization: `Bearer ${E2E_ADMIN_TOKEN}` }
const MINUTE = 60_000
const ZONE = 'Europe/Berlin'

describe('scheduled publishing', () => {
  it('publishes a draft at the time an editor chose in the clinic’s zone, moved by the test clock', async () => {
    // A draft of this journey's own, by its author's id from the demo.
    const authors = await fetch(`${baseUrl()}/api/content/authors`).then((response) =>
      response.json(),
    )
    const slug = `scheduled-${Date.now().toString(36)}`
    const title = `Scheduled note ${slug}`
    const created = await fetch(`${baseUrl()}/api/admin/content/posts`, {
      method: 'POST',
      headers: asScript,
      body: JSON.stringify({
        slug,
        authorId: authors.items[0].id,
        translations: [{ locale: 'en', title, body: '<p>Later.</p>' }],
      }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const live = () =>
      fetch(`${baseUrl()}/api/content/posts/${id}`).then((response) => response.status)

    const { page, errors } = await openPage(browser)
    // axe's script is added past the site's Content-Security-Policy.
    await page.setBypassCSP(true)
    await signIn(page, await createAccount('editor'))
    const kind = await page.waitForSelector('::-p-aria([name="Kind"][role="combobox"])')
    await kind!.select('posts')
    await clickButton(page, `Schedule ${title}`)
    await page.waitForSelector(`::-p-aria([name="Schedule “${title}”"][role="region"])`)
    expect(await axeViolations(page)).toEqual([])

    // The next whole minute at least three minutes after the later of the server's clock (other
    // journeys move it) and this one's, typed as the clinic's wall-clock time (Europe/Berlin, the
    // demo's): the server's clock moves a few minutes, less than a hold's expiry moves it.
    const serverNow = await moveServerClock(0)
    const due = Math.ceil((Math.max(serverNow, Date.now()) + 3 * MINUTE) / MINUTE) * MINUTE
    const local = `${instantToZonedDate(due, ZONE)}T${instantToZonedTime(due, ZONE)}`
    await setDateTime(page, 'admin-field-at', local)
    await page
      .locator('::-p-aria([role="region"]) ::-p-aria([name="Schedule"][role="button"])')
      .click()
    await page.waitForSelector(`::-p-text(“${title}” is scheduled: it is published at that time.)`)
    const row = await page.waitForSelector(`::-p-aria([name="${title}"][role="cell"])`)
    const status = await row!.evaluate((cell) => cell.nextElementSibling?.textContent)
    expect(status).toMatch(/^Scheduled for /)

    const listed = await fetch(`${baseUrl()}/api/admin/content/posts`, { headers: asScript })
      .then((response) => response.json())
      .then((body: { items: { id: string; publishAt: string }[] }) =>
        body.items.find((item) => item.id === id),
      )
    const at = Date.parse(listed!.publishAt)
    expect(at).toBe(due)
    expect(await live()).toBe(404)

    // A minute before its time nothing is published; at its time the job runner publishes it.
    const now = await moveServerClock(0)
    await moveServerClock(at - now - MINUTE)
    expect(await live()).toBe(404)
    await moveServerClock(MINUTE)
    expect(await live()).toBe(200)

    // Back to a draft, as the other journeys on this server found the demo.
    const unpublished = await fetch(`${baseUrl()}/api/admin/content/posts/${id}/unpublish`, {
      method: 'POST',
      headers: asScript,
      body: '{}',
    })
    expect(unpublished.status).toBe(200)
    expect(errors).toEqual([])
  })
})
