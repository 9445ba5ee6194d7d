import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { FormInput, FormKind, FormPatch, StoredForm } from '../../lib/admin/form-types'
import {
  textIn,
  type FormDefinition,
  type FormField,
  type FormPage,
  type LocalizedText,
} from '../../lib/forms/definition'
import { QuietButton } from '../kit/main-action'
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf, Options } from '../shell/fields'
import { EDITING_LOCALES, idFrom, problemsOf, withKey, type Problem } from './definition-edit'
import { swapped } from '../kit/reorder'
import {
  useIdentities,
  pathKey,
  useLanguageName,
  EditorContext,
  TextInput,
  PlainInput,
} from './editor-parts'
import { PageEditor } from './page-editor'
import { RulesEditor } from './rules-editor'

interface Draft {
  slug: string
  published: boolean
  definition: FormDefinition
}

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
            <Options choices={EDITING_LOCALES.map((locale) => [locale, languageName(locale)])} />
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
          <QuietButton onClick={onClose}>{t('admin.forms.edit.close')}</QuietButton>
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
