import os from 'node:os'
import path from 'node:path'
import type { Browser, ElementHandle, Page } from 'puppeteer-core'
import sharp from 'sharp'
import { axeViolations } from './axe'
import { baseUrl, launchBrowser, openPage } from './browser'
import { createAccount, signIn } from './dashboard-helpers'
import { E2E_ADMIN_TOKEN } from './server-process'
import { clickButton, clickLink, fill } from './widget-helpers'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser.close()
})

// A slug of this journey's own: the other journeys on this server never see the post.
const SLUG = `knee-studio-${Date.now().toString(36)}`
const TITLE = 'Five gentle knee exercises'
const GERMAN = 'Fünf sanfte Knieübungen'

interface StudioPost {
  id: string
  slug: string
  status: string
  version: number
  coverImage: { url: string; alt: string; width: number } | null
  translations: {
    locale: string
    title: string
    body: string
    canonicalPath: string
    socialImage: { alt: string; width: number } | null
  }[]
}

// A photo of this journey's own, so another run's library holds a different name.
const PHOTO = `band-${Date.now().toString(36)}.png`

/** The photo as a file on disk, as an editor's computer holds it. */
async function photoFile(): Promise<string> {
  const file = path.join(os.tmpdir(), PHOTO)
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7ca5' } })
    .png()
    .toFile(file)
  return file
}

const studioPost = async (): Promise<StudioPost | undefined> => {
  const response = await fetch(`${baseUrl()}/api/admin/content/posts`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  })
  return ((await response.json()) as { items: StudioPost[] }).items.find(
    (item) => item.slug === SLUG,
  )
}

/** Types into the rich-text body named `label` as a person would, at its end. */
async function typeBody(page: Page, label: string, text: string) {
  const body = await page.waitForSelector(`::-p-aria([name="${label}"][role="textbox"])`)
  await body!.click()
  await page.keyboard.type(text)
}

