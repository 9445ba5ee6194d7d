import type http from 'node:http'
import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { ALLOWED_HOST, hostPage, startHost, stopHost, widgetFrame } from './embed-host'

let browser: Browser
let host: http.Server

beforeAll(async () => {
  browser = await launchBrowser()
  host = await startHost(
    hostPage("Harbor('inline',{el:'#booking',path:'appointment/harbor-physio/consultation'})"),
  )
})

afterAll(async () => {
  await browser.close()
  await stopHost(host)
})

const HOST_VIEWPORT = { width: 420, height: 760 }

describe('a widget embedded inline on a phone-sized host page', () => {
  it('grows with its content, so the host page scrolls to the times and the frame never does', async () => {
    const { page, errors } = await openPage(browser)
    await page.setViewport(HOST_VIEWPORT)
    await page.goto(ALLOWED_HOST)
    const frame = await widgetFrame(page, '#booking')
    await (await frame.waitForSelector(
      '::-p-aria([name="Any available staff"][role="button"])',
    ))!.click()
    await (await frame.waitForSelector(
      '::-p-aria([name="Find next available slot"][role="button"])',
    ))!.click()
    // The times: the buttons named like "9:00 AM" in the list of the day's slots.
    const times = async () => {
      const buttons = await frame.$$('::-p-aria([role="list"]) ::-p-aria([role="button"])')
      const named = await Promise.all(
        buttons.map(async (button) => ({
          button,
          name: await button.evaluate((element) => element.textContent ?? ''),
        })),
      )
      return named.filter(({ name }) => /^\d{1,2}:\d{2}/.test(name))
    }
    await frame.waitForFunction(() => document.querySelectorAll('ul li button').length > 0)
    // The frame takes its content's height once the times are in (a resize message, then a frame).
    const iframe = (await page.$('#booking iframe'))!
    await page.waitForFunction(
      () => {
        const element = document.querySelector('#booking iframe')!
        return element.clientHeight > 760
      },
      { timeout: 10_000 },
    )
    // No scrollbar inside: the page in the frame is no taller than the frame. The content may
    // grow again after the frame first passed the host's height, each growth followed by a
    // resize message of its own: the frame must catch up with the last one.
    await frame.waitForFunction(
      () => document.documentElement.scrollHeight <= document.documentElement.clientHeight,
      { timeout: 10_000 },
    )
    const inner = await frame.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      clientHeight: document.documentElement.clientHeight,
    }))
    expect(inner.scrollHeight).toBeLessThanOrEqual(inner.clientHeight)
    const frameBox = (await iframe.boundingBox())!
    expect(Math.round(frameBox.height)).toBe(inner.clientHeight)

    const all = await times()
    expect(all.length).toBeGreaterThan(0)
    const last = all[all.length - 1]!
    // The last time is below the host page's fold: only scrolling the host page reaches it.
    const offset = await last.button.evaluate((element) => element.getBoundingClientRect().bottom)
    const frameTop = await iframe.evaluate((element) => element.getBoundingClientRect().top)
    expect(frameTop + offset).toBeGreaterThan(HOST_VIEWPORT.height)
    await page.evaluate((y) => window.scrollTo(0, y), frameTop + offset - HOST_VIEWPORT.height + 40)
    const inView = await iframe.evaluate(
      (element, bottom) => element.getBoundingClientRect().top + bottom <= window.innerHeight,
      offset,
    )
    expect(inView).toBe(true)
    // The frame itself has not scrolled: the host page did.
    expect(await frame.evaluate(() => window.scrollY)).toBe(0)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await page.screenshot({ path: '/tmp/embed-inline-phone-times.png' })
    await last.button.click()
    await frame.waitForSelector('::-p-aria([name="First name"][role="textbox"])')
    expect(errors).toEqual([])
  })
})
