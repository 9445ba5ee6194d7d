import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { clickButton, fill, fillContact, messages } from './widget-helpers'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/** The class's form for the visitor and two guests, chosen before the time as the flow asks. */
async function detailsForm(page: Page) {
  await page.goto(`${baseUrl()}/en/widget/bookings/pilates-class`)
  await clickButton(page, 'Any available staff')
  await clickButton(page, 'Add a guest')
  await clickButton(page, 'Add a guest')
  await clickButton(page, 'Find next available slot')
  const slot = await page.waitForSelector('.widget-slot')
  await slot!.click()
  await page.waitForSelector('::-p-text(Your details)')
}

describe("the booking form's messages", () => {
  it("show the spec's words beside each field", async () => {
    const { page } = await openPage(browser)
    await detailsForm(page)
    await clickButton(page, 'Book now')
    await page.waitForSelector('.widget-field__error')
    expect(await messages(page)).toEqual([
      'First name is required.',
      'Last name is required.',
      'Email is required',
      'Name is required',
      'Email is required',
      'Name is required',
      'Email is required',
    ])

    await fillContact(page, 'not-an-email')
    await fill(page, 'Phone', '12')
    await fill(page, 'Guest 2: name', 'Bo Berg')
    await fill(page, 'Guest 3: name', '<script>')
    await fill(page, 'Guest 2: email', 'same@example.com')
    await fill(page, 'Guest 3: email', 'same@example.com')
    await clickButton(page, 'Book now')
    expect(await messages(page)).toEqual([
      'Email is invalid!',
      'Invalid phone number',
      'Name is invalid',
      'Email ID must be unique for guests.',
    ])

    await fill(page, 'Guest 2: email', 'bo@')
    await clickButton(page, 'Book now')
    await page.waitForSelector('::-p-text(Email is invalid!)')
  })

  it('check a guest count as soon as it is typed, before the time', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/widget/bookings/pilates-class`)
    await clickButton(page, 'Any available staff')
    await page.locator('::-p-aria([name="I only know how many people are coming"])').click()
    await fill(page, 'Number of people', '0', 'spinbutton')
    await page.waitForSelector('::-p-text(Guest count should be between 1 and 100)')
    await fill(page, 'Number of people', '101', 'spinbutton')
    await page.waitForSelector('::-p-text(Guest count should be between 1 and 100)')
    // More than the class takes in one booking (four): said before any time is offered.
    await fill(page, 'Number of people', '5', 'spinbutton')
    await page.waitForSelector('::-p-text(You can reserve up to 4 slots for this service.)')
  })

  it("ask for a service for every guest on a team's page", async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/widget/appointment/harbor-physio`)
    await page.waitForSelector('fieldset.widget-person input[type="checkbox"]')
    await page.click('fieldset.widget-person input[type="checkbox"]')
    await clickButton(page, 'Add a guest')
    await clickButton(page, 'Continue')
    const alert = await page.waitForSelector('[role="alert"]')
    expect(await alert!.evaluate((el) => el.textContent)).toBe(
      'Please ensure you select services for all guests before proceeding',
    )
  })
})
