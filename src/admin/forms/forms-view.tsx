import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useState } from 'react'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { FormKind, FormSummary, StoredResponse } from '../../lib/admin/form-types'
import {
  allFields,
  RATING_RANGE,
  SCORE_RANGE,
  textIn,
  type AnswerValue,
  type FormField,
} from '../../lib/forms/definition'
import { formatDateTime } from '../../lib/format/booking'
import type { AdminApi } from '../api'
import { MainAction } from '../kit/main-action'
import { PagedTable } from '../kit/paged'
import { ResourceTable, type Column } from '../kit/resource-table'
import { editColumn } from '../kit/row-actions'
import { Screen } from '../kit/screen'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { useAdmin } from '../shell/admin-context'
import { Alert } from '../shell/fields'
import { usePages } from '../shell/use-pages'
import { FormEditor } from './form-editor'
import { formResponsesCsvUrl } from './forms-api'

/** The visitors' page of a form or survey: the widget route of its kind, by its slug. */
export const widgetPath = (form: FormSummary, locale: string) =>
  `/${locale}/widget/${form.kind}/${form.slug}`

/**
 * The forms and surveys (issue 20): each with its count of responses and its public link, made
 * and edited in the form editor; one's responses as a table, a column per question of its current version, and the CSV of them all
 * (which also keeps the columns of questions removed since).
 */
export function FormsView() {
  const { t, i18n } = useTranslation()
  const forms = useLoad(listForms)
  const [selected, setSelected] = useState<FormSummary>()
  // The form being edited, or the kind of a new one.
  const { editing, status, open, close, done } = useEditing<FormSummary | FormKind>()
  const target = editing?.row
  const saved = (message: string) => {
    done(message)
    // An open form's responses are read against its definition as it is now.
    void forms
      .reload()
      .then(
        (list) =>
          list && setSelected((shown) => shown && list.find((form) => form.id === shown.id)),
      )
  }

  const locale = i18n.language
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const columns: Column<FormSummary>[] = [
    {
      id: 'name',
      header: t('admin.forms.name'),
      cell: (form) => (
        <button type="button" className="admin-link" onClick={() => setSelected(form)}>
          {textIn(form.definition.title, locale)}
        </button>
      ),
    },
    {
      id: 'kind',
      header: t('admin.forms.kind'),
      cell: (form) => t(`admin.forms.kinds.${form.kind}`),
    },
    { id: 'responses', header: t('admin.forms.responses'), cell: (form) => form.responses },
    {
      id: 'link',
      header: t('admin.forms.link'),
      className: 'admin-break',
      cell: (form) =>
        form.published ? (
          <a href={widgetPath(form, locale)}>{`${origin}${widgetPath(form, locale)}`}</a>
        ) : (
          <span className="widget-choice__meta">{t('admin.forms.draft')}</span>
        ),
    },
    editColumn(
      t('admin.forms.actions'),
      t('admin.forms.edit.edit'),
      (form) => textIn(form.definition.title, locale),
      open,
    ),
  ]

  return (
    <Screen
      id="forms-title"
      title={t('admin.forms.title')}
      actions={
        <>
          <MainAction label={t('admin.forms.edit.newForm')} onClick={() => open('form')} />
          <button type="button" className="widget-button" onClick={() => open('survey')}>
            {t('admin.forms.edit.newSurvey')}
          </button>
        </>
      }
      error={forms.error}
      status={status}
    >
      <ResourceTable
        label={t('admin.forms.list')}
        rows={forms.data}
        columns={columns}
        rowId={(form) => form.id}
        current={selected?.id}
        empty={t('admin.forms.empty')}
      />
      {target ? (
        <FormEditor
          // A new editor for each form: its draft starts from that form.
          key={typeof target === 'string' ? `new-${target}` : `edit-${target.id}`}
          form={typeof target === 'string' ? undefined : target}
          kind={typeof target === 'string' ? target : target.kind}
          onSaved={saved}
          onClose={close}
        />
      ) : null}
      {selected ? <FormResponses key={selected.id} form={selected} /> : null}
    </Screen>
  )
}

const listForms = (api: AdminApi) => api.forms().then((list) => list.forms)

/** A date answer (YYYY-MM-DD) with its year: it may be a birthday as well as next week. */
const formatAnswerDate = (date: string, tag: string) =>
  new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  )

/** One answer as the business reads it: choices by their labels, dates and yes/no in words. */
function useAnswerText() {
  const { t, i18n } = useTranslation()
  const tag = useLanguageTag()
  return (field: FormField, answer: AnswerValue): string => {
    const label = (id: string) => {
      const option = 'options' in field ? field.options.find((each) => each.id === id) : undefined
      return option ? textIn(option.label, i18n.language) : id
    }
    if (Array.isArray(answer)) return answer.map(label).join(', ')
    if (typeof answer === 'boolean') return answer ? t('admin.forms.yes') : t('admin.forms.no')
    switch (field.type) {
      case 'singleChoice':
        return label(String(answer))
      case 'date':
        return formatAnswerDate(String(answer), tag)
      case 'rating':
        return t('admin.forms.outOf', { value: answer, max: RATING_RANGE.max })
      case 'score':
        return t('admin.forms.outOf', { value: answer, max: SCORE_RANGE.max })
      default:
        return String(answer)
    }
  }
}

function FormResponses({ form }: { form: FormSummary }) {
  const { t, i18n } = useTranslation()
  const tag = useLanguageTag()
  const { api, business } = useAdmin()
  const answerText = useAnswerText()
  const fetchPage = useCallback(
    (before?: number) =>
      api.formResponses(form.id, before).then((page) => ({
        items: page.responses,
        next: page.next,
      })),
    [api, form.id],
  )
  const pages = usePages<StoredResponse, number>(fetchPage)
  const title = textIn(form.definition.title, i18n.language)
  const columns: Column<StoredResponse>[] = [
    {
      id: 'submittedAt',
      header: t('admin.forms.submittedAt'),
      cell: (response) => formatDateTime(response.createdAt, business.timeZone, tag),
    },
    // Prefixed: a question's id is the form author's, and may be any word.
    ...allFields(form.definition).map((field): Column<StoredResponse> => ({
      id: `field-${field.id}`,
      header: textIn(field.label, i18n.language),
      className: 'admin-break',
      cell: (response) => {
        const answer = response.answers[field.id]
        return answer === undefined ? (
          <>
            <span aria-hidden="true">–</span>
            <span className="visually-hidden">{t('admin.forms.noAnswer')}</span>
          </>
        ) : (
          answerText(field, answer)
        )
      },
    })),
  ]

  return (
    // Not a landmark of its own: the responses' table is, under the same name as its heading.
    <section className="admin-panel">
      <h2>{t('admin.forms.responsesOf', { title })}</h2>
      <p>
        <a href={formResponsesCsvUrl(form.id, i18n.language)} download>
          {t('admin.forms.csv')}
        </a>
      </p>
      <Alert>{pages.error}</Alert>
      <PagedTable
        label={t('admin.forms.responsesOf', { title })}
        pages={pages}
        older={t('admin.forms.older')}
        columns={columns}
        rowId={(response) => response.id}
        empty={t('admin.forms.noResponses')}
      />
    </section>
  )
}
