import type { EpochMs } from './index'
import { countryOfZone } from './zone-countries'

/** A zone as the time-zone picker offers it, with the words a visitor may search it by. */
export interface ZoneChoice {
  zone: string
  /** The last part of the zone's name, readable: 'America/Los_Angeles' is 'Los Angeles'. */
  city: string
  /** The zone's country in the visitor's language ('Japan'), undefined for 'UTC'. */
  country: string | undefined
  /** Normalized search words: name, city, countries, ICU's names for the zone, abbreviations. */
  terms: string[]
  abbreviations: string[]
}

/** An hour cycle the visitor chose, or undefined for the language's own. */
export type HourCycle = 'h12' | 'h23' | undefined

// Where CLDR's timeData allows both an AM/PM clock (h) and a 24-hour one (H) for the region,
// the visitor may switch; elsewhere (Denmark: H only; Germany, France: H and hB, a day-period
// clock, not AM/PM) the language's clock is the only one offered.
const REGIONS_WITH_BOTH_CLOCKS = new Set(['US', 'ES', 'HU', 'IT', 'PL'])

// ICU gives a zone's common abbreviation only in the languages where it is used (JST in
// Japanese, IST in Indian English, CET in British English); these cover the widely used ones.
const ABBREVIATION_LANGUAGES = ['en-US', 'en-GB', 'en-IN', 'en-AU', 'en-NZ', 'ja']
const OFFSET_NAME = /^(GMT|UTC)([+\-−]|$)/

/** Lower case without accents, so 'Zürich' is found by 'zurich' and 'São' by 'sao'. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
}

function zoneName(
  zone: string,
  languageTag: string,
  style: 'short' | 'shortGeneric' | 'longGeneric',
  at: EpochMs,
): string {
  const parts = new Intl.DateTimeFormat(languageTag, { timeZone: zone, timeZoneName: style })
  return parts.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? ''
}

function abbreviationsOf(zone: string, languageTag: string, now: EpochMs): string[] {
  const year = new Date(now).getUTCFullYear()
  // Winter and summer: CET and CEST, EST and EDT.
  const instants = [Date.UTC(year, 0, 15), Date.UTC(year, 6, 15)]
  const names = new Set<string>()
  for (const language of new Set([languageTag, ...ABBREVIATION_LANGUAGES])) {
    for (const at of instants) {
      const name = zoneName(zone, language, 'short', at)
      if (name && !OFFSET_NAME.test(name)) names.add(name)
    }
  }
  return [...names]
}

/**
 * The picker's zones with what a visitor may type to find them, in the visitor's language: the
 * city, the country (Intl.DisplayNames), ICU's names for the zone ('Moskau (Ortszeit)',
 * 'Mitteleuropäische Zeit') and its abbreviations (JST, MEZ). Built once when the picker opens:
 * a few thousand Intl calls.
 */
export function zoneChoices(zones: string[], languageTag: string, now: EpochMs): ZoneChoice[] {
  const regions = new Intl.DisplayNames([languageTag], { type: 'region' })
  const englishRegions = new Intl.DisplayNames(['en'], { type: 'region' })
  return zones.map((zone) => {
    const code = countryOfZone(zone)
    const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ')
    const country = code ? regions.of(code) : undefined
    const abbreviations = abbreviationsOf(zone, languageTag, now)
    const words = [
      zone,
      city,
      country,
      code ? englishRegions.of(code) : undefined,
      zoneName(zone, languageTag, 'shortGeneric', now),
      zoneName(zone, languageTag, 'longGeneric', now),
      ...abbreviations,
    ]
    // Kept in place (no gaps, no merging) because a term's position is its weight in rank().
    const terms = words.map((word) => normalizeSearch(word ?? ''))
    return { zone, city, country, terms, abbreviations }
  })
}

/** Whether two words are at most one typing slip apart (a letter changed, added, dropped or swapped). */
function oneSlipApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    a.slice(i) === b.slice(i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  )
}

// How well a term matches: the whole term, its start or a word's start, anywhere in it, or one
// slip from a word (another spelling of a place, German 'Tokio' for Tokyo; only for real words).
function termRank(term: string, query: string): number | undefined {
  if (!term) return undefined
  if (term === query) return 0
  const words = term.split(/[\s/,().-]+/).filter(Boolean)
  if (term.startsWith(query) || words.some((word) => word.startsWith(query))) return 1
  if (term.includes(query)) return 2
  if (query.length >= 5 && words.some((word) => oneSlipApart(word, query))) return 3
  return undefined
}

// Terms come name and city first, then countries, then ICU's names: among equally good matches,
// the zone whose own city matches ('Moskau') comes before those sharing its time ('Moskauer Zeit').
function rank(choice: ZoneChoice, query: string): number | undefined {
  let best: number | undefined
  choice.terms.forEach((term, index) => {
    const quality = termRank(term, query)
    if (quality === undefined) return
    const score = quality * 100 + index
    if (best === undefined || score < best) best = score
  })
  return best
}

/** The zones a typed text finds, best first: exact, then starts with, contains, one slip away. */
export function searchZones(choices: ZoneChoice[], text: string): ZoneChoice[] {
  const query = normalizeSearch(text)
  if (!query) return []
  return choices
    .map((choice) => ({ choice, score: rank(choice, query) }))
    .filter((found): found is { choice: ZoneChoice; score: number } => found.score !== undefined)
    .sort((a, b) => a.score - b.score)
    .map((found) => found.choice)
}

/** The time it is now in a zone, in the visitor's language and chosen clock ('3:45 PM', '15:45'). */
export function zoneClock(
  zone: string,
  now: EpochMs,
  languageTag: string,
  hourCycle: HourCycle,
): string {
  return new Intl.DateTimeFormat(languageTag, {
    timeZone: zone,
    hour: 'numeric',
    minute: '2-digit',
    ...(hourCycle ? { hourCycle } : {}),
  }).format(now)
}

/** Whether the visitor's region uses both clocks, so the picker offers a 12/24-hour switch. */
export function offersClockChoice(languageTag: string): boolean {
  const region = new Intl.Locale(languageTag).maximize().region
  return region !== undefined && REGIONS_WITH_BOTH_CLOCKS.has(region)
}

/** Whether times show on a 24-hour clock: the visitor's choice, else the language's own. */
export function isTwentyFourHour(languageTag: string, hourCycle: HourCycle): boolean {
  const format = new Intl.DateTimeFormat(languageTag, { hour: 'numeric' })
  const cycle = hourCycle ?? format.resolvedOptions().hourCycle
  return cycle === 'h23' || cycle === 'h24'
}

/** The language tag with the chosen clock, for any Intl formatter ('de-u-hc-h12'). */
export function withHourCycle(languageTag: string, hourCycle: HourCycle): string {
  return hourCycle ? new Intl.Locale(languageTag, { hourCycle }).toString() : languageTag
}
