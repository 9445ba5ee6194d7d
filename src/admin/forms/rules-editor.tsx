/* The form editor's rules: when a question's answer is a value, show, hide, jump or end. */
import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { ReactNode } from 'react'
import {
  RATING_RANGE,
  SCORE_RANGE,
  textIn,
  type FormDefinition,
  type FormField,
  type FormPage,
  type FormRule,
  type RuleAction,
} from '../../lib/forms/definition'
import { QuietButton } from '../kit/main-action'
import { FieldNote, LabelledField, Options } from '../shell/fields'
import { conditionFor, newRule } from './definition-edit'
import { EditorContext } from './editor-parts'

export function RulesEditor({
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
  const fieldOptions = (
    <Options choices={fields.map((field, index) => [field.id, fieldName(field, index)])} />
  )

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
            <LabelledField id={`${id}-field`} label={t('admin.forms.edit.when')}>
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
            </LabelledField>
            <ConditionValue
              id={`${id}-value`}
              label={valueLabel}
              rule={rule}
              source={source}
              language={language}
              onChange={(when) => setRule(ruleIndex, { ...rule, when })}
            />
            <LabelledField id={`${id}-action`} label={t('admin.forms.edit.then')}>
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
                <Options
                  choices={(actions.includes(rule.then.action)
                    ? actions
                    : [...actions, rule.then.action]
                  ).map((action) => [action, t(`admin.forms.edit.actions.${action}`)])}
                />
              </select>
            </LabelledField>
            {rule.then.action === 'show' || rule.then.action === 'hide' ? (
              <LabelledField id={`${id}-target`} label={t('admin.forms.edit.targetQuestion')}>
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
              </LabelledField>
            ) : null}
            {rule.then.action === 'jump' ? (
              <LabelledField id={`${id}-target`} label={t('admin.forms.edit.targetPage')}>
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
                  <Options
                    choices={definition.pages.map((page, index) => [
                      page.id,
                      pageName(page, index),
                    ])}
                  />
                </select>
              </LabelledField>
            ) : null}
            <FieldNote id={`${id}-error`} kind="error" text={message} />
            <QuietButton
              onClick={() =>
                edit((current) => ({
                  ...current,
                  rules: (current.rules ?? []).filter((_, index) => index !== ruleIndex),
                }))
              }
            >
              {t('admin.forms.edit.removeRule', { n })}
            </QuietButton>
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
      <Options choices={choices.map((choice) => [choice.value, choice.label])} />
    </select>
  )
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => ({
      value: String(from + index),
      label: String(from + index),
    }))
  const optionsOf = (choice: Extract<FormField, { options: unknown }>) =>
    choice.options.map((option) => ({
      value: option.id,
      label: textIn(option.label, language) || option.id,
    }))
  let pick: (value: string) => void = (value) => onChange({ field: when.field, equals: value })
  let control: ReactNode
  switch (source?.type) {
    case 'multipleChoice':
      pick = (value) => onChange({ field: when.field, includes: value })
      control = select(optionsOf(source), String(when.includes ?? ''))
      break
    case 'singleChoice':
      control = select(optionsOf(source), String(when.equals ?? ''))
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
    <LabelledField id={id} label={label}>
      {control}
    </LabelledField>
  )
}
