import fs from 'node:fs'
import path from 'node:path'
import i18next from 'i18next'
import { languageTagOf, LOCALES, type Locale } from './locales'

type Messages = Record<string, string>

const LOCALES_DIR = path.resolve(__dirname, '../../../locales')
const CLDR_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const
const PLURAL_SUFFIX = new RegExp(`_(${CLDR_CATEGORIES.join('|')})$`)
const COUNTS = [0, 1, 2, 5, 22]

/** The site's namespace, and the dashboard's, which only the dashboard's page loads. */
const NAMESPACES = ['translation', 'admin'] as const

function fileOf(locale: Locale, ns: (typeof NAMESPACES)[number]): string {
  return path.join(LOCALES_DIR, locale, `${ns}.json`)
}

const readFile = (locale: Locale, ns: (typeof NAMESPACES)[number]) =>
  JSON.parse(fs.readFileSync(fileOf(locale, ns), 'utf8')) as Messages

/** A locale's messages in both files: a key means the same wherever it is kept. */
function read(locale: Locale): Messages {
  return Object.assign({}, ...NAMESPACES.map((ns) => readFile(locale, ns))) as Messages
}

function placeholders(value: string): string[] {
  return [...new Set([...value.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))].sort()
}

function categoriesOf(locale: Locale): Intl.LDMLPluralRule[] {
  return [...new Intl.PluralRules(languageTagOf(locale)).resolvedOptions().pluralCategories]
}

const all = Object.fromEntries(LOCALES.map((locale) => [locale, read(locale)])) as Record<
  Locale,
  Messages
>
const en = all.en

/** Bases of en's plural keys: `widget.minutes` for `widget.minutes_one` and `widget.minutes_other`. */
const pluralBases = [
  ...new Set(
    Object.keys(en)
      .filter((key) => PLURAL_SUFFIX.test(key))
      .map((key) => key.replace(PLURAL_SUFFIX, ''))
      .filter((base) => `${base}_other` in en),
  ),
].sort()
const isPluralKey = (key: string) =>
  PLURAL_SUFFIX.test(key) && pluralBases.includes(key.replace(PLURAL_SUFFIX, ''))
const plainKeys = Object.keys(en).filter((key) => !isPluralKey(key))

/** The en value a locale's key is compared with: en's `_other` form for every plural form. */
function englishFor(key: string): string | undefined {
  return isPluralKey(key) ? en[`${key.replace(PLURAL_SUFFIX, '')}_other`] : en[key]
}

/** The keys a locale must have: every key of en, plural ones in the locale's own categories. */
function expectedKeys(locale: Locale): string[] {
  return [
    ...plainKeys,
    ...pluralBases.flatMap((base) => categoriesOf(locale).map((category) => `${base}_${category}`)),
  ].sort()
}

/** Keys a locale may have beyond the expected ones: plural categories its rules never select. */
function isAllowedExtra(key: string): boolean {
  return isPluralKey(key)
}

async function i18nFor(locale: Locale) {
  const instance = i18next.createInstance()
  await instance.init({
    resources: { en: { translation: en }, [locale]: { translation: all[locale] } },
    lng: locale,
    fallbackLng: 'en',
    // As in gatsby-config: 'pt-br' stays the resource key instead of becoming 'pt-BR'.
    lowerCaseLng: true,
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  })
  return instance
}

describe('locale files', () => {
  it('exist for exactly the eleven locales', () => {
    expect(fs.readdirSync(LOCALES_DIR).sort()).toEqual([...LOCALES].sort())
  })

  it('en has plural keys with every category US English needs', () => {
    expect(pluralBases.length).toBeGreaterThan(0)
    for (const base of pluralBases) {
      for (const category of categoriesOf('en')) expect(en).toHaveProperty([`${base}_${category}`])
    }
  })
})

describe.each(LOCALES.map((locale) => [locale]))('%s messages', (locale) => {
  const messages = all[locale]

  it.each(NAMESPACES.map((ns) => [ns]))(
    '%s.json is sorted by key, 2-space indented, with a trailing newline',
    (ns) => {
      const own = readFile(locale, ns)
      const sorted = Object.fromEntries(
        Object.keys(own)
          .sort()
          .map((key) => [key, own[key]]),
      )
      expect(fs.readFileSync(fileOf(locale, ns), 'utf8')).toBe(
        `${JSON.stringify(sorted, null, 2)}\n`,
      )
    },
  )

  it("keeps the dashboard's messages, and only those, in admin.json", () => {
    expect(Object.keys(readFile(locale, 'admin')).every((key) => key.startsWith('admin.'))).toBe(
      true,
    )
    expect(
      Object.keys(readFile(locale, 'translation')).some((key) => key.startsWith('admin.')),
    ).toBe(false)
  })

  it("has en's keys (with its own plural categories), less only the allowed English fallbacks", () => {
    const missing = expectedKeys(locale).filter((key) => !(key in messages))
    expect(missing).toEqual([])
  })

  it('has no keys en lacks', () => {
    const expected = new Set(expectedKeys(locale))
    const extra = Object.keys(messages).filter((key) => !expected.has(key) && !isAllowedExtra(key))
    expect(extra).toEqual([])
  })

  it('keeps exactly the placeholders of the en value', () => {
    const mismatched = Object.entries(messages)
      .filter(([key]) => englishFor(key) !== undefined)
      .filter(
        ([key, value]) => placeholders(value).join() !== placeholders(englishFor(key) ?? '').join(),
      )
      .map(([key, value]) => `${key}: ${value}`)
    expect(mismatched).toEqual([])
  })

  it('has no empty values', () => {
    const empty = Object.entries(messages)
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key)
    expect(empty).toEqual([])
  })

  it.each(pluralBases.map((base) => [base]))(
    '%s resolves every count to its plural form',
    async (base) => {
      const i18n = await i18nFor(locale)
      const rules = new Intl.PluralRules(languageTagOf(locale))
      for (const count of COUNTS) {
        const text = i18n.t(base, { count })
        const own = messages[`${base}_${rules.select(count)}`]
        expect(text).not.toContain('{count}')
        expect(text).toContain(String(count))
        expect(text).toBe(own?.replaceAll('{count}', String(count)))
      }
    },
  )
})
