import fs from 'node:fs'
import path from 'node:path'
import { LOCALES, type Locale } from './locales'
import { SAME_AS_ENGLISH, sameAsEnglishEntries, sameAsEnglishIn } from './same-as-english'
import { segmentsOf } from './untranslated'

type Messages = Record<string, string>

const LOCALES_DIR = path.resolve(__dirname, '../../../locales')
const read = (locale: Locale): Messages =>
  Object.assign(
    {},
    ...['translation', 'admin'].map(
      (ns) =>
        JSON.parse(
          fs.readFileSync(path.join(LOCALES_DIR, locale, `${ns}.json`), 'utf8'),
        ) as Messages,
    ),
  ) as Messages

const en = read('en')
const PLURAL = /_(zero|one|two|few|many|other)$/
/** The English message a key is compared with: en's `_other` form for every plural form. */
const englishOf = (key: string) => en[key] ?? en[key.replace(PLURAL, '_other')]

/** A piece with words of its own: not only placeholders and punctuation ("{label} ({language})"). */
const hasOwnWords = (piece: string) => /\p{L}/u.test(piece.replace(/\{\w+\}/g, ''))

/** Each piece of `locale`'s messages equal to a piece of the English message, with its keys. */
function sameAsEnglish(locale: Locale): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const [key, value] of Object.entries(read(locale))) {
    const english = englishOf(key)
    if (english === undefined) continue
    const englishPieces = new Set(segmentsOf(english))
    for (const piece of segmentsOf(value).filter(hasOwnWords)) {
      if (englishPieces.has(piece)) found.set(piece, [...(found.get(piece) ?? []), key])
    }
  }
  return found
}

const others = LOCALES.filter((locale): locale is Exclude<Locale, 'en'> => locale !== 'en')

describe.each(others)('%s messages', (locale) => {
  const found = sameAsEnglish(locale)

  it('leave nothing in English but the words listed as the same in this language', () => {
    const allowed = sameAsEnglishEntries(locale)
    const forgotten = [...found].filter(([piece]) => !(piece in allowed))
    expect(forgotten.map(([piece, keys]) => `${piece} (${keys.join(', ')})`)).toEqual([])
  })

  it('list no word the language no longer shares with English', () => {
    expect(Object.keys(SAME_AS_ENGLISH[locale]).filter((piece) => !found.has(piece))).toEqual([])
  })
})

describe('a listed word on a screen', () => {
  it('matches with its placeholders filled in, and nothing more', () => {
    const danish = sameAsEnglishIn('da')
    expect(danish('Booking 12')).toBe(true)
    expect(danish('Booking')).toBe(true)
    expect(danish('Bookings')).toBe(false)
    expect(danish('Status')).toBe(true)
    expect(sameAsEnglishIn('de')('Booking 12')).toBe(false)
  })
})
