import type { Browser, KeyInput, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

interface Focused {
  name: string
  date: string | undefined
  available: boolean
  slot: boolean
}

/** What has the keyboard focus: its accessible name as a visitor hears it, and calendar facts. */
const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement
    const label = (element as HTMLInputElement).labels?.[0]?.textContent
    return {
      name: (element.getAttribute('aria-label') ?? label ?? element.textContent ?? '').trim(),
      date: element.dataset.date,
      available: element.classList.contains('widget-day--available'),
      slot: element.classList.contains('widget-slot'),
    }
  })

/**
 * Counts the keys a keyboard visitor presses to move and act (Tab, Enter, arrows). The text they
 * type is the same with any input method and is not counted.
 */
function keyboardOf(page: Page) {
  const presses = { keys: 0, arrows: 0 }
  const press = async (key: KeyInput) => {
    presses.keys += 1
    if (key.startsWith('Arrow')) presses.arrows += 1
    await page.keyboard.press(key)
  }
  const tabTo = async (wanted: (element: Focused) => boolean, what: string) => {
    for (let tab = 0; tab < 40; tab++) {
      await press('Tab')
      const element = await focused(page)
      if (wanted(element)) return element
    }
    throw new Error(`Tab never reached ${what}`)
  }
  return { presses, press, tabTo }
}

describe('booking with the keyboard alone', () => {
  it('needs no arrow key: Tab enters the calendar on the first day with times', async () => {
    const { page, errors } = await openPage(browser)
    const { presses, press, tabTo } = keyboardOf(page)
    await page.goto(`${baseUrl()}/en/widget/bookings/consultation`)
    await page.waitForSelector('::-p-aria([name="Any available staff"][role="button"])')
    await tabTo((element) => element.name.includes('Any available staff'), 'the staff choice')
    await press('Enter')
    await page.waitForSelector('.widget-calendar .widget-day--available')

    let day = await tabTo((element) => element.date !== undefined, 'the calendar')
    // Before the fix Tab entered at the 1st and the visitor arrowed to the first free day.
    while (!day.available) {
      await press('ArrowRight')
      day = await focused(page)
    }
    await press('Enter')
    await page.waitForSelector('.widget-slot')
    await tabTo((element) => element.slot, 'the first time')
    await press('Enter')
    // A visitor tabs once they see the form; Tab pressed while its script still loads lands on
    // the page's body, which made the count depend on the machine's speed (53 once, 32 another; 29 now).
    await page.waitForSelector('::-p-aria([name="First name"][role="textbox"])')

    for (const [label, value] of [
      ['First name', 'Ana'],
      ['Last name', 'Silva'],
      ['Email', 'keyboard.only@example.com'],
      ['Phone', '+49 30 901820'],
    ] as const) {
      await tabTo((element) => element.name.startsWith(label), label)
      await page.keyboard.type(value)
    }
    await tabTo((element) => element.name === 'Book now', 'Book now')
    await press('Enter')
    await page.waitForSelector('::-p-text(Thank you)')

    expect(presses.arrows).toBe(0)
    // Issue 28 asks for at most 45; 29 are measured (the consultation's optional intake questions
    // take 12 of them), one more when the first free day is next month and "Previous month" is a
    // stop too. This keeps the count from growing.
    expect(presses.keys).toBeLessThanOrEqual(30)
    expect(errors).toEqual([])
  })
})
