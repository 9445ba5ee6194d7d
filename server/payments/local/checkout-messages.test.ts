import { LOCALES } from '../../../src/lib/locale/locales'
import { CHECKOUT_MESSAGES } from './checkout-messages'

const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('the local checkout page’s messages', () => {
  it.each(LOCALES.map((locale) => [locale]))(
    '%s has every message, with the same placeholders as English',
    (locale) => {
      const messages: Record<string, string> = CHECKOUT_MESSAGES[locale]
      for (const [key, english] of Object.entries(CHECKOUT_MESSAGES.en)) {
        expect(messages[key]?.trim()).toBeTruthy()
        expect(placeholders(messages[key] as string)).toEqual(placeholders(english))
      }
    },
  )
})
