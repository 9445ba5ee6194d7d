import type { FormInput, FormKind, FormPatch } from '../../lib/admin/form-types'
import type {
  ChoiceOption,
  FieldType,
  FormDefinition,
  FormField,
  FormRule,
  LocalizedText,
  RuleCondition,
} from '../../lib/forms/definition'
import { RATING_RANGE, SCORE_RANGE } from '../../lib/forms/definition'
import { formInputSchema, formPatchSchema, formProblems } from '../../lib/forms/form-input'
import { LOCALES } from '../../lib/locale/locales'

/**
 * Pure edits of a form definition for the dashboard's form editor: each returns a new definition
 * and leaves every part it does not touch as it was, so what the editor does not show survives.
 */

/** The languages a text can be written in, English (the required fallback) first. */
export const EDITING_LOCALES = ['en', ...LOCALES.filter((locale) => locale !== 'en')]

const MAX_ID = 64

/**
 * An id from a label as the definition's ids are (lower-case letters, digits, - and _, at most
 * 64), unlike every id in `taken`: `e-mail-2` when `e-mail` is.
 */
export function idFrom(text: string, taken: ReadonlySet<string>, fallback: string): string {
  const base =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, MAX_ID - 4)
      .replace(/-+$/, '') || fallback
  if (!taken.has(base)) return base
  let n = 2
  while (taken.has(`${base}-${n}`)) n++
  return `${base}-${n}`
}

/** `text` with `value` as its `locale` text; an empty translation is none (English is used). */
export function withText(
  text: LocalizedText | undefined,
  locale: string,
  value: string,
  optional: boolean,
): LocalizedText | undefined {
  const next: LocalizedText = { ...(text ?? { en: '' }), [locale]: value }
  if (locale !== 'en' && value === '') delete next[locale]
  if (optional && next.en === '' && Object.keys(next).length === 1) return undefined
  return next
}

/** `object` with `key` set, or without it when `value` is undefined. */
export function withKey<T extends object>(object: T, key: string, value: unknown): T {
  const next = { ...object } as Record<string, unknown>
  if (value === undefined) delete next[key]
  else next[key] = value
  return next as T
}

export function newField(type: FieldType, id: string): FormField {
  const label = { en: '' }
  if (type === 'singleChoice' || type === 'multipleChoice') return { id, type, label, options: [] }
  return { id, type, label } as FormField
}

export const fieldIds = (definition: FormDefinition) =>
  new Set(definition.pages.flatMap((page) => page.fields.map((field) => field.id)))

/** A field's id changed (while it is new): the rules that named it name the new one. */
export function renameField(definition: FormDefinition, from: string, to: string): FormDefinition {
  if (!definition.rules) return definition
  return {
    ...definition,
    rules: definition.rules.map((rule) => ({
      when: rule.when.field === from ? { ...rule.when, field: to } : rule.when,
      then:
        'field' in rule.then && rule.then.field === from ? { ...rule.then, field: to } : rule.then,
    })),
  }
}

/** An option of `field` got a new id (while it is new): conditions on it follow. */
export function renameOption(
  definition: FormDefinition,
  field: string,
  from: string,
  to: string,
): FormDefinition {
  if (!definition.rules) return definition
  return {
    ...definition,
    rules: definition.rules.map((rule) => {
      const { when } = rule
      if (when.field !== field) return rule
      if (when.includes === from) return { ...rule, when: { ...when, includes: to } }
      if (when.equals === from) return { ...rule, when: { ...when, equals: to } }
      return rule
    }),
  }
}

/** The condition a rule starts with for a field: its first option, lowest value, or nothing. */
export function conditionFor(field: FormField | undefined): RuleCondition {
  if (!field) return { field: '', equals: '' }
  switch (field.type) {
    case 'multipleChoice':
      return { field: field.id, includes: field.options[0]?.id ?? '' }
    case 'singleChoice':
      return { field: field.id, equals: field.options[0]?.id ?? '' }
    case 'rating':
      return { field: field.id, equals: RATING_RANGE.min }
    case 'score':
      return { field: field.id, equals: SCORE_RANGE.min }
    case 'consent':
      return { field: field.id, equals: true }
    case 'number':
      return { field: field.id, equals: field.min ?? 0 }
    default:
      return { field: field.id, equals: '' }
  }
}

export function newRule(definition: FormDefinition): FormRule {
  const fields = definition.pages.flatMap((page) => page.fields)
  const source = fields[0]
  const target = fields[1] ?? source
  return { when: conditionFor(source), then: { action: 'show', field: target?.id ?? '' } }
}

export const newOption = (id: string): ChoiceOption => ({ id, label: { en: '' } })

/** A problem found before sending: where (a path into what is sent, if known) and what. */
export interface Problem {
  path: (string | number)[]
  message: string
}

/**
 * What is wrong with what the editor is about to send, by the server's own schemas and checks
 * (src/lib/forms/form-input.ts): joi's messages without their label, and the path they concern.
 */
export function problemsOf(
  body: FormInput | FormPatch,
  kind: FormKind,
  creating: boolean,
): Problem[] {
  const schema = creating ? formInputSchema : formPatchSchema
  const { error } = schema.validate(body, { abortEarly: false, errors: { label: false } })
  const found: Problem[] = (error?.details ?? []).map((detail) => ({
    path: detail.path,
    message: detail.message.trim(),
  }))
  if (found.length === 0 && body.definition) {
    for (const message of formProblems(kind, body.definition)) found.push({ path: [], message })
  }
  return found
}
