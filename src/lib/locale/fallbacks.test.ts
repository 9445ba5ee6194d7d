import fs from 'node:fs'
import path from 'node:path'
import i18next from 'i18next'
import { messageLanguagesOf } from './fallbacks'
import { DEFAULT_LOCALE, LOCALES } from './locales'

const LOCALES_DIR = path.resolve(__dirname, '../../../locales')
const messagesOf = (language: string) =>
  JSON.parse(
    fs.readFileSync(path.join(LOCALES_DIR, language, 'translation.json'), 'utf8'),
  ) as Record<string, string>

describe('messageLanguagesOf', () => {
  it("loads a language's own messages only: no language falls back to English", () => {
    expect(messageLanguagesOf('en')).toEqual(['en'])
    expect(messageLanguagesOf('de')).toEqual(['de'])
    expect(messageLanguagesOf('pt-br')).toEqual(['pt-br'])
    expect(messageLanguagesOf('hu')).toEqual(['hu'])
    expect(messageLanguagesOf('pl')).toEqual(['pl'])
    expect(messageLanguagesOf('xx')).toEqual([DEFAULT_LOCALE])
  })

  it.each(LOCALES.map((locale) => [locale]))(
    'translates every site key in %s from the languages its pages load',
    async (locale) => {
      const instance = i18next.createInstance()
      await instance.init({
        lng: locale,
        fallbackLng: DEFAULT_LOCALE,
        lowerCaseLng: true,
        keySeparator: false,
        nsSeparator: false,
        resources: Object.fromEntries(
          messageLanguagesOf(locale).map((language) => [
            language,
            { translation: messagesOf(language) },
          ]),
        ),
      })
      const untranslated = Object.keys(messagesOf('en'))
        .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))
        .filter((key) => !instance.exists(key, { count: 1 }) && !instance.exists(key))
      expect(untranslated).toEqual([])
    },
  )
})
