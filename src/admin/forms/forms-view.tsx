import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useCallback, useEffect, useState } from 'react'
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
import { useAdmin } from '../shell/admin-context'
import { Alert, messageOf } from '../shell/fields'
import { ScrollRegion } from '../shell/scroll-region'
import { usePages } from '../shell/use-pages'
import { FormEditor } from './form-editor'
import { formResponsesCsvUrl } from './forms-api'
import { LoadMore } from '../shell/load-more'

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
  const { api } = useAdmin()
  const [forms, setForms] = useState<FormSummary[]>()
  const [error, setError] = useState<string>()
  const [status, setStatus] = useState<string>()
  const [selected, setSelected] = useState<FormSummary>()
  // The form being edited, or the kind of a new one; undefined while the editor is closed.
  const [editing, setEditing] = useState<FormSummary | FormKind>()

  const load = useCallback(
    () =>
      api.forms().then((list) => {
        setForms(list.forms)
        // An open form's responses are read against its definition as it is now.
        setSelected((open) => open && list.forms.find((form) => form.id === open.id))
      }),
    [api],
  )

  useEffect(() => {
    let current = true
    api.forms().then(
      (list) => current && setForms(list.forms),
      (failure: unknown) => current && setError(messageOf(failure)),
    )
    return () => {
      current = false
    }
  }, [api])

  const open = (target: FormSummary | FormKind) => {
    setStatus(undefined)
    setEditing(target)
  }
  const saved = (message: string) => {
    setEditing(undefined)
    setStatus(message)
    load().catch((failure: unknown) => setError(messageOf(failure)))
  }

  const locale = i18n.language
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <section aria-labelledby="forms-title">
      <div className="admin-title-row">
        <h1 id="forms-title">{t('admin.forms.title')}</h1>
        <div className="admin-toolbar">
          <button
            type="button"
            className="widget-button widget-button--primary"
            onClick={() => open('form')}
          >
            {t('admin.forms.edit.newForm')}
          </button>
          <button type="button" className="widget-button" onClick={() => open('survey')}>
            {t('admin.forms.edit.newSurvey')}
          </button>
        </div>
      </div>
      <Alert>{error}</Alert>
      <p role="status" className="admin-status">
        {status}
      </p>
      {forms?.length === 0 ? <p>{t('admin.forms.empty')}</p> : null}
      {forms && forms.length > 0 ? (
        <ScrollRegion label={t('admin.forms.list')}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.forms.name')}</th>
                <th scope="col">{t('admin.forms.kind')}</th>
                <th scope="col">{t('admin.forms.responses')}</th>
                <th scope="col">{t('admin.forms.link')}</th>
                <th scope="col">{t('admin.forms.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {forms.map((form) => {
                const title = textIn(form.definition.title, locale)
                return (
                  <tr key={form.id} aria-current={selected?.id === form.id ? 'true' : undefined}>
                    <td>
                      <button
                        type="button"
                        className="admin-link"
                        onClick={() => setSelected(form)}
                      >
                        {title}
                      </button>
                    </td>
                    <td>{t(`admin.forms.kinds.${form.kind}`)}</td>
                    <td>{form.responses}</td>
                    <td className="admin-break">
                      {form.published ? (
                        <a
                          href={widgetPath(form, locale)}
                        >{`${origin}${widgetPath(form, locale)}`}</a>
                      ) : (
                        <span className="widget-choice__meta">{t('admin.forms.draft')}</span>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="widget-button widget-button--quiet"
                        onClick={() => open(form)}
                      >
                        {t('admin.forms.edit.edit')}
                        <span className="visually-hidden"> {title}</span>
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {editing ? (
        <FormEditor
          // A new editor for each form: its draft starts from that form.
          key={typeof editing === 'string' ? `new-${editing}` : `edit-${editing.id}`}
          form={typeof editing === 'string' ? undefined : editing}
          kind={typeof editing === 'string' ? editing : editing.kind}
          onSaved={saved}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {selected ? <FormResponses key={selected.id} form={selected} /> : null}
    </section>
  )
}

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
  const {
    items: responses,
    next,
    error,
    loading,
    loadMore,
  } = usePages<StoredResponse, number>(fetchPage)
  const fields = allFields(form.definition)
  const title = textIn(form.definition.title, i18n.language)

  return (
    // Not a landmark of its own: the responses' table is, under the same heading.
    <section className="admin-panel">
      <h2 id="form-responses-title">{t('admin.forms.responsesOf', { title })}</h2>
      <p>
        <a href={formResponsesCsvUrl(form.id, i18n.language)} download>
          {t('admin.forms.csv')}
        </a>
      </p>
      <Alert>{error}</Alert>
      {!loading && !error && responses.length === 0 ? <p>{t('admin.forms.noResponses')}</p> : null}
      {responses.length > 0 ? (
        <ScrollRegion labelledBy="form-responses-title">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.forms.submittedAt')}</th>
                {fields.map((field) => (
                  <th scope="col" key={field.id}>
                    {textIn(field.label, i18n.language)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {responses.map((response) => (
                <tr key={response.id}>
                  <td>{formatDateTime(response.createdAt, business.timeZone, tag)}</td>
                  {fields.map((field) => {
                    const answer = response.answers[field.id]
                    return (
                      <td key={field.id} className="admin-break">
                        {answer === undefined ? (
                          <>
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">{t('admin.forms.noAnswer')}</span>
                          </>
                        ) : (
                          answerText(field, answer)
                        )}
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      <LoadMore
        more={next !== null}
        loading={loading}
        onLoad={loadMore}
        label={t('admin.forms.older')}
      />
    </section>
  )
}
