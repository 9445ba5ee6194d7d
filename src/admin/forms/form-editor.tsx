import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { FormInput, FormKind, FormPatch, StoredForm } from '../../lib/admin/form-types'
import {
  RATING_RANGE,
  SCORE_RANGE,
  textIn,
  type ChoiceOption,
  type FieldType,
  type FormDefinition,
  type FormField,
  type FormPage,
  type FormRule,
  type LocalizedText,
  type RuleAction,
} from '../../lib/forms/definition'
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf } from '../shell/fields'
import {
  conditionFor,
  EDITING_LOCALES,
  FIELD_TYPES,
  fieldIds,
  idFrom,
  newField,
  newOption,
  newRule,
  problemsOf,
  renameField,
  renameOption,
  swapped,
  withKey,
  withText,
  type Problem,
} from './definition-edit'

interface Draft {
  slug: string
  published: boolean
  definition: FormDefinition
}

/**
 * Which parts of the definition the editor made (new fields and options, whose ids may still
 * change), and a stable key for each, kept by object identity: every edit copies what it replaces
 * onto the copy (`carry`), so a field keeps its key while its id is typed and as it moves.
 */
function useIdentities() {
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
const pathKey = (path: readonly (string | number)[]) => path.join('.')
/** An element id for a path: `form-edit-definition-pages-0-title`. */
const inputId = (path: readonly (string | number)[]) => `form-edit-${path.join('-')}`

/** Translated language names in the dashboard's language: "German" in English. */
function useLanguageName() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'language' })
    return (locale: string) => names.of(locale) ?? locale
  }, [i18n.language])
}

interface EditorContext {
  language: string
  /** The message about the thing at a path, once the editor was asked to save. */
  problemAt: (path: readonly (string | number)[]) => string | undefined
  identities: Identities
}

function Message({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="widget-field__error">
      {message}
    </p>
  ) : null
}

