/* The form editor's pages, their questions and each question's options. */
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useState } from 'react'
import {
  FIELD_TYPES,
  textIn,
  type ChoiceOption,
  type FieldType,
  type FormDefinition,
  type FormField,
  type FormPage,
  type LocalizedText,
} from '../../lib/forms/definition'
import {
  fieldIds,
  idFrom,
  newField,
  newOption,
  renameField,
  renameOption,
  withKey,
} from './definition-edit'
import { swapped } from '../kit/reorder'
import { FieldNote, LabelledField, Options } from '../shell/fields'
import {
  inputId,
  EditorContext,
  TextInput,
  PlainInput,
  numberOrNone,
  shown,
  ItemButtons,
} from './editor-parts'

export function PageEditor({
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
      <FieldNote id={`${key}-fields-error`} kind="error" text={fieldsProblem} />
      <div className="admin-toolbar">
        <LabelledField id={`${key}-type`} label={t('admin.forms.edit.newType')}>
          <select
            id={`${key}-type`}
            value={adding}
            onChange={(event) => setAdding(event.target.value as FieldType)}
          >
            <Options choices={FIELD_TYPES.map((type) => [type, t(`admin.forms.types.${type}`)])} />
          </select>
        </LabelledField>
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
        <Bounds
          bounds={['min', 'max']}
          field={field}
          path={path}
          context={context}
          editField={editField}
        />
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
        <Bounds
          bounds={['minSelections', 'maxSelections']}
          field={field}
          path={path}
          context={context}
          editField={editField}
        />
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

type Bound = 'min' | 'max' | 'minSelections' | 'maxSelections'

/** Two optional numbers of a field side by side: a number's range, a multiple choice's count. */
function Bounds({
  bounds,
  field,
  path,
  context,
  editField,
}: {
  bounds: readonly [Bound, Bound]
  field: Partial<Record<Bound, number>>
  path: (string | number)[]
  context: EditorContext
  editField: (change: (field: FormField) => FormField) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="admin-form-editor__pair">
      {bounds.map((bound) => (
        <PlainInput
          key={bound}
          path={[...path, bound]}
          label={t(`admin.forms.edit.${bound}`)}
          type="number"
          value={shown(field[bound])}
          context={context}
          onChange={(value) => editField((current) => withKey(current, bound, numberOrNone(value)))}
        />
      ))}
    </div>
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
      <FieldNote id={`${listKey}-error`} kind="error" text={listProblem} />
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
