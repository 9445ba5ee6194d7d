import type { Locale } from './locales'

/**
 * The pieces of the site's, the widget's and the dashboard's messages (locales/<lng>/*.json) that
 * a language writes as English does, each with why; `{name}` stands for a placeholder's value.
 * Anything else equal to English is a forgotten translation: same-as-english.test.ts holds the
 * message files to this list, and the all-languages walks allow these pieces on every screen.
 */

const SAME_WORD = 'the same word in this language'
const LOANWORD = 'the English word this language uses for it'
const NAME = 'a technical name, written the same in every language'

/** In every language. */
const EVERYWHERE: Readonly<Record<string, string>> = {
  'Harbor Physio': 'the clinic’s name (a brand)',
  URL: NAME,
  'HTTP {code}': NAME,
  'https://www.example.com': 'an example web address',
  '{width} × {height} px': 'an image’s size in pixels, written the same in every language',
}

export const SAME_AS_ENGLISH: Readonly<Record<Exclude<Locale, 'en'>, Record<string, string>>> = {
  da: {
    'Book {name}': SAME_WORD,
    Booking: LOANWORD,
    'Booking {id}': LOANWORD,
    'E-mail': SAME_WORD,
    Link: LOANWORD,
    Links: LOANWORD,
    Logo: SAME_WORD,
    logo: SAME_WORD,
    Popup: LOANWORD,
    Reservation: SAME_WORD,
    Send: SAME_WORD,
    Slug: LOANWORD,
    Start: SAME_WORD,
    Status: SAME_WORD,
    Tag: LOANWORD,
    tag: LOANWORD,
    Tags: LOANWORD,
    Type: SAME_WORD,
    Version: SAME_WORD,
    Webhooks: NAME,
    'version {version}': SAME_WORD,
    'version {version}.': SAME_WORD,
  },
  de: {
    Details: SAME_WORD,
    'In {currency}': SAME_WORD,
    Link: SAME_WORD,
    Links: SAME_WORD,
    Logo: SAME_WORD,
    Name: SAME_WORD,
    'Name ({language})': SAME_WORD,
    'Option {n}': SAME_WORD,
    Optional: SAME_WORD,
    Popup: LOANWORD,
    Slug: LOANWORD,
    Status: SAME_WORD,
    Webhooks: NAME,
  },
  es: {
    Editor: SAME_WORD,
    Legal: SAME_WORD,
    No: SAME_WORD,
    Slug: LOANWORD,
    Total: SAME_WORD,
    Webhooks: NAME,
    '{minutes} min': 'the same abbreviation in this language',
  },
  fr: {
    Collections: SAME_WORD,
    Action: SAME_WORD,
    Active: SAME_WORD,
    Actions: SAME_WORD,
    Confirmation: SAME_WORD,
    Contact: SAME_WORD,
    Date: SAME_WORD,
    Description: SAME_WORD,
    'Description ({language})': SAME_WORD,
    'E-mail': SAME_WORD,
    Image: SAME_WORD,
    Images: SAME_WORD,
    Logo: SAME_WORD,
    logo: SAME_WORD,
    'Option {n}': SAME_WORD,
    Options: SAME_WORD,
    Page: SAME_WORD,
    'Page {n}': SAME_WORD,
    Pages: SAME_WORD,
    Photo: SAME_WORD,
    Question: SAME_WORD,
    'Question {n}': SAME_WORD,
    Questions: SAME_WORD,
    Site: SAME_WORD,
    Slug: LOANWORD,
    Total: SAME_WORD,
    Type: SAME_WORD,
    Version: SAME_WORD,
    Webhooks: NAME,
    'version {version}.': SAME_WORD,
    '{count} minute': SAME_WORD,
    '{count} minutes': SAME_WORD,
    '{minutes} min': 'the same abbreviation in this language',
    '{number} dates': SAME_WORD,
  },
  hu: {
    'E-mail': SAME_WORD,
    Link: LOANWORD,
    Slug: LOANWORD,
  },
  it: {
    'Account {id}': LOANWORD,
    'E-mail': LOANWORD,
    Email: LOANWORD,
    email: LOANWORD,
    'In {currency}': SAME_WORD,
    Link: LOANWORD,
    Logo: SAME_WORD,
    logo: SAME_WORD,
    Media: LOANWORD,
    No: SAME_WORD,
    Password: LOANWORD,
    Popup: LOANWORD,
    Slug: LOANWORD,
    Tag: LOANWORD,
    tag: LOANWORD,
    '{minutes} min': 'the same abbreviation in this language',
  },
  nl: {
    'Account {id}': LOANWORD,
    Contact: SAME_WORD,
    Dashboard: LOANWORD,
    Details: SAME_WORD,
    'E-mail': SAME_WORD,
    'In {currency}': SAME_WORD,
    Label: SAME_WORD,
    Link: SAME_WORD,
    Links: SAME_WORD,
    Logo: SAME_WORD,
    logo: SAME_WORD,
    Media: SAME_WORD,
    Site: LOANWORD,
    Slug: LOANWORD,
    Status: SAME_WORD,
    Tag: LOANWORD,
    Tags: LOANWORD,
    Webhooks: NAME,
    Week: SAME_WORD,
    '{minutes} min': 'the same abbreviation in this language',
  },
  pl: {
    'E-mail': SAME_WORD,
    Link: LOANWORD,
    Logo: SAME_WORD,
    logo: SAME_WORD,
    Slug: LOANWORD,
    Status: SAME_WORD,
    Tag: LOANWORD,
    tag: LOANWORD,
    '{minutes} min': 'the same abbreviation in this language',
  },
  'pt-br': {
    Editor: SAME_WORD,
    post: LOANWORD,
    Posts: LOANWORD,
    posts: LOANWORD,
    'E-mail': SAME_WORD,
    Link: LOANWORD,
    Links: LOANWORD,
    Site: SAME_WORD,
    Slug: LOANWORD,
    Status: SAME_WORD,
    Tag: LOANWORD,
    tag: LOANWORD,
    Tags: LOANWORD,
    Total: SAME_WORD,
    Webhooks: NAME,
    '{minutes} min': 'the same abbreviation in this language',
  },
  pt: {
    Editor: SAME_WORD,
    'E-mail': SAME_WORD,
    Site: SAME_WORD,
    Slug: LOANWORD,
    Total: SAME_WORD,
    Webhooks: NAME,
    '{minutes} min': 'the same abbreviation in this language',
  },
}

/** The pieces `locale` may leave as English writes them, with every place the reason applies. */
export function sameAsEnglishEntries(locale: Exclude<Locale, 'en'>): Record<string, string> {
  return { ...EVERYWHERE, ...SAME_AS_ENGLISH[locale] }
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')

/**
 * Whether a piece of a screen in `locale` is one of the pieces it shares with English, its
 * placeholders filled in with anything ("Booking 12" for "Booking {id}").
 */
export function sameAsEnglishIn(locale: Exclude<Locale, 'en'>): (piece: string) => boolean {
  const patterns = Object.keys(sameAsEnglishEntries(locale)).map(
    (entry) => new RegExp(`^${escape(entry).replace(/\{\w+\}/g, '.+')}$`, 'u'),
  )
  return (piece) => patterns.some((pattern) => pattern.test(piece))
}
