import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { createAccount, signIn } from './dashboard-helpers'
import { clickButton, clickLink, fill } from './widget-helpers'

const SERVICE = 'Back rehabilitation programme (4 weeks)'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('an admin leaves a form with typed values for another screen', () => {
  it('is asked first, stays with what was typed when keeping it, and leaves once they agree', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, await createAccount('admin'))
    await clickLink(page, 'Services')
    await clickButton(page, `Edit ${SERVICE}`)
    await page.waitForSelector(`::-p-aria([name="Edit ${SERVICE}"][role="heading"])`)
    await fill(page, 'Price per seat', '275')

    // The browser's own question, in the dashboard's words; the first time kept, the second not.
    const questions: string[] = []
    page.on('dialog', (dialog) => {
      questions.push(dialog.message())
      void (questions.length === 1 ? dialog.dismiss() : dialog.accept())
    })
    await clickLink(page, 'Staff')
    expect(questions).toEqual([
      'Discard your changes?\nWhat you typed in this form has not been saved.',
    ])
    const price = await page.waitForSelector('::-p-aria([name="Price per seat"][role="textbox"])')
    expect(await price!.evaluate((input) => (input as HTMLInputElement).value)).toBe('275')
    expect(page.url()).toMatch(/\/admin\/services\/$/)

    await clickLink(page, 'Staff')
    await page.waitForSelector('::-p-aria([name="Staff"][role="heading"])')
    expect(questions).toHaveLength(2)
    expect(page.url()).toMatch(/\/admin\/staff\/$/)
    expect(errors).toEqual([])
  })
})
