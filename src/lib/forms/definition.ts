/**
 * Forms and surveys (issue 18): one definition shape for both. A form is one page; a survey is
 * several, with rules. Every text is per locale, English required as the fallback. Fields and
 * options have stable ids chosen by the business, which answers refer to, so a renamed label keeps
 * old answers readable.
 */
export type LocalizedText = Partial<Record<string, string>> & { en: string }

export interface ChoiceOption {
  id: string
  label: LocalizedText
}

interface FieldBase {
  id: string
  label: LocalizedText
  help?: LocalizedText
  required?: boolean
}

export type FormField = FieldBase &
  (
    | { type: 'shortText' }
    | { type: 'longText' }
    | { type: 'email' }
    | { type: 'phone' }
    | { type: 'number'; min?: number; max?: number }
    | { type: 'date' }
    | { type: 'singleChoice'; options: ChoiceOption[] }
    | {
        type: 'multipleChoice'
        options: ChoiceOption[]
        minSelections?: number
        maxSelections?: number
      }
    | { type: 'rating' }
    | { type: 'score' }
    | { type: 'consent' }
  )

export type FieldType = FormField['type']

/** Every kind of field, in the order the form editor offers them; the schema takes exactly these. */
export const FIELD_TYPES: readonly FieldType[] = [
  'shortText',
  'longText',
  'email',
  'phone',
  'number',
  'date',
  'singleChoice',
  'multipleChoice',
  'rating',
  'score',
  'consent',
]

export interface FormPage {
  id: string
  title?: LocalizedText
  fields: FormField[]
}

/** When a field's answer equals a value, or (multiple choice) includes an option. */
export interface RuleCondition {
  field: string
  equals?: string | number | boolean
  includes?: string
}

export type RuleAction =
  | { action: 'show'; field: string }
  | { action: 'hide'; field: string }
  | { action: 'jump'; page: string }
  | { action: 'end' }

export type FormRule = { when: RuleCondition } & { then: RuleAction }

export interface FormDefinition {
  title: LocalizedText
  description?: LocalizedText
  /** Shown after a response is stored. */
  thankYou?: LocalizedText
  /** Where the visitor is sent after the thank-you, if anywhere (http or https). */
  redirectUrl?: string
  pages: FormPage[]
  rules?: FormRule[]
}

export type AnswerValue = string | number | boolean | string[]
export type Answers = Record<string, AnswerValue>

/** Ratings are 1–5 stars; scores 0–10, as "how likely are you to recommend us". */
export const RATING_RANGE = { min: 1, max: 5 } as const
export const SCORE_RANGE = { min: 0, max: 10 } as const
export const MAX_SHORT_TEXT = 500
export const MAX_LONG_TEXT = 5000

export const allFields = (definition: FormDefinition): FormField[] =>
  definition.pages.flatMap((page) => page.fields)

/** The page a field is on. */
export function pageIndexOf(definition: FormDefinition, fieldId: string): number {
  return definition.pages.findIndex((page) => page.fields.some((f) => f.id === fieldId))
}

/**
 * What is wrong with a definition that its schema cannot see: repeated field ids, rules naming
 * fields, options or pages that do not exist, a condition that can never hold for its field's
 * type, and jumps that could send a visitor round in a circle (a survey must always end).
 * Empty when it is sound.
 */
export function definitionProblems(definition: FormDefinition): string[] {
  const problems: string[] = []
  const fields = allFields(definition)
  const byId = new Map(fields.map((f) => [f.id, f]))
  if (byId.size !== fields.length) problems.push('Field ids must be unique across the form')
  const pageIds = definition.pages.map((page) => page.id)
  const rules = definition.rules ?? []
  rules.forEach(({ when, then }, index) => {
    const name = `Rule ${index + 1}`
    const source = byId.get(when.field)
    if (!source) problems.push(`${name} depends on an unknown field "${when.field}"`)
    else if (when.includes !== undefined) {
      if (source.type !== 'multipleChoice') {
        problems.push(`${name}: "includes" applies to multiple-choice fields only`)
      } else if (!source.options.some((o) => o.id === when.includes)) {
        problems.push(`${name}: "${when.field}" has no option "${when.includes}"`)
      }
    } else if (
      source.type === 'singleChoice' &&
      !source.options.some((o) => o.id === when.equals)
    ) {
      problems.push(`${name}: "${when.field}" has no option "${String(when.equals)}"`)
    }
    if ((then.action === 'show' || then.action === 'hide') && !byId.has(then.field)) {
      problems.push(`${name} ${then.action}s an unknown field "${then.field}"`)
    }
    if (then.action === 'jump' && !pageIds.includes(then.page)) {
      problems.push(`${name} jumps to an unknown page "${then.page}"`)
    }
  })
  const cycle = jumpCycle(definition)
  if (cycle) problems.push(`The rules can send a visitor round in a circle: ${cycle.join(' → ')}`)
  return problems
}

/**
 * A circle of pages the visitor could be sent round, or undefined. From each page the visitor
 * goes on to the next one, or wherever a jump rule whose condition is answered on that page says.
 */
function jumpCycle(definition: FormDefinition): string[] | undefined {
  const { pages } = definition
  const next = pages.map((_, index) => {
    const targets = new Set<number>(index + 1 < pages.length ? [index + 1] : [])
    for (const { when, then } of definition.rules ?? []) {
      if (then.action !== 'jump' || pageIndexOf(definition, when.field) !== index) continue
      const target = pages.findIndex((page) => page.id === then.page)
      if (target >= 0) targets.add(target)
    }
    return [...targets]
  })
  const state = pages.map(() => 'new' as 'new' | 'open' | 'done')
  const path: number[] = []
  const visit = (page: number): number[] | undefined => {
    state[page] = 'open'
    path.push(page)
    for (const target of next[page] ?? []) {
      if (state[target] === 'open') return [...path.slice(path.indexOf(target)), target]
      if (state[target] === 'new') {
        const found = visit(target)
        if (found) return found
      }
    }
    path.pop()
    state[page] = 'done'
    return undefined
  }
  for (let page = 0; page < pages.length; page++) {
    if (state[page] !== 'new') continue
    const found = visit(page)
    if (found) return found.map((index) => pages[index]!.id)
  }
  return undefined
}

/** A text in `locale`, or in English when the business wrote none for it. */
export function textIn(text: LocalizedText | undefined, locale: string): string {
  if (!text) return ''
  return text[locale] ?? text.en
}
