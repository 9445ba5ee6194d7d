import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useEffect, useMemo, useState } from 'react'
import { Form } from 'react-final-form'
import { ErrorScreen } from '../../components/error-views/error-screen'
import { isUnreachable, UnreachableScreen } from '../../components/booking/unreachable'
import { StepHeading } from '../../components/booking/step-heading'
import { WidgetLoading } from '../../components/booking/widget-loading'
import { useMessage } from '../../components/use-message'
import { usePageLocale } from '../../components/use-page-locale'
import { checkAnswers } from '../../lib/forms/answers'
import { textIn, type Answers, type FormDefinition } from '../../lib/forms/definition'
import type { FormResponseCreated } from '../../lib/forms/response-request'
import { nextPage, visibleFieldIds } from '../../lib/forms/rules'
import { isHttpError } from '../../lib/http'
import type { ErrorObject } from '../../lib/http/error-object'
import { fetchForm, postResponse, type PublicForm } from './api'
import { FormFieldInput } from './form-fields'
import { widgetNotFound, type WidgetLocation } from '../shell/not-found'

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; form: PublicForm }
  | { state: 'missing' }
  /** No answer came (the API is down or the network failed): the visitor may try again. */
  | { state: 'unreachable' }
  | { state: 'failed'; error: ErrorObject }

/**
 * `/widget/form/:id` and `/widget/survey/:id` (spec §2, form layout): a published form or survey
 * by id or slug, its answers checked as the server will check them, then its thank-you text and
 * the business's link onward, if it set one. A form asked for on the survey route, or the other
 * way round, is not found.
 */
export function FormWidget({
  kind,
  idOrSlug,
  location,
}: {
  kind: 'form' | 'survey'
  idOrSlug: string
  location: WidgetLocation
}) {
  const { t } = useTranslation()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [sent, setSent] = useState<FormResponseCreated>()
  const locale = usePageLocale()
  useEffect(() => {
    let current = true
    fetchForm(idOrSlug).then(
      (form) => {
        if (!current) return
        setLoaded(form.kind === kind ? { state: 'ready', form } : { state: 'missing' })
      },
      (error: unknown) => {
        if (!current) return
        setLoaded(
          isUnreachable(error)
            ? { state: 'unreachable' }
            : isHttpError(error) && error.statusCode !== 404
              ? { state: 'failed', error }
              : { state: 'missing' },
        )
      },
    )
    return () => {
      current = false
    }
  }, [idOrSlug, kind, attempt])

  if (loaded.state === 'loading') return <WidgetLoading />
  if (loaded.state === 'missing')
    return (
      <ErrorScreen error={widgetNotFound(location, 'The form you asked for does not exist.')} />
    )
  if (loaded.state === 'unreachable') {
    // As the booking flow does: the spec's words and a retry, never a proxy's raw status text.
    return (
      <UnreachableScreen
        title={t('widget.formUnavailable')}
        message={t('widget.formUnreachable')}
        onRetry={() => {
          setLoaded({ state: 'loading' })
          setAttempt((n) => n + 1)
        }}
      />
    )
  }
  if (loaded.state === 'failed') return <ErrorScreen error={loaded.error} />
  const { definition } = loaded.form
  return (
    <main className="widget form-widget" aria-labelledby="widget-title">
      <h1 id="widget-title">{textIn(definition.title, locale)}</h1>
      {sent ? (
        <ThankYou sent={sent} />
      ) : (
        <>
          {definition.description ? <p>{textIn(definition.description, locale)}</p> : null}
          <Questions form={loaded.form} locale={locale} onSent={setSent} />
        </>
      )}
    </main>
  )
}

function ThankYou({ sent }: { sent: FormResponseCreated }) {
  const { t } = useTranslation()
  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.thankYou')}</StepHeading>
      <p>{sent.thankYou || t('form.received')}</p>
      {sent.redirectUrl ? (
        <a className="widget-button" href={sent.redirectUrl} target="_top">
          {t('widget.continue')}
        </a>
      ) : null}
    </section>
  )
}

/** The answers of the fields on one page that the visitor can see, as final-form errors. */
function pageErrors(definition: FormDefinition, page: number, values: Answers) {
  const visible = visibleFieldIds(definition, values)
  const onPage = new Set(
    definition.pages[page]?.fields.filter((f) => visible.has(f.id)).map((f) => f.id),
  )
  const { errors } = checkAnswers(definition, values)
  return Object.fromEntries(Object.entries(errors).filter(([field]) => onPage.has(field)))
}

/**
 * The pages of questions. "Next" goes where the rules say once this page's answers are fine;
 * "Back" returns along the way the visitor came, with every answer kept (one final-form holds
 * them all); the last page sends them.
 */
function Questions({
  form,
  locale,
  onSent,
}: {
  form: PublicForm
  locale: string
  onSent: (sent: FormResponseCreated) => void
}) {
  const { t } = useTranslation()
  const translate = useMessage()
  const { definition } = form
  const [trail, setTrail] = useState<number[]>([0])
  const page = trail.at(-1) ?? 0
  const total = definition.pages.length
  const validate = useMemo(
    () => (values: Answers) => pageErrors(definition, page, values),
    [definition, page],
  )

  const onSubmit = async (values: Answers) => {
    const next = nextPage(definition, page, values)
    if (next !== 'end') {
      setTrail([...trail, next])
      return undefined
    }
    try {
      onSent(
        await postResponse(form.id, {
          version: form.version,
          locale,
          answers: checkAnswers(definition, values).value,
        }),
      )
      return undefined
    } catch (error) {
      if (isHttpError(error) && error.fields) return error.fields
      if (isUnreachable(error)) return { [FORM_ERROR]: t('widget.formSendUnreachable') }
      return { [FORM_ERROR]: isHttpError(error) ? error.statusMessage : String(error) }
    }
  }

  return (
    <Form<Answers>
      onSubmit={onSubmit}
      validate={validate}
      render={({ handleSubmit, values, submitting, submitError }) => {
        const visible = visibleFieldIds(definition, values)
        const last = nextPage(definition, page, values) === 'end'
        const current = definition.pages[page]
        return (
          <form className="widget-step" onSubmit={handleSubmit} noValidate>
            {total > 1 ? (
              <div className="form-progress">
                <progress
                  value={page + 1}
                  max={total}
                  aria-label={t('form.progress', { current: page + 1, total })}
                />
                <span aria-hidden="true">{t('form.progress', { current: page + 1, total })}</span>
              </div>
            ) : null}
            {current?.title ? <h2>{textIn(current.title, locale)}</h2> : null}
            {current?.fields
              .filter((field) => visible.has(field.id))
              .map((field) => (
                <FormFieldInput key={field.id} field={field} locale={locale} />
              ))}
            {submitError ? (
              <p className="widget-field__error" role="alert">
                {translate(submitError as string)}
              </p>
            ) : null}
            <div className="widget-actions">
              {trail.length > 1 ? (
                <button
                  type="button"
                  className="widget-button"
                  onClick={() => setTrail(trail.slice(0, -1))}
                >
                  {t('widget.back')}
                </button>
              ) : null}
              <button
                type="submit"
                className="widget-button widget-button--primary"
                disabled={submitting}
              >
                {last ? (submitting ? t('form.sending') : t('form.send')) : t('form.next')}
              </button>
            </div>
          </form>
        )
      }}
    />
  )
}
