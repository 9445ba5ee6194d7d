import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'puppeteer-core'
import { baseUrl, launchBrowser, openPage } from './browser'
import { bookThroughApi, clickButton, fillContact } from './widget-helpers'
import { sameAsEnglishIn } from '../src/lib/locale/same-as-english'
import { allowedSegments, untranslatedSegments } from '../src/lib/locale/untranslated'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

const LOCALES = ['da', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt-br', 'pt'] as const
type Locale = (typeof LOCALES)[number]

/*
 * What reads the same in every language on these pages, each with why: the demo clinic's and the
 * journey's data, and names. Words a language shares with English are in same-as-english.ts, as
 * for the e-mail and dashboard walks.
 */
const SAME_IN_EVERY_LANGUAGE = allowedSegments({
  'Harbor Physio, Hafenstraße 12, 20459 Hamburg': 'the clinic’s name and address',
  'hello@harbor-physio.example': 'the clinic’s e-mail address',
  'Dr. Lena Vogel': 'a staff member’s name',
  'Marco Rossi': 'a staff member’s name',
  'Ana Costa': 'a staff member’s name',
  'Ana Silva': 'the visitor’s name as the journey typed it',
  Google: 'a calendar product',
  Outlook: 'a calendar product',
  'Outlook / iCal (.ics)': 'calendar products and the file type',
  'iCloud (.ics)': 'a calendar product and the file type',
  Dansk: 'the language switcher names each language in itself',
  Deutsch: 'the language switcher names each language in itself',
  'English (US)': 'the language switcher names each language in itself',
  Español: 'the language switcher names each language in itself',
  Français: 'the language switcher names each language in itself',
  Magyar: 'the language switcher names each language in itself',
  Italiano: 'the language switcher names each language in itself',
  Nederlands: 'the language switcher names each language in itself',
  Polski: 'the language switcher names each language in itself',
  'Português (Brasil)': 'the language switcher names each language in itself',
  'Português (Portugal)': 'the language switcher names each language in itself',
  UTC: 'a time-zone name',
  'Europe/Berlin': 'a time-zone name',
  '✱': 'the mark of "any available staff"',
  'November 2026': 'the calendar’s month: German writes it as English does',
})

const messages = (locale: string): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, '..', 'locales', locale, 'translation.json'), 'utf8'),
  )

/** Every text a visitor reads or hears on the page: visible text, labels, placeholders, alt. */
const textsOf = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const texts = new Set<string>()
    const visible = (element: Element) => {
      const style = getComputedStyle(element)
      return style.display !== 'none' && style.visibility !== 'hidden'
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue
      if (!visible(parent) && !parent.closest('.visually-hidden, .sr-only')) continue
      const text = node.textContent?.replace(/\s+/g, ' ').trim()
      if (text) texts.add(text)
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'alt']) {
        const text = element.getAttribute(name)?.trim()
        if (text) texts.add(text)
      }
    }
    return [...texts]
  })

type Walk = Record<string, string[]>

/** Opens each widget page and step in `locale` and collects what it says, page by page. */
async function walk(
  page: Page,
  locale: Locale,
  tokens: { consultation: string; deposit: string },
): Promise<Walk> {
  const t = messages(locale)
  const seen: Walk = {}
  const at = async (name: string, url: string, ready: string) => {
    await page.goto(`${baseUrl()}/${locale}/widget/${url}`)
    await page.waitForSelector(ready)
    seen[name] = await textsOf(page)
  }
  const heading = 'main h2, main [role="alert"]'
  await at('services', 'appointment/harbor-physio', heading)
  await at('group', 'groups/physiotherapy', heading)
  await at('service menu', 'service-menus/our-services', heading)
  await at('form', 'form/new-patient-intake/', 'main form')
  await at('survey', 'survey/satisfaction/', 'main form')
  await at('spent one-time link', 'otl/no-such-link', '#expired-link-title')
  await at('unknown page', 'unknown-flow', '.error-screen')
  await at('cancel', `cancel-booking?token=${tokens.consultation}`, '.widget-details')
  await at('verify payment', `verifyPayment?token=${tokens.deposit}`, '.widget-payment')
  await at(
    'reschedule',
    `bookings/consultation?reschedule=${tokens.consultation}`,
    '.widget-calendar',
  )

  await at('staff', 'bookings/consultation', heading)
  await clickButton(page, t['widget.anyStaff']!)
  await clickButton(page, t['widget.findNextSlot']!)
  const slot = await page.waitForSelector('.widget-slot')
  seen.times = await textsOf(page)
  await slot!.click()
  await page.waitForSelector(`::-p-aria([name="${t['widget.field.firstName']}"][role="textbox"])`)
  seen.details = await textsOf(page)
  await fillContact(page, `every.language.${locale}@example.com`, {
    firstName: t['widget.field.firstName']!,
    lastName: t['widget.field.lastName']!,
    email: t['widget.field.email']!,
    phone: t['widget.field.phone']!,
  })
  await clickButton(page, t['widget.book']!)
  await page.waitForSelector(`::-p-text(${t['widget.thankYou']})`)
  seen.confirmation = await textsOf(page)
  return seen
}

describe('every widget page speaks the visitor language', () => {
  it('in all eleven languages, nothing reads as in English but names and figures', async () => {
    // Bookings made through the API three weeks out, for the pages that manage or pay for one.
    const booked = (slug: string) =>
      bookThroughApi(slug, {
        email: 'every.language@example.com',
        daysAhead: 21,
        termsAccepted: true,
      })
    const tokens = {
      consultation: (await booked('consultation')).manageToken,
      deposit: (await booked('shockwave-therapy')).manageToken,
    }
    const { page, errors } = await openPage(browser)
    await page.emulateTimezone('Europe/Berlin')
    const english = Object.values(await walk(page, 'en', tokens)).flat()
    const untranslated: string[] = []
    for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
      const sameWord = sameAsEnglishIn(locale)
      const allowed = (segment: string) => SAME_IN_EVERY_LANGUAGE.has(segment) || sameWord(segment)
      for (const [name, texts] of Object.entries(await walk(page, locale, tokens))) {
        for (const text of untranslatedSegments(english, texts, allowed)) {
          untranslated.push(`${locale} ${name}: ${text}`)
        }
      }
    }
    expect(untranslated).toEqual([])
    expect(errors).toEqual([])
  }, 300_000)
})
