/*
 * The form editor's building blocks: the identities that keep each new field's key while its id
 * is typed, and the inputs every part of the editor uses (texts in the editing language, plain
 * inputs, the move and remove buttons).
 */
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useMemo, useRef } from 'react'
import type { LocalizedText } from '../../lib/forms/definition'
import { QuietButton } from '../kit/main-action'
import { describedBy, LabelledField } from '../shell/fields'
import { withText } from './definition-edit'

/**
 * Which parts of the definition the editor made (new fields and options, whose ids may still
 * change), and a stable key for each, kept by object identity: every edit copies what it replaces
 * onto the copy (`carry`), so a field keeps its key while its id is typed and as it moves.
 */
export function useIdentities() {
  const ref = useRef({
    keys: new WeakMap<object, number>(),
    fresh: new WeakSet<object>(),
    // New ones whose id was typed by hand: it no longer follows the English label.
    typed: new WeakSet<object>(),
    next: 0,
  })
  const own = ref.current
  return {
    keyOf: (item: object) => {
      if (!own.keys.has(item)) own.keys.set(item, ++own.next)
      return own.keys.get(item)!
    },
    isFresh: (item: object) => own.fresh.has(item),
    isTyped: (item: object) => own.typed.has(item),
    markFresh: <T extends object>(item: T) => {
      own.fresh.add(item)
      return item
    },
    markTyped: (item: object) => own.typed.add(item),
    carry: <T extends object>(from: T, to: T): T => {
      if (from === to) return to
      if (own.keys.has(from)) own.keys.set(to, own.keys.get(from)!)
      if (own.fresh.has(from)) own.fresh.add(to)
      if (own.typed.has(from)) own.typed.add(to)
      return to
    },
  }
}
type Identities = ReturnType<typeof useIdentities>

/** A path into what is sent, as a key: `definition.pages.0.title.de`. */
export const pathKey = (path: readonly (string | number)[]) => path.join('.')
/** An element id for a path: `form-edit-definition-pages-0-title`. */
export const inputId = (path: readonly (string | number)[]) => `form-edit-${path.join('-')}`

/** Translated language names in the dashboard's language: "German" in English. */
export function useLanguageName() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'language' })
    return (locale: string) => names.of(locale) ?? locale
  }, [i18n.language])
}

export interface EditorContext {
  language: string
  /** The message about the thing at a path, once the editor was asked to save. */
  problemAt: (path: readonly (string | number)[]) => string | undefined
  identities: Identities
}

/** An input for a text in the editing language; the English one is the fallback others show. */
export function TextInput({
  path,
  label,
  text,
  required = false,
  multiline = false,
  help,
  context,
  onChange,
}: {
  path: (string | number)[]
  label: string
  text: LocalizedText | undefined
  required?: boolean
  multiline?: boolean
  help?: string
  context: EditorContext
  onChange: (text: LocalizedText | undefined) => void
}) {
  const { t } = useTranslation()
  const languageName = useLanguageName()
  const { language } = context
  const id = inputId(path)
  const message = context.problemAt([...path, language]) ?? context.problemAt(path)
  const props = {
    id,
    value: text?.[language] ?? '',
    // What visitors see while this language has no text of its own.
    placeholder: language === 'en' ? undefined : text?.en,
    'aria-required': required && language === 'en',
    'aria-invalid': Boolean(message),
    'aria-describedby': describedBy(id, help, message),
    onChange: (event: { target: { value: string } }) =>
      onChange(withText(text, language, event.target.value, !required)),
  }
  return (
    <LabelledField
      id={id}
      label={t('admin.forms.edit.inLanguage', { label, language: languageName(language) })}
      help={help}
      error={message}
    >
      {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
    </LabelledField>
  )
}

/** A plain input (not per language): an id, a slug, an address, a number. */
export function PlainInput({
  path,
  label,
  value,
  type = 'text',
  help,
  context,
  onChange,
}: {
  path: (string | number)[]
  label: string
  value: string
  type?: 'text' | 'number' | 'url'
  help?: string
  context: EditorContext
  onChange: (value: string) => void
}) {
  const id = inputId(path)
  const message = context.problemAt(path)
  return (
    <LabelledField id={id} label={label} help={help} error={message}>
      <input
        id={id}
        type={type}
        value={value}
        aria-invalid={Boolean(message)}
        aria-describedby={describedBy(id, help, message)}
        onChange={(event) => onChange(event.target.value)}
      />
    </LabelledField>
  )
}

/** An optional number of a field: empty is none. */
export const numberOrNone = (value: string) => (value === '' ? undefined : Number(value))
export const shown = (value: number | undefined) => (value === undefined ? '' : String(value))

/** Move up, move down and remove, each named for what it acts on. */
export function ItemButtons({
  idPrefix,
  index,
  count,
  names,
  onMove,
  onRemove,
  canRemove = true,
}: {
  idPrefix: string
  index: number
  count: number
  names: { up: string; down: string; remove: string }
  onMove: (to: number) => void
  onRemove: () => void
  canRemove?: boolean
}) {
  return (
    <div className="admin-toolbar">
      <QuietButton id={`${idPrefix}-up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        {names.up}
      </QuietButton>
      <QuietButton
        id={`${idPrefix}-down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        {names.down}
      </QuietButton>
      <QuietButton disabled={!canRemove} onClick={onRemove}>
        {names.remove}
      </QuietButton>
    </div>
  )
}

/**
 * The form and survey editor (issue 20). It edits the definition object itself, so whatever it
 * has no input for (texts in other languages, help texts, rules it does not show) is sent back as
 * it came. A new definition becomes a new version on the server: responses keep the version they
 * answered, and answers refer to field ids, which is why a saved field's id cannot change here.
 */
