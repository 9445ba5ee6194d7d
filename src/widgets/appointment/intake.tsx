import { useEffect, useState } from 'react'
import { precheckAnswers } from '../../lib/forms/answer-rules'
import { textIn, type Answers } from '../../lib/forms/definition'
import { visibleFieldIds } from '../../lib/forms/rules'
import type { PublicService } from '../../lib/booking/api-types'
import type { IntakeAnswers } from '../../lib/validation/booking-request'
import { fetchIntakeForm, type PublicForm } from '../forms/api'
import { FormFieldInput } from '../forms/form-fields'

/** The details step's values for intake answers: per form, under `f<form id>`. */
export type IntakeValues = Record<string, Answers>

const key = (form: PublicForm) => `f${form.id}`

/**
 * The intake forms of the chosen services, once each (issue 18). A form that cannot be loaded is
 * left out here; the server still asks for its answers, and its message names the form.
 */
export function useIntakeForms(services: PublicService[]): PublicForm[] {
  const ids = [...new Set(services.map((s) => s.intakeFormId).filter((id) => id !== null))]
  const wanted = ids.join(',')
  // Kept with the ids they were loaded for: other services' forms are never shown.
  const [loaded, setLoaded] = useState<{ ids: string; forms: PublicForm[] }>()
  useEffect(() => {
    if (!wanted) return
    let current = true
    Promise.all(
      wanted.split(',').map((id) => fetchIntakeForm(Number(id)).catch(() => undefined)),
    ).then((forms) => {
      if (current) {
        setLoaded({ ids: wanted, forms: forms.filter((f): f is PublicForm => f !== undefined) })
      }
    })
    return () => {
      current = false
    }
  }, [wanted])
  return loaded?.ids === wanted ? loaded.forms : []
}

/** The answers the booking request carries, checked and compacted as the server stores them. */
export function intakeEntries(
  forms: PublicForm[],
  values: IntakeValues | undefined,
  locale: string,
): IntakeAnswers[] {
  return forms.map((form) => ({
    formId: form.id,
    version: form.version,
    locale,
    answers: precheckAnswers(form.definition, values?.[key(form)] ?? {}).value,
  }))
}

/** final-form errors for the intake answers, where the fields sit: intake.f<form>.<field>. */
export function intakeErrors(forms: PublicForm[], values: IntakeValues | undefined) {
  const errors: Record<string, Record<string, string>> = {}
  for (const form of forms) {
    const found = precheckAnswers(form.definition, values?.[key(form)] ?? {}).errors
    if (Object.keys(found).length > 0) errors[key(form)] = found
  }
  return Object.keys(errors).length > 0 ? { intake: errors } : {}
}

/** Each intake form's questions, as a group under its title, with its rules applied. */
export function IntakeQuestions({
  forms,
  values,
  locale,
}: {
  forms: PublicForm[]
  values: IntakeValues | undefined
  locale: string
}) {
  return (
    <>
      {forms.map((form) => {
        const answers = values?.[key(form)] ?? {}
        const visible = visibleFieldIds(form.definition, answers)
        const description = textIn(form.definition.description, locale)
        return (
          <fieldset key={form.id} className="widget-intake">
            <legend>{textIn(form.definition.title, locale)}</legend>
            {description ? <p>{description}</p> : null}
            {form.definition.pages
              .flatMap((page) => page.fields)
              .filter((field) => visible.has(field.id))
              .map((field) => (
                <FormFieldInput
                  key={field.id}
                  field={field}
                  locale={locale}
                  name={`intake.${key(form)}.${field.id}`}
                />
              ))}
          </fieldset>
        )
      })}
    </>
  )
}