/** An input for a text in the editing language; the English one is the fallback others show. */
function TextInput({
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
  const describedBy = [help ? `${id}-help` : '', message ? `${id}-error` : ''].filter(Boolean)
  const props = {
    id,
    value: text?.[language] ?? '',
    // What visitors see while this language has no text of its own.
    placeholder: language === 'en' ? undefined : text?.en,
    'aria-required': required && language === 'en',
    'aria-invalid': Boolean(message),
    'aria-describedby': describedBy.length ? describedBy.join(' ') : undefined,
    onChange: (event: { target: { value: string } }) =>
      onChange(withText(text, language, event.target.value, !required)),
  }
  return (
    <div className="widget-field">
      <label htmlFor={id}>
        {t('admin.forms.edit.inLanguage', { label, language: languageName(language) })}
      </label>
      {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
      {help ? (
        <p id={`${id}-help`} className="widget-field__help">
          {help}
        </p>
      ) : null}
      <Message id={`${id}-error`} message={message} />
    </div>
  )
}

/** A plain input (not per language): an id, a slug, an address, a number. */
function PlainInput({
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
  const describedBy = [help ? `${id}-help` : '', message ? `${id}-error` : ''].filter(Boolean)
  return (
    <div className="widget-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        aria-invalid={Boolean(message)}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {help ? (
        <p id={`${id}-help`} className="widget-field__help">
          {help}
        </p>
      ) : null}
      <Message id={`${id}-error`} message={message} />
    </div>
  )
}

/** An optional number of a field: empty is none. */
const numberOrNone = (value: string) => (value === '' ? undefined : Number(value))
const shown = (value: number | undefined) => (value === undefined ? '' : String(value))

/** Move up, move down and remove, each named for what it acts on. */
function ItemButtons({
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
      <button
        id={`${idPrefix}-up`}
        type="button"
        className="widget-button widget-button--quiet"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        {names.up}
      </button>
      <button
        id={`${idPrefix}-down`}
        type="button"
        className="widget-button widget-button--quiet"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        {names.down}
      </button>
      <button
        type="button"
        className="widget-button widget-button--quiet"
        disabled={!canRemove}
        onClick={onRemove}
      >
        {names.remove}
      </button>
    </div>
  )
}

/**
 * The form and survey editor (issue 20). It edits the definition object itself, so whatever it
 * has no input for (texts in other languages, help texts, rules it does not show) is sent back as
 * it came. A new definition becomes a new version on the server: responses keep the version they
 * answered, and answers refer to field ids, which is why a saved field's id cannot change here.
 */
export function FormEditor({
  form,
  kind,
  onSaved,
  onClose,
}: {
  /** The form to edit; none to make a new one of `kind`. */
  form?: StoredForm
  kind: FormKind
  onSaved: (status: string) => void
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const { api } = useAdmin()
  const languageName = useLanguageName()
  const identities = useIdentities()
  const [draft, setDraft] = useState<Draft>(() =>
    form
      ? { slug: form.slug, published: form.published, definition: form.definition }
      : {
          slug: '',
          published: false,
          definition: { title: { en: '' }, pages: [{ id: 'page-1', fields: [] }] },
        },
  )
  const [language, setLanguage] = useState('en')
  const [attempted, setAttempted] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  const [notice, setNotice] = useState<string>()
  const [saving, setSaving] = useState(false)
  // A new form's slug follows its English title until it is typed.
  const [slugTyped, setSlugTyped] = useState(Boolean(form))
  const headingRef = useRef<HTMLHeadingElement>(null)
  const problemsRef = useRef<HTMLDivElement>(null)
  // The element to focus once the next render is in (a new question's label, a moved button).
  const focusNext = useRef<string>()

  useEffect(() => headingRef.current?.focus(), [])
  useEffect(() => {
    if (!focusNext.current) return
    const target = document.getElementById(focusNext.current) as HTMLButtonElement | null
    focusNext.current = undefined
    // A moved item's button may now be off (it reached the top): its other button is on.
    if (target?.disabled) {
      const other = target.id.endsWith('-up')
        ? target.id.replace(/-up$/, '-down')
        : target.id.replace(/-down$/, '-up')
      document.getElementById(other)?.focus()
    } else target?.focus()
  })

  const { definition } = draft
  const creating = !form
  const body = (): FormInput | FormPatch => {
    if (creating) return { slug: draft.slug, kind, published: draft.published, definition }
    const patch: FormPatch = {}
    if (draft.slug !== form.slug) patch.slug = draft.slug
    if (draft.published !== form.published) patch.published = draft.published
    if (JSON.stringify(definition) !== JSON.stringify(form.definition)) {
      patch.definition = definition
    }
    return patch
  }
  const problems: Problem[] = attempted ? problemsOf(body(), kind, creating) : []
  const byPath = new Map<string, string>()
  for (const problem of problems) {
    const key = pathKey(problem.path)
    if (problem.path.length && !byPath.has(key)) byPath.set(key, problem.message)
  }
  const context: EditorContext = {
    language,
    identities,
    problemAt: (path) => byPath.get(pathKey(path)),
  }

  const edit = (change: (definition: FormDefinition) => FormDefinition) =>
    setDraft((current) => ({ ...current, definition: change(current.definition) }))
  const editPage = (pageIndex: number, change: (page: FormPage) => FormPage) =>
    edit((current) => ({
      ...current,
      pages: current.pages.map((page, index) =>
        index === pageIndex ? identities.carry(page, change(page)) : page,
      ),
    }))
  const editFieldIn = (
    current: FormDefinition,
    pageIndex: number,
    fieldIndex: number,
    change: (field: FormField) => FormField,
  ): FormDefinition => ({
    ...current,
    pages: current.pages.map((page, index) =>
      index === pageIndex
        ? identities.carry(page, {
            ...page,
            fields: page.fields.map((field, at) =>
              at === fieldIndex ? identities.carry(field, change(field)) : field,
            ),
          })
        : page,
    ),
  })

  const setTitle = (title: LocalizedText | undefined) => {
    const next = title ?? { en: '' }
    setDraft((current) => ({
      ...current,
      definition: { ...current.definition, title: next },
      slug: slugTyped ? current.slug : idFrom(next.en, new Set(), '').slice(0, 80),
    }))
  }

  const numbering = (pageIndex: number, fieldIndex: number) =>
    definition.pages.slice(0, pageIndex).reduce((sum, page) => sum + page.fields.length, 0) +
    fieldIndex +
    1

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setAttempted(true)
    setRefusal(undefined)
    setNotice(undefined)
    const sent = body()
    if (!creating && Object.keys(sent).length === 0) {
      setNotice(t('admin.forms.edit.unchanged'))
      return
    }
    if (problemsOf(sent, kind, creating).length > 0) {
      // After this render, which lists them.
      setTimeout(() => problemsRef.current?.focus())
      return
    }
    setSaving(true)
    try {
      const saved = creating
        ? await api.createForm(sent as FormInput)
        : await api.updateForm(form.id, sent)
      const title = textIn(definition.title, i18n.language)
      onSaved(
        creating
          ? t('admin.forms.edit.created', { title })
          : t('admin.forms.edit.saved', { title, version: saved.version }),
      )
    } catch (failure) {
      setRefusal(messageOf(failure))
      setSaving(false)
    }
  }

  const where = (path: (string | number)[]) => describePath(path, definition, kind, t, languageName)
  const isSurvey = kind === 'survey'
  const formTitle = textIn(definition.title, i18n.language)

  return (
    <section aria-labelledby="form-editor-title" className="admin-panel">
      <h2 id="form-editor-title" ref={headingRef} tabIndex={-1}>
        {creating
          ? t(isSurvey ? 'admin.forms.edit.newSurvey' : 'admin.forms.edit.newForm')
          : t('admin.forms.edit.editTitle', { title: formTitle })}
      </h2>
      <p>{t('admin.forms.edit.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate className="admin-form-editor">
        <div className="widget-field admin-narrow-field">
          <label htmlFor="form-edit-language">{t('admin.forms.edit.language')}</label>
          <select
            id="form-edit-language"
            value={language}
            aria-describedby="form-edit-language-help"
            onChange={(event) => setLanguage(event.target.value)}
          >
            {EDITING_LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {languageName(locale)}
              </option>
            ))}
          </select>
          <p id="form-edit-language-help" className="widget-field__help">
            {t('admin.forms.edit.languageHelp')}
          </p>
        </div>

        <fieldset className="admin-ranges admin-form-editor__group">
          <legend>{t('admin.forms.edit.settings')}</legend>
          <TextInput
            path={['definition', 'title']}
            label={t('admin.forms.edit.formTitle')}
            text={definition.title}
            required
            context={context}
            onChange={setTitle}
          />
          <PlainInput
            path={['slug']}
            label={t('admin.forms.edit.slug')}
            help={t('admin.forms.edit.slugHelp')}
            value={draft.slug}
            context={context}
            onChange={(slug) => {
              setSlugTyped(true)
              setDraft((current) => ({ ...current, slug }))
            }}
          />
          <label className="widget-choice">
            <input
              type="checkbox"
              checked={draft.published}
              onChange={(event) => {
                const published = event.target.checked
                setDraft((current) => ({ ...current, published }))
              }}
            />
            {t('admin.forms.edit.published')}
          </label>
          <TextInput
            path={['definition', 'description']}
            label={t('admin.forms.edit.description')}
            text={definition.description}
            multiline
            context={context}
            onChange={(text) => edit((current) => withKey(current, 'description', text))}
          />
          <TextInput
            path={['definition', 'thankYou']}
            label={t('admin.forms.edit.thankYou')}
            text={definition.thankYou}
            multiline
            context={context}
            onChange={(text) => edit((current) => withKey(current, 'thankYou', text))}
          />
          <PlainInput
            path={['definition', 'redirectUrl']}
            label={t('admin.forms.edit.redirectUrl')}
            help={t('admin.forms.edit.redirectHelp')}
            type="url"
            value={definition.redirectUrl ?? ''}
            context={context}
            onChange={(url) => edit((current) => withKey(current, 'redirectUrl', url || undefined))}
          />
        </fieldset>

        {definition.pages.map((page, pageIndex) => (
          <PageEditor
            key={identities.keyOf(page)}
            page={page}
            pageIndex={pageIndex}
            definition={definition}
            isSurvey={isSurvey}
            context={context}
            numbering={numbering}
            editPage={(change) => editPage(pageIndex, change)}
            editField={(fieldIndex, change) =>
              edit((current) => editFieldIn(current, pageIndex, fieldIndex, change))
            }
            edit={edit}
            focusLater={(id) => (focusNext.current = id)}
            onMove={(to) => {
              focusNext.current = `form-edit-page-${identities.keyOf(page)}-${to < pageIndex ? 'up' : 'down'}`
              edit((current) => ({ ...current, pages: swapped(current.pages, pageIndex, to) }))
            }}
            onRemove={() =>
              edit((current) => ({
                ...current,
                pages: current.pages.filter((_, index) => index !== pageIndex),
              }))
            }
          />
        ))}
        {isSurvey ? (
          <button
            type="button"
            className="widget-button"
            onClick={() => {
              const ids = new Set(definition.pages.map((page) => page.id))
              const page: FormPage = {
                id: idFrom(`page-${definition.pages.length + 1}`, ids, 'page'),
                fields: [],
              }
              focusNext.current = `form-edit-page-${identities.keyOf(page)}-type`
              edit((current) => ({ ...current, pages: [...current.pages, page] }))
            }}
          >
            {t('admin.forms.edit.addPage')}
          </button>
        ) : null}

        <RulesEditor
          definition={definition}
          isSurvey={isSurvey}
          context={context}
          edit={edit}
          focusLater={(id) => (focusNext.current = id)}
        />

        {problems.length > 0 ? (
          <div
            ref={problemsRef}
            tabIndex={-1}
            role="alert"
            aria-labelledby="form-edit-problems-title"
            className="widget-alert"
          >
            <p id="form-edit-problems-title">{t('admin.forms.edit.problems')}</p>
            <ul>
              {problems.map((problem, index) => (
                <li key={index}>
                  {problem.path.length
                    ? t('admin.forms.edit.problemAt', {
                        where: where(problem.path),
                        message: problem.message,
                      })
                    : problem.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <Alert>{refusal}</Alert>
        <p role="status" className="admin-status">
          {notice}
        </p>
        <div className="widget-actions">
          <button type="submit" className="widget-button widget-button--primary" disabled={saving}>
            {t('admin.forms.edit.save')}
          </button>
          <button type="button" className="widget-button widget-button--quiet" onClick={onClose}>
            {t('admin.forms.edit.close')}
          </button>
        </div>
      </form>
    </section>
  )
}

// As much of i18next's `t` as naming a place needs (its own type is too deep to pass around).
type Translate = (key: string, options?: Record<string, unknown>) => string

/** Where a problem is, as the editor names it: "Page 2 › Question 3 › Label (German)". */
function describePath(
  path: (string | number)[],
  definition: FormDefinition,
  kind: FormKind,
  t: Translate,
  languageName: (locale: string) => string,
): string {
  const parts: string[] = []
  let pageIndex = 0
  const labels: Record<string, string> = {
    slug: 'admin.forms.edit.slug',
    published: 'admin.forms.edit.published',
    title: 'admin.forms.edit.formTitle',
    description: 'admin.forms.edit.description',
    thankYou: 'admin.forms.edit.thankYou',
    redirectUrl: 'admin.forms.edit.redirectUrl',
    pages: 'admin.forms.edit.pages',
    fields: 'admin.forms.edit.questions',
    label: 'admin.forms.edit.label',
    help: 'admin.forms.edit.help',
    id: 'admin.forms.edit.fieldId',
    min: 'admin.forms.edit.min',
    max: 'admin.forms.edit.max',
    minSelections: 'admin.forms.edit.minSelections',
    maxSelections: 'admin.forms.edit.maxSelections',
    options: 'admin.forms.edit.optionsTitle',
    rules: 'admin.forms.edit.rules',
  }
  for (let at = 0; at < path.length; at++) {
    const segment = path[at]!
    const parent = path[at - 1]
    if (typeof segment === 'number') {
      // The list's name is replaced by the item's: "Questions", 2 → "Question 3".
      if (parent === 'pages' || parent === 'fields' || parent === 'options' || parent === 'rules')
        parts.pop()
      if (parent === 'pages') {
        pageIndex = segment
        if (kind === 'survey') parts.push(t('admin.forms.edit.page', { n: segment + 1 }))
      } else if (parent === 'fields') {
        const before = definition.pages
          .slice(0, pageIndex)
          .reduce((sum, page) => sum + page.fields.length, 0)
        parts.push(t('admin.forms.edit.question', { n: before + segment + 1 }))
      } else if (parent === 'options') {
        parts.push(t('admin.forms.edit.option', { n: segment + 1 }))
      } else if (parent === 'rules') {
        parts.push(t('admin.forms.edit.rule', { n: segment + 1 }))
      }
    } else if (segment === 'title' && parent !== 'definition') {
      parts.push(t('admin.forms.edit.pageTitle'))
    } else if (segment === 'id' && path[at - 2] === 'options') {
      parts.push(t('admin.forms.edit.optionId'))
    } else if (labels[segment]) {
      parts.push(t(labels[segment]))
    } else if (EDITING_LOCALES.includes(segment) && parts.length > 0) {
      parts.push(
        t('admin.forms.edit.inLanguage', {
          label: parts.pop(),
          language: languageName(segment),
        }),
      )
    }
  }
  return parts.join(' › ')
}

function PageEditor({
  page,
  pageIndex,
  definition,
  isSurvey,
  context,
  numbering,
  editPage,
  editField,
  edit,
  focusLater,
  onMove,
  onRemove,
}: {
  page: FormPage
  pageIndex: number
  definition: FormDefinition
  isSurvey: boolean
  context: EditorContext
  numbering: (pageIndex: number, fieldIndex: number) => number
  editPage: (change: (page: FormPage) => FormPage) => void
  editField: (fieldIndex: number, change: (field: FormField) => FormField) => void
  edit: (change: (definition: FormDefinition) => FormDefinition) => void
  focusLater: (id: string) => void
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const { identities, language } = context
  const [adding, setAdding] = useState<FieldType>('shortText')
  const n = pageIndex + 1
  const path = ['definition', 'pages', pageIndex]
  const key = `form-edit-page-${identities.keyOf(page)}`
  const title = page.title ? textIn(page.title, language) : ''
  const fieldsProblem = context.problemAt([...path, 'fields'])

  const addField = () => {
    const field = identities.markFresh(
      newField(adding, idFrom(t(`admin.forms.types.${adding}`), fieldIds(definition), 'question')),
    )
    focusLater(inputId([...path, 'fields', page.fields.length, 'label']))
    editPage((current) => ({ ...current, fields: [...current.fields, field] }))
  }

  return (
    <fieldset className="admin-ranges admin-form-editor__group">
      <legend>
        {isSurvey
          ? title
            ? t('admin.forms.edit.pageNamed', { n, title })
            : t('admin.forms.edit.page', { n })
          : t('admin.forms.edit.questions')}
      </legend>
      {isSurvey ? (
        <>
          <TextInput
            path={[...path, 'title']}
            label={t('admin.forms.edit.pageTitle')}
            text={page.title}
            context={context}
            onChange={(text) => editPage((current) => withKey(current, 'title', text))}
          />
          <ItemButtons
            idPrefix={key}
            index={pageIndex}
            count={definition.pages.length}
            canRemove={definition.pages.length > 1}
            names={{
              up: t('admin.forms.edit.movePageUp', { n }),
              down: t('admin.forms.edit.movePageDown', { n }),
              remove: t('admin.forms.edit.removePage', { n }),
            }}
            onMove={onMove}
            onRemove={onRemove}
          />
        </>
      ) : null}
      {page.fields.map((field, fieldIndex) => (
        <FieldEditor
          key={identities.keyOf(field)}
          field={field}
          path={[...path, 'fields', fieldIndex]}
          number={numbering(pageIndex, fieldIndex)}
          index={fieldIndex}
          count={page.fields.length}
          definition={definition}
          context={context}
          editField={(change) => editField(fieldIndex, change)}
          edit={edit}
          focusLater={focusLater}
          onMove={(to) => {
            focusLater(
              `form-edit-field-${identities.keyOf(field)}-${to < fieldIndex ? 'up' : 'down'}`,
            )
            editPage((current) => ({
              ...current,
              fields: swapped(current.fields, fieldIndex, to),
            }))
          }}
          onRemove={() =>
            editPage((current) => ({
              ...current,
              fields: current.fields.filter((_, index) => index !== fieldIndex),
            }))
          }
        />
      ))}
      <Message id={`${key}-fields-error`} message={fieldsProblem} />
      <div className="admin-toolbar">
        <div className="widget-field">
          <label htmlFor={`${key}-type`}>{t('admin.forms.edit.newType')}</label>
          <select
            id={`${key}-type`}
            value={adding}
            onChange={(event) => setAdding(event.target.value as FieldType)}
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`admin.forms.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="widget-button"
          aria-describedby={fieldsProblem ? `${key}-fields-error` : undefined}
          onClick={addField}
        >
          {isSurvey
            ? t('admin.forms.edit.addQuestionTo', { n })
            : t('admin.forms.edit.addQuestion')}
        </button>
      </div>
    </fieldset>
  )
}

function FieldEditor({
  field,
  path,
  number,
  index,
  count,
  definition,
  context,
  editField,
  edit,
  focusLater,
  onMove,
  onRemove,
}: {
  field: FormField
  path: (string | number)[]
  number: number
  index: number
  count: number
  definition: FormDefinition
  context: EditorContext
  editField: (change: (field: FormField) => FormField) => void
  edit: (change: (definition: FormDefinition) => FormDefinition) => void
  focusLater: (id: string) => void
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const { identities, language } = context
  const fresh = identities.isFresh(field)
  const key = `form-edit-field-${identities.keyOf(field)}`
  const label = textIn(field.label, language)
  const [pageIndex, , fieldIndex] = path.slice(2) as [number, string, number]

  /** A new field's id changes, and the rules naming it follow. */
  const setId = (id: string, typed: boolean) =>
    edit((current) => {
      const old = current.pages[pageIndex]!.fields[fieldIndex]!
      const changed = identities.carry(old, { ...old, id })
      if (typed) identities.markTyped(changed)
      return renameField(
        {
          ...current,
          pages: current.pages.map((page, at) =>
            at === pageIndex
              ? identities.carry(page, {
                  ...page,
                  fields: page.fields.map((each, i) => (i === fieldIndex ? changed : each)),
                })
              : page,
          ),
        },
        old.id,
        id,
      )
    })

  const setLabel = (text: LocalizedText | undefined) => {
    const next = text ?? { en: '' }
    editField((current) => ({ ...current, label: next }))
    // Until it is typed, a new field's id is made from its English label.
    if (fresh && !identities.isTyped(field) && language === 'en') {
      const taken = fieldIds(definition)
      taken.delete(field.id)
      setId(idFrom(next.en, taken, 'question'), false)
    }
  }

  return (
    <fieldset className="admin-ranges admin-form-editor__group">
      <legend>
        {label
          ? t('admin.forms.edit.questionNamed', { n: number, label })
          : t('admin.forms.edit.question', { n: number })}
      </legend>
      <p>{t('admin.forms.edit.type', { type: t(`admin.forms.types.${field.type}`) })}</p>
      <TextInput
        path={[...path, 'label']}
        label={t('admin.forms.edit.label')}
        text={field.label}
        required
        context={context}
        onChange={setLabel}
      />
      {fresh ? (
        <PlainInput
          path={[...path, 'id']}
          label={t('admin.forms.edit.fieldId')}
          help={t('admin.forms.edit.fieldIdHelp')}
          value={field.id}
          context={context}
          onChange={(id) => setId(id, true)}
        />
      ) : (
        <div className="widget-field">
          <p id={`${key}-id`}>{t('admin.forms.edit.fieldIdFixed', { id: field.id })}</p>
          <p className="widget-field__help">{t('admin.forms.edit.fieldIdFixedHelp')}</p>
        </div>
      )}
      <TextInput
        path={[...path, 'help']}
        label={t('admin.forms.edit.help')}
        text={field.help}
        context={context}
        onChange={(text) => editField((current) => withKey(current, 'help', text))}
      />
      <label className="widget-choice">
        <input
          type="checkbox"
          checked={Boolean(field.required)}
          onChange={(event) => {
            const required = event.target.checked
            editField((current) => withKey(current, 'required', required || undefined))
          }}
        />
        {t('admin.forms.edit.required')}
      </label>
      {field.type === 'number' ? (
        <div className="admin-form-editor__pair">
          {(['min', 'max'] as const).map((bound) => (
            <PlainInput
              key={bound}
              path={[...path, bound]}
              label={t(`admin.forms.edit.${bound}`)}
              type="number"
              value={shown(field[bound])}
              context={context}
              onChange={(value) =>
                editField((current) => withKey(current, bound, numberOrNone(value)))
              }
            />
          ))}
        </div>
      ) : null}
      {field.type === 'singleChoice' || field.type === 'multipleChoice' ? (
        <OptionsEditor
          field={field}
          options={field.options}
          path={path}
          number={number}
          context={context}
          editField={editField}
          edit={edit}
          focusLater={focusLater}
          pageIndex={pageIndex}
          fieldIndex={fieldIndex}
        />
      ) : null}
      {field.type === 'multipleChoice' ? (
        <div className="admin-form-editor__pair">
          {(['minSelections', 'maxSelections'] as const).map((bound) => (
            <PlainInput
              key={bound}
              path={[...path, bound]}
              label={t(`admin.forms.edit.${bound}`)}
              type="number"
              value={shown(field[bound])}
              context={context}
              onChange={(value) =>
                editField((current) => withKey(current, bound, numberOrNone(value)))
              }
            />
          ))}
        </div>
      ) : null}
      <ItemButtons
        idPrefix={key}
        index={index}
        count={count}
        names={{
          up: t('admin.forms.edit.moveQuestionUp', { n: number }),
          down: t('admin.forms.edit.moveQuestionDown', { n: number }),
          remove: t('admin.forms.edit.removeQuestion', { n: number }),
        }}
        onMove={onMove}
        onRemove={onRemove}
      />
    </fieldset>
  )
}

function OptionsEditor({
  field,
  options,
  path,
  number,
  context,
  editField,
  edit,
  focusLater,
  pageIndex,
  fieldIndex,
}: {
  field: FormField
  options: ChoiceOption[]
  path: (string | number)[]
  number: number
  context: EditorContext
  editField: (change: (field: FormField) => FormField) => void
  edit: (change: (definition: FormDefinition) => FormDefinition) => void
  focusLater: (id: string) => void
  pageIndex: number
  fieldIndex: number
}) {
  const { t } = useTranslation()
  const { identities, language } = context
  const listProblem = context.problemAt([...path, 'options'])
  const listKey = `form-edit-field-${identities.keyOf(field)}-options`

  const setOptions = (change: (options: ChoiceOption[]) => ChoiceOption[]) =>
    editField((current) => ({ ...current, options: change(optionsOf(current)) }) as FormField)

  /** A new option's id changes; a rule's condition on it follows. */
  const setOptionId = (optionIndex: number, id: string, typed: boolean) =>
    edit((current) => {
      const currentField = current.pages[pageIndex]!.fields[fieldIndex]!
      const old = optionsOf(currentField)[optionIndex]!
      const changed = identities.carry(old, { ...old, id })
      if (typed) identities.markTyped(changed)
      const withOption = {
        ...current,
        pages: current.pages.map((page, at) =>
          at === pageIndex
            ? identities.carry(page, {
                ...page,
                fields: page.fields.map((each, i) =>
                  i === fieldIndex
                    ? identities.carry(each, {
                        ...each,
                        options: optionsOf(each).map((o, k) => (k === optionIndex ? changed : o)),
                      } as FormField)
                    : each,
                ),
              })
            : page,
        ),
      }
      return renameOption(withOption, currentField.id, old.id, id)
    })

  return (
    <fieldset
      className="admin-ranges admin-form-editor__group"
      aria-describedby={listProblem ? `${listKey}-error` : undefined}
    >
      <legend>{t('admin.forms.edit.options', { n: number })}</legend>
      {options.map((option, optionIndex) => {
        const optionPath = [...path, 'options', optionIndex]
        const o = optionIndex + 1
        const key = `form-edit-option-${identities.keyOf(option)}`
        const fresh = identities.isFresh(option)
        return (
          <div key={identities.keyOf(option)} className="admin-form-editor__option">
            <TextInput
              path={[...optionPath, 'label']}
              label={t('admin.forms.edit.optionLabel', { n: o })}
              text={option.label}
              required
              context={context}
              onChange={(text) => {
                const label = text ?? { en: '' }
                setOptions((current) =>
                  current.map((each, k) =>
                    k === optionIndex ? identities.carry(each, { ...each, label }) : each,
                  ),
                )
                if (fresh && !identities.isTyped(option) && language === 'en') {
                  const taken = new Set(options.map((each) => each.id))
                  taken.delete(option.id)
                  setOptionId(optionIndex, idFrom(label.en, taken, 'option'), false)
                }
              }}
            />
            {fresh ? (
              <PlainInput
                path={[...optionPath, 'id']}
                label={t('admin.forms.edit.optionIdOf', { n: o })}
                value={option.id}
                context={context}
                onChange={(id) => setOptionId(optionIndex, id, true)}
              />
            ) : (
              <p>{t('admin.forms.edit.optionIdFixed', { id: option.id })}</p>
            )}
            <ItemButtons
              idPrefix={key}
              index={optionIndex}
              count={options.length}
              names={{
                up: t('admin.forms.edit.moveOptionUp', { option: o, question: number }),
                down: t('admin.forms.edit.moveOptionDown', { option: o, question: number }),
                remove: t('admin.forms.edit.removeOption', { option: o, question: number }),
              }}
              onMove={(to) => {
                focusLater(`${key}-${to < optionIndex ? 'up' : 'down'}`)
                setOptions((current) => swapped(current, optionIndex, to))
              }}
              onRemove={() =>
                setOptions((current) => current.filter((_, index) => index !== optionIndex))
              }
            />
          </div>
        )
      })}
      <Message id={`${listKey}-error`} message={listProblem} />
      <button
        type="button"
        className="widget-button"
        onClick={() => {
          const taken = new Set(options.map((each) => each.id))
          const option = identities.markFresh(
            newOption(idFrom(`option-${options.length + 1}`, taken, 'option')),
          )
          focusLater(inputId([...path, 'options', options.length, 'label']))
          setOptions((current) => [...current, option])
        }}
      >
        {t('admin.forms.edit.addOption', { n: number })}
      </button>
    </fieldset>
  )
}

const optionsOf = (field: FormField): ChoiceOption[] => ('options' in field ? field.options : [])

/** The rules as rows of selects: when a question's answer is something, do something. */
function RulesEditor({
  definition,
  isSurvey,
  context,
  edit,
  focusLater,
}: {
  definition: FormDefinition
  isSurvey: boolean
  context: EditorContext
  edit: (change: (definition: FormDefinition) => FormDefinition) => void
  focusLater: (id: string) => void
}) {
  const { t } = useTranslation()
  const { language } = context
  const rules = definition.rules ?? []
  const fields = definition.pages.flatMap((page) => page.fields)
  const fieldName = (field: FormField, index: number) =>
    textIn(field.label, language)
      ? t('admin.forms.edit.questionNamed', { n: index + 1, label: textIn(field.label, language) })
      : t('admin.forms.edit.question', { n: index + 1 })
  const pageName = (page: FormPage, index: number) => {
    const title = page.title ? textIn(page.title, language) : ''
    return title
      ? t('admin.forms.edit.pageNamed', { n: index + 1, title })
      : t('admin.forms.edit.page', { n: index + 1 })
  }
  const setRule = (ruleIndex: number, rule: FormRule) =>
    edit((current) => ({
      ...current,
      rules: (current.rules ?? []).map((each, index) => (index === ruleIndex ? rule : each)),
    }))
  const actions: RuleAction['action'][] = isSurvey
    ? ['show', 'hide', 'jump', 'end']
    : ['show', 'hide']
  const thenFor = (action: RuleAction['action']): RuleAction => {
    if (action === 'jump') return { action, page: definition.pages.at(-1)?.id ?? '' }
    if (action === 'end') return { action }
    return { action, field: fields[0]?.id ?? '' }
  }
  const fieldOptions = fields.map((field, index) => (
    <option key={field.id} value={field.id}>
      {fieldName(field, index)}
    </option>
  ))

  return (
    <fieldset className="admin-ranges admin-form-editor__group">
      <legend>{t('admin.forms.edit.rules')}</legend>
      <p>{t(isSurvey ? 'admin.forms.edit.rulesHelp' : 'admin.forms.edit.rulesHelpForm')}</p>
      {rules.length === 0 ? <p>{t('admin.forms.edit.noRules')}</p> : null}
      {rules.map((rule, ruleIndex) => {
        const n = ruleIndex + 1
        const id = `form-edit-rule-${ruleIndex}`
        const source = fields.find((field) => field.id === rule.when.field)
        const path = ['definition', 'rules', ruleIndex]
        const message =
          context.problemAt(path) ??
          context.problemAt([...path, 'when']) ??
          context.problemAt([...path, 'then'])
        const valueLabel = t(
          source?.type === 'multipleChoice'
            ? 'admin.forms.edit.includes'
            : 'admin.forms.edit.equals',
        )
        return (
          <fieldset key={ruleIndex} className="admin-ranges admin-form-editor__rule">
            <legend>{t('admin.forms.edit.rule', { n })}</legend>
            <div className="widget-field">
              <label htmlFor={`${id}-field`}>{t('admin.forms.edit.when')}</label>
              <select
                id={`${id}-field`}
                value={rule.when.field}
                onChange={(event) =>
                  setRule(ruleIndex, {
                    ...rule,
                    when: conditionFor(fields.find((field) => field.id === event.target.value)),
                  })
                }
              >
                {source ? null : <option value={rule.when.field}>{rule.when.field}</option>}
                {fieldOptions}
              </select>
            </div>
            <ConditionValue
              id={`${id}-value`}
              label={valueLabel}
              rule={rule}
              source={source}
              language={language}
              onChange={(when) => setRule(ruleIndex, { ...rule, when })}
            />
            <div className="widget-field">
              <label htmlFor={`${id}-action`}>{t('admin.forms.edit.then')}</label>
              <select
                id={`${id}-action`}
                value={rule.then.action}
                onChange={(event) =>
                  setRule(ruleIndex, {
                    ...rule,
                    then: thenFor(event.target.value as RuleAction['action']),
                  })
                }
              >
                {(actions.includes(rule.then.action)
                  ? actions
                  : [...actions, rule.then.action]
                ).map((action) => (
                  <option key={action} value={action}>
                    {t(`admin.forms.edit.actions.${action}`)}
                  </option>
                ))}
              </select>
            </div>
            {rule.then.action === 'show' || rule.then.action === 'hide' ? (
              <div className="widget-field">
                <label htmlFor={`${id}-target`}>{t('admin.forms.edit.targetQuestion')}</label>
                <select
                  id={`${id}-target`}
                  value={rule.then.field}
                  onChange={(event) =>
                    setRule(ruleIndex, {
                      ...rule,
                      then: {
                        action: rule.then.action === 'hide' ? 'hide' : 'show',
                        field: event.target.value,
                      },
                    })
                  }
                >
                  {fields.some(
                    (field) => 'field' in rule.then && field.id === rule.then.field,
                  ) ? null : (
                    <option value={rule.then.field}>{rule.then.field}</option>
                  )}
                  {fieldOptions}
                </select>
              </div>
            ) : null}
            {rule.then.action === 'jump' ? (
              <div className="widget-field">
                <label htmlFor={`${id}-target`}>{t('admin.forms.edit.targetPage')}</label>
                <select
                  id={`${id}-target`}
                  value={rule.then.page}
                  onChange={(event) =>
                    setRule(ruleIndex, {
                      ...rule,
                      then: { action: 'jump', page: event.target.value },
                    })
                  }
                >
                  {definition.pages.map((page, index) => (
                    <option key={page.id} value={page.id}>
                      {pageName(page, index)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <Message id={`${id}-error`} message={message} />
            <button
              type="button"
              className="widget-button widget-button--quiet"
              onClick={() =>
                edit((current) => ({
                  ...current,
                  rules: (current.rules ?? []).filter((_, index) => index !== ruleIndex),
                }))
              }
            >
              {t('admin.forms.edit.removeRule', { n })}
            </button>
          </fieldset>
        )
      })}
      <button
        type="button"
        className="widget-button"
        disabled={fields.length === 0}
        onClick={() => {
          focusLater(`form-edit-rule-${rules.length}-field`)
          edit((current) => ({ ...current, rules: [...(current.rules ?? []), newRule(current)] }))
        }}
      >
        {t('admin.forms.edit.addRule')}
      </button>
    </fieldset>
  )
}

/** The value a rule's question is compared with, chosen as that question is answered. */
function ConditionValue({
  id,
  label,
  rule,
  source,
  language,
  onChange,
}: {
  id: string
  label: string
  rule: FormRule
  source: FormField | undefined
  language: string
  onChange: (when: FormRule['when']) => void
}) {
  const { t } = useTranslation()
  const { when } = rule
  const select = (choices: { value: string; label: string }[], current: string) => (
    <select id={id} value={current} onChange={(event) => pick(event.target.value)}>
      {choices.some((choice) => choice.value === current) ? null : (
        <option value={current}>{current}</option>
      )}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  )
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => ({
      value: String(from + index),
      label: String(from + index),
    }))
  let pick: (value: string) => void = (value) => onChange({ field: when.field, equals: value })
  let control: ReactNode
  switch (source?.type) {
    case 'multipleChoice':
      pick = (value) => onChange({ field: when.field, includes: value })
      control = select(
        source.options.map((option) => ({
          value: option.id,
          label: textIn(option.label, language) || option.id,
        })),
        String(when.includes ?? ''),
      )
      break
    case 'singleChoice':
      control = select(
        source.options.map((option) => ({
          value: option.id,
          label: textIn(option.label, language) || option.id,
        })),
        String(when.equals ?? ''),
      )
      break
    case 'rating':
    case 'score': {
      const scale = source.type === 'rating' ? RATING_RANGE : SCORE_RANGE
      pick = (value) => onChange({ field: when.field, equals: Number(value) })
      control = select(range(scale.min, scale.max), String(when.equals ?? ''))
      break
    }
    case 'consent':
      pick = (value) => onChange({ field: when.field, equals: value === 'true' })
      control = select(
        [
          { value: 'true', label: t('admin.forms.yes') },
          { value: 'false', label: t('admin.forms.no') },
        ],
        String(when.equals ?? ''),
      )
      break
    case 'number':
      control = (
        <input
          id={id}
          type="number"
          value={String(when.equals ?? '')}
          onChange={(event) =>
            onChange({
              field: when.field,
              equals: event.target.value === '' ? '' : Number(event.target.value),
            })
          }
        />
      )
      break
    default:
      control = (
        <input
          id={id}
          type="text"
          value={String(when.equals ?? when.includes ?? '')}
          onChange={(event) => pick(event.target.value)}
        />
      )
  }
  return (
    <div className="widget-field">
      <label htmlFor={id}>{label}</label>
      {control}
    </div>
  )
}
