/**
 * The all-languages walks (issue 28) compare what a reader sees in each language with what the
 * same screen or e-mail says in English: a piece of text left equal to its English one was
 * forgotten by the translation, unless it is a name or another value that is the same in every
 * language. Pure, so the e-mail walk (server) and the dashboard walk (components) share it.
 */

/**
 * Where a reader's eye stops: lines, sentences, a "label: value" pair's halves, list items
 * (`a, b`), the parts of a calendar title (`services · provider`), a name and its address. Split
 * that finely, a service name left in English stands out even inside a translated sentence.
 */
const BREAKS = [
  /\n+/,
  // A sentence ends after a word of two or more small letters: "Dr. Lena Vogel" stays whole.
  /(?<=\p{Ll}{2}[.!?])\s+/u,
  /:\s+/,
  /,\s+/,
  /\s+·\s+/,
  // "Bo Berg <bo@example.com>": a name and its address.
  /\s+(?=<)/,
]

/** Text a translation leaves alone: it has no letters (prices, times, numbers, punctuation). */
const hasWords = (text: string) => /\p{L}/u.test(text)

export function segmentsOf(text: string): string[] {
  let pieces = [text]
  for (const pattern of BREAKS) pieces = pieces.flatMap((piece) => piece.split(pattern))
  return pieces.map(wordsOf).filter(hasWords)
}

/**
 * A piece without what only frames it: a closing comma or colon ("Kind regards,"), a list's
 * middle dot, brackets around an e-mail address or a count ("<bo@example.com>", "(2 dates)").
 */
function wordsOf(piece: string): string {
  const bare = piece
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^·\s*/u, '')
    .replace(/\s*[·,;:]$/u, '')
  return /^[(<[].*[)>\]]$/u.test(bare) ? bare.slice(1, -1) : bare
}

/**
 * Values that are the same in every language, each with why: it is data (a name, an address) or
 * a word that language shares with English. A value allows its segments too, so an address or a
 * list of names is written once as it is shown.
 */
export type SameInEveryLanguage = Readonly<Record<string, string>>

export function allowedSegments(allowed: SameInEveryLanguage): Set<string> {
  return new Set(Object.keys(allowed).flatMap((value) => [value, ...segmentsOf(value)]))
}

/**
 * The segments of `translated` that are equal to a segment of the English `english` and not
 * `allowed`: each one a string the translation forgot. Sorted and unique, for a stable message.
 */
export function untranslatedSegments(
  english: string[],
  translated: string[],
  allowed: (segment: string) => boolean,
): string[] {
  const englishSegments = new Set(english.flatMap(segmentsOf))
  return [
    ...new Set(
      translated
        .flatMap(segmentsOf)
        .filter((segment) => englishSegments.has(segment) && !allowed(segment)),
    ),
  ].sort()
}
