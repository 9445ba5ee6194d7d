import type { Browser } from 'puppeteer-core'
import { axeViolations } from './axe'
import { baseUrl, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('the Embed page', () => {
  it.each([360, 1280])(
    'shows the snippets and a live widget, inline and in a popup, at %i px',
    async (width) => {
      const { page, errors, consoleErrors } = await openPage(browser)
      await page.setViewport({ width, height: 900 })
      await page.goto(`${baseUrl()}/en/home/`)
      // Reached from the footer of every page.
      await (await page.waitForSelector(
        '::-p-aria([name="Booking on your website"][role="link"])',
      ))!.click()
      await page.waitForSelector(
        '::-p-aria([name="Embed online booking on your website"][role="heading"])',
      )
      expect(new URL(page.url()).pathname).toBe('/en/embed/')
      for (const heading of ['Load the script', 'Inline', 'Popup', 'Floating button']) {
        await page.waitForSelector(`::-p-aria([name="${heading}"][role="heading"])`)
      }
      const snippets = await page.$$eval('pre code', (codes) =>
        codes.map((code) => code.textContent),
      )
      expect(snippets.join('\n')).toContain(`${baseUrl()}/embed.js`)
      expect(snippets.join('\n')).toContain("Harbor('inline'")

      // The live example: this page's own embed.js frames the widget inline.
      const inline = await page.waitForSelector('::-p-aria([name="Online booking"][role="Iframe"])')
      const frame = (await inline!.contentFrame())!
      await frame.waitForSelector('::-p-aria([name="Any available staff"][role="button"])')
      await page.screenshot({ path: `/tmp/embed-page-${width}.png`, fullPage: true })

      await (await page.waitForSelector(
        '::-p-aria([name="Open the booking popup"][role="button"])',
      ))!.click()
      const dialog = await page.waitForSelector('::-p-aria([name="Online booking"][role="dialog"])')
      const popup = (await (await dialog!.$('iframe'))!.contentFrame())!
      await popup.waitForSelector('::-p-aria([name="Any available staff"][role="button"])')
      await page.screenshot({ path: `/tmp/embed-page-popup-${width}.png` })
      await page.keyboard.press('Escape')
      await page.waitForSelector('[role="dialog"]', { hidden: true })
      expect(errors).toEqual([])
      expect(consoleErrors).toEqual([])
    },
  )

  it('reads in landmarks, at 360 px without scrolling sideways', async () => {
    const { page } = await openPage(browser)
    // axe's script is injected, which the page's policy would refuse.
    await page.setBypassCSP(true)
    await page.setViewport({ width: 360, height: 640 })
    await page.goto(`${baseUrl()}/en/embed/`)
    await page.waitForSelector('::-p-aria([name="Online booking"][role="Iframe"])')
    expect(await axeViolations(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360)
  })

  it('is in every language, and loads embed.js on no other page', async () => {
    const { page } = await openPage(browser)
    const scripts: string[] = []
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname))
    await page.goto(`${baseUrl()}/de/embed/`)
    await page.waitForSelector(
      '::-p-aria([name="Online-Terminbuchung auf Ihrer Website einbinden"][role="heading"])',
    )
    await page.waitForSelector('iframe')
    expect(scripts).toContain('/embed.js')
    scripts.length = 0
    await page.goto(`${baseUrl()}/de/home/`, { waitUntil: 'networkidle0' })
    expect(scripts).not.toContain('/embed.js')
  })
})
