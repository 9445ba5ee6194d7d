import type { Answers, FormDefinition, LocalizedText } from './definition'
import { allFields, textIn } from './definition'

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip first) as a formula, which a visitor's answer must never become; some read the
 * full-width forms ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) as those signs too. Such a cell is
 * prefixed with an apostrophe, which spreadsheets show as text. Then quoted per RFC 4180 where
 * needed.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`

export interface CsvColumn {
  id: string
  label: string
  /** Option id → label, for choice fields. */
  options: Map<string, string>
}

/**
 * The answer columns of an export: the current version's fields in its order, then fields only
 * older versions had, marked "(deleted)", so old answers keep a column. Labels and option labels
 * come from the newest version that has them.
 */
export function csvColumns(versions: FormDefinition[], locale = 'en'): CsvColumn[] {
  const columns = new Map<string, CsvColumn>()
  const label = (text: LocalizedText) => textIn(text, locale)
  versions.forEach((definition, index) => {
    const current = index === 0
    for (const field of allFields(definition)) {
      const column = columns.get(field.id) ?? {
        id: field.id,
        label: current ? label(field.label) : `${label(field.label)} (deleted)`,
        options: new Map<string, string>(),
      }
      if ('options' in field) {
        for (const option of field.options) {
          if (!column.options.has(option.id)) column.options.set(option.id, label(option.label))
        }
      }
      columns.set(field.id, column)
    }
  })
  return [...columns.values()]
}

/** One answer as a cell: choices by their labels, several joined with " | ". */
export function answerCell(column: CsvColumn, answer: Answers[string] | undefined): string {
  if (answer === undefined) return ''
  const named = (id: string) => column.options.get(id) ?? id
  if (Array.isArray(answer)) return answer.map(named).join(' | ')
  if (typeof answer === 'string' && column.options.size > 0) return named(answer)
  if (typeof answer === 'boolean') return answer ? 'yes' : 'no'
  return String(answer)
}
