import type { Browser } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { E2E_ADMIN_TOKEN } from './server-process'
import { api, clickButton, fill, messages } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

const choose = async (page: Awaited<ReturnType<typeof openPage>>['page'], name: string) => {
  const radio = await page.waitForSelector(`::-p-aria([name="${name}"][role="radio"])`)
  await radio!.click()
}

describe('the satisfaction survey', () => {
  it('follows its rule, keeps answers on the way back, and stores the response', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto(`${baseUrl()}/en/widget/survey/satisfaction/`)
    await page.waitForSelector('::-p-aria([name="How was your visit?"][role="heading"])')
    expect(await page.$('::-p-aria([name="Page 1 of 2"][role="progressbar"])')).not.toBeNull()

    await clickButton(page, 'Next')
    await page.waitForSelector('.widget-field__error')
    expect(await messages(page)).toEqual(['This field is required.', 'This field is required.'])

    await choose(page, '4 stars')
    // Answering "No" shows the follow-up question, which is required too.
    expect(await page.$('::-p-aria([name="What would make you come back?"])')).toBeNull()
    await choose(page, 'No')
    await page.waitForSelector('::-p-aria([name="What would make you come back?"])')
    await clickButton(page, 'Next')
    await page.waitForSelector('::-p-text(This field is required.)')
    await fill(page, 'What would make you come back?', 'Evening hours')
    await clickButton(page, 'Next')

    await page.waitForSelector('::-p-aria([name="Page 2 of 2"][role="progressbar"])')
    await clickButton(page, 'Back')
    await page.waitForSelector('::-p-aria([name="Page 1 of 2"][role="progressbar"])')
    const kept = await page.$eval('textarea', (el) => (el as HTMLTextAreaElement).value)
    expect(kept).toBe('Evening hours')
    await clickButton(page, 'Next')
    await choose(page, '9')
    await clickButton(page, 'Send')
    await page.waitForSelector('::-p-text(Thank you for your answers!)')

    const forms = await api<{ forms: { id: number; slug: string }[] }>('/admin/forms', {
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    })
    const survey = forms.forms.find((form) => form.slug === 'satisfaction')!
    const { responses } = await api<{ responses: { answers: object }[] }>(
      `/admin/forms/${survey.id}/responses`,
      { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } },
    )
    expect(responses[0]!.answers).toEqual({
      rating: 4,
      return: 'no',
      improve: 'Evening hours',
      nps: 9,
    })
    expect(errors).toEqual([])
  })
})
