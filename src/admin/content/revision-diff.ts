import { diffWords } from 'diff'
import type { ContentItem, ProductTranslation } from '../../lib/content/types'
import { LOCALES, type Locale } from '../../lib/locale/locales'

/** A piece of a compared text: kept, or only in the older or the newer version. */
export interface Piece {
  text: string
  change: 'kept' | 'removed' | 'added'
}

/** One field of one language that differs between two versions, word by word. */
export interface FieldChange {
  locale: Locale
  field: keyof Omit<ProductTranslation, 'locale'>
  pieces: Piece[]
}

// A product's pick-up text among them: other kinds' translations have none, and so never differ.
const FIELDS = [
  'title',
  'excerpt',
  'body',
  'pickUpText',
  'seoTitle',
  'seoDescription',
  'canonicalPath',
] as const

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
}

/**
 * A body's text as a reader reads it, to compare versions by: blocks on lines of their own, tags
 * gone. Bodies are sanitised HTML (`sanitize-body.ts`), so their markup is the list's and no more.
 */
export function textOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[2-4]|li|blockquote|figcaption|caption|tr|div|section)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\n{2,}/g, '\n')
    .trim()
}

/**
 * What changed in the text from `older` to `newer`, language by language (a language written in
 * one only shows all its text added or removed), field by field, word by word.
 */
export function textChanges(older: ContentItem, newer: ContentItem): FieldChange[] {
  const changes: FieldChange[] = []
  for (const locale of LOCALES) {
    const before = older.translations.find((each) => each.locale === locale)
    const after = newer.translations.find((each) => each.locale === locale)
    if (!before && !after) continue
    for (const field of FIELDS) {
      // A revision kept before a field was added has none: as empty as a save now gives it.
      const text = (translation?: Partial<ProductTranslation>) =>
        field === 'body' ? textOf(translation?.body ?? '') : (translation?.[field] ?? '')
      const [from, to] = [text(before), text(after)]
      if (from === to) continue
      changes.push({
        locale,
        field,
        pieces: diffWords(from, to).map((part) => ({
          text: part.value,
          change: part.added ? 'added' : part.removed ? 'removed' : 'kept',
        })),
      })
    }
  }
  return changes
}