const clickTab = (page: Page, name: string) =>
  page.locator(`::-p-aria([name="${name}"][role="tab"])`).click()

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('the content studio', () => {
  it('lets an editor write a post in English and German, preview, publish and restore it', async () => {
    const { page, errors } = await openPage(browser)
    await page.setViewport({ width: 1280, height: 900 })
    // axe's script is added past the site's Content-Security-Policy, at the journey's end.
    await page.setBypassCSP(true)
    await signIn(page, await createAccount('editor'))

    // An image uploaded to the media library, with its alt text in English.
    await clickLink(page, 'Media')
    const upload = await page.waitForSelector('#media-upload')
    await (upload as ElementHandle<HTMLInputElement>).uploadFile(await photoFile())
    await page.waitForSelector('::-p-text(Images uploaded: 1.)')
    await clickButton(page, `Alt text ${PHOTO}`)
    await fill(page, 'Alt text (English (US))', 'A resistance band around both knees')
    await clickButton(page, 'Save')
    await page.waitForSelector(`::-p-text(The alt text of ${PHOTO} was saved.)`)
    await clickLink(page, 'Content')

    const kind = await page.waitForSelector('::-p-aria([name="Kind"][role="combobox"])')
    await kind!.select('posts')
    await clickButton(page, 'New post')
    await page.waitForSelector('::-p-aria([name="New post"][role="heading"])')

    await fill(page, 'Slug', SLUG)
    await page.waitForSelector(`::-p-text(On the site: /en/journal/b/${SLUG}/)`)
    await fill(page, 'Title (English (US))', TITLE)
    await fill(page, 'Summary (English (US))', 'Start slowly, twice a day.')
    // A heading, a paragraph, and words that lead to booking.
    const style = await page.waitForSelector('::-p-aria([name="Text style"][role="combobox"])')
    await typeBody(page, 'Text (English (US))', 'Before you start')
    await style!.select('2')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Warm up for five minutes, then book a check-up.')
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.down('Shift')
    for (let left = 'book a check-up'.length; left > 0; left--) {
      await page.keyboard.press('ArrowLeft')
    }
    await page.keyboard.up('Shift')
    await clickButton(page, 'Booking link')
    await page.waitForSelector('::-p-aria([name="book a check-up"][role="link"])')
    // The photo placed at the text's end, with the library's alt text; and as the cover.
    await page.keyboard.press('End')
    await page
      .locator(
        '::-p-aria([name="Text (English (US)): formatting"]) ::-p-aria([name="Image"][role="button"])',
      )
      .click()
    const placing = await page.waitForSelector('::-p-aria([name="Image"][role="group"])')
    await (await placing!.$('select'))!.select(PHOTO)
    await page.locator('::-p-aria([name="Insert"][role="button"])').click()
    const cover = await page.waitForSelector('::-p-aria([name="Cover image"][role="group"])')
    await (await cover!.$('select'))!.select(PHOTO)

    // Where the text is first published, and the image a shared link shows, seen as a card.
    await fill(page, 'Canonical address (English (US))', '/en/journal/b/runners-knee/')
    const shared = await page.waitForSelector(
      '::-p-aria([name="Image when shared (English (US))"][role="group"])',
    )
    await (await shared!.$('select'))!.select(PHOTO)
    await page.waitForSelector(
      `::-p-aria([name="How a link shared on social media shows it"][role="figure"]) img[src^="/api/content/media/${PHOTO}"]`,
    )

    await clickTab(page, 'Deutsch (not written)')
    await page.waitForSelector(
      '::-p-aria([name="In English (US), the default language"][role="region"])',
    )
    await fill(page, 'Title (Deutsch)', GERMAN)
    await typeBody(page, 'Text (Deutsch)', 'Wärmen Sie sich fünf Minuten auf.')
    await page.waitForSelector(`::-p-text(On the site: /de/journal/b/${SLUG}/)`)
    await clickButton(page, 'Save as a draft')
    await page.waitForSelector(`::-p-text(“${TITLE}” was saved as a draft.)`)

    const saved = (await studioPost())!
    expect(saved).toMatchObject({ status: 'draft', version: 1 })
    const english = saved.translations.find((each) => each.locale === 'en')!
    expect(english.body).toBe(
      '<h2>Before you start</h2><p>Warm up for five minutes, then ' +
        '<a href="/widget/appointment/harbor-physio">book a check-up</a>.</p>' +
        `<img src="/api/content/media/${PHOTO}" alt="A resistance band around both knees" width="1200" height="800" />`,
    )
    expect(english).toMatchObject({
      canonicalPath: '/en/journal/b/runners-knee/',
      socialImage: { alt: 'A resistance band around both knees', width: 1200 },
    })
    expect(saved.coverImage).toMatchObject({
      alt: 'A resistance band around both knees',
      width: 1200,
    })
    expect(saved.translations.find((each) => each.locale === 'de')).toMatchObject({
      title: GERMAN,
      body: '<p>Wärmen Sie sich fünf Minuten auf.</p>',
    })

    // Saving never published it; the preview shows the draft as the site will, in German too.
    const published = await fetch(`${baseUrl()}/api/content/posts/${saved.id}`)
    expect(published.status).toBe(404)
    const opened = page
      .browserContext()
      .waitForTarget((target) => target.url().includes(`/v2/preview/journal/b/${SLUG}/`))
    await clickButton(page, `Preview ${TITLE}`)
    const preview = (await (await opened).page())!
    await preview.waitForSelector(`::-p-aria([name="${TITLE}"][role="heading"])`)
    await preview.waitForSelector('::-p-aria([name="book a check-up"][role="link"])')
    await preview.waitForSelector(
      `img[src$="/api/content/media/${PHOTO}"][alt="A resistance band around both knees"]`,
    )
    await preview.goto(preview.url().replace('/en/v2/', '/de/v2/'))
    await preview.waitForSelector(`::-p-aria([name="${GERMAN}"][role="heading"])`)
    await preview.close()

    // An edit, then the first version restored from the history, compared first.
    await clickButton(page, `Edit ${TITLE}`)
    await fill(page, 'Title (English (US))', 'Five knee exercises to skip')
    await clickButton(page, 'Save')
    await page.waitForSelector('::-p-text(“Five knee exercises to skip” was saved.)')
    await clickButton(page, 'History Five knee exercises to skip')
    await clickButton(page, 'Compare version 1')
    const compared = await page.waitForSelector(
      '::-p-aria([name="Version 1 compared with now"][role="region"])',
    )
    expect(await compared!.$eval('del', (del) => del.textContent)).toBe('Removed: gentle ')
    expect(await axeViolations(page)).toEqual([])
    await clickButton(page, 'Restore version 1')
    await page.waitForSelector('::-p-aria([name="Restore version 1?"][role="alertdialog"])')
    await page
      .locator(
        '::-p-aria([name="Restore version 1?"][role="alertdialog"]) ::-p-aria([name="Restore version 1"][role="button"])',
      )
      .click()
    await page.waitForSelector(
      `::-p-text(Version 1 of “Five knee exercises to skip” was restored.)`,
    )
    expect((await studioPost())!.translations.find((each) => each.locale === 'en')!.title).toBe(
      TITLE,
    )

    await clickButton(page, `Publish ${TITLE}`)
    await page
      .locator('::-p-aria([role="alertdialog"]) ::-p-aria([name="Publish"][role="button"])')
      .click()
    await page.waitForSelector(`::-p-text(“${TITLE}” was published.)`)
    const live = await fetch(`${baseUrl()}/api/content/posts/${saved.id}`)
    expect(live.status).toBe(200)
    const titles = ((await live.json()) as StudioPost).translations.map((each) => each.title)
    expect(titles.sort()).toEqual([TITLE, GERMAN].sort())

    // The editor at a phone's width: nothing scrolls sideways, and axe finds nothing.
    await page.setViewport({ width: 360, height: 800 })
    await clickButton(page, `Edit ${TITLE}`)
    await clickTab(page, 'Deutsch')
    await page.waitForSelector('::-p-aria([name="Text (Deutsch)"][role="textbox"])')
    expect(await noSidewaysScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/content-editor-360.png', fullPage: true })
    expect(await axeViolations(page)).toEqual([])
    await page.setViewport({ width: 1280, height: 900 })
    await page.screenshot({ path: '/tmp/content-editor-1280.png', fullPage: true })
    expect(await axeViolations(page)).toEqual([])

    // Unpublished again, as the other journeys on this server found the demo.
    const unpublished = await fetch(`${baseUrl()}/api/admin/content/posts/${saved.id}/unpublish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(unpublished.status).toBe(200)
    expect(errors).toEqual([])
  })
})
