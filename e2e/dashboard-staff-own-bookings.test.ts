import type { Browser } from 'puppeteer-core'
import { launchBrowser, openPage } from './browser'
import { bookNext, createAccount, demoSetup, signIn } from './dashboard-helpers'
import { clickButton, fill } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

describe('the dashboard, signed in as a staff member', () => {
  it('shows only that staff member’s bookings', async () => {
    const { staff } = await demoSetup()
    const ana = staff('Ana Costa')
    await bookNext('consultation', ana.id, {
      firstName: 'Olga',
      lastName: 'Ownbooking',
      email: 'olga.own@example.com',
    })
    await bookNext('consultation', staff('Dr. Lena Vogel').id, {
      firstName: 'Otto',
      lastName: 'Otherstaff',
      email: 'otto.other@example.com',
    })

    const { page, errors } = await openPage(browser)
    await signIn(page, await createAccount('staff', ana.id))
    // Settings are not a staff member's: no users, no audit log.
    expect(await page.$('::-p-aria([name="Users"][role="link"])')).toBeNull()
    expect(await page.$('::-p-aria([name="Audit log"][role="link"])')).toBeNull()

    await fill(page, 'Name or e-mail', 'Ownbooking', 'searchbox')
    await clickButton(page, 'Apply filters')
    await page.waitForSelector('::-p-text(Olga Ownbooking)')

    await fill(page, 'Name or e-mail', 'Otherstaff', 'searchbox')
    await clickButton(page, 'Apply filters')
    await page.waitForSelector('::-p-text(No bookings here.)')
    expect(await page.$('::-p-text(Otto Otherstaff)')).toBeNull()
    expect(errors).toEqual([])
  })
})
