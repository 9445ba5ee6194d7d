import { checkAnswers } from '../../src/lib/forms/answers'
import { allFields, textIn, type AnswerValue } from '../../src/lib/forms/definition'
import type { IntakeView } from '../../src/lib/admin/api-types'
import type { IntakeAnswers } from '../../src/lib/validation/booking-request'
import type { Queryable } from '../db'
import { refuse } from '../booking/refusals'
import { findForm, findVersion, insertResponse, responsesOfBookings } from './store'

/** Where a widget shows an intake answer's message: beside the field, under its form. */
export const intakeFieldPath = (formId: number, fieldId: string) => `intake.f${formId}.${fieldId}`

/**
 * The intake answers of a booking, checked before its transaction: every form the chosen services
 * attach must be answered (a required question left out is refused as on any form), against the
 * version the visitor saw; answers to a form no chosen service asks are refused. Returns the
 * answers as they will be stored: none for a form left blank.
 */
export async function checkIntake(
  db: Queryable,
  intakeFormIds: (number | null)[],
  given: IntakeAnswers[] = [],
  fallbackLocale: string,
): Promise<IntakeAnswers[]> {
  const asked = [...new Set(intakeFormIds.filter((id): id is number => id !== null))]
  const fields: Record<string, string> = {}
  const checked: IntakeAnswers[] = []
  for (const entry of given) {
    if (!asked.includes(entry.formId)) {
      fields[`intake.f${entry.formId}`] = 'None of the chosen services asks these questions.'
    }
  }
  for (const formId of asked) {
    const entry = given.find((answers) => answers.formId === formId)
    const form = await findForm(db, formId, { drafts: true })
    if (!form) continue
    const version = entry?.version ?? form.version
    const definition =
      version === form.version ? form.definition : await findVersion(db, formId, version)
    if (!definition) {
      fields[`intake.f${formId}`] = 'This version of the form does not exist.'
      continue
    }
    const { value, errors } = checkAnswers(definition, entry?.answers ?? {})
    for (const [field, message] of Object.entries(errors)) {
      fields[field === '_' ? `intake.f${formId}` : intakeFieldPath(formId, field)] = message
    }
    // A form left blank (nothing it asks is required) has nothing to store or announce.
    if (Object.keys(value).length === 0) continue
    checked.push({ formId, version, locale: entry?.locale ?? fallbackLocale, answers: value })
  }
  const messages = [...new Set(Object.values(fields))]
  if (messages.length > 0) refuse({ kind: 'invalid', message: messages[0]!, fields })
  return checked
}

/** Stores a booking's intake answers in its transaction. */
export async function storeIntake(tx: Queryable, bookingId: number, intake: IntakeAnswers[]) {
  for (const { formId, version, locale, answers } of intake) {
    await insertResponse(tx, { formId, version, locale, answers, bookingId })
  }
}

/**
 * The intake answers of bookings as the business reads them, questions and options by their
 * labels: one query for any number of bookings (the dashboard's pages), by booking id.
 */
export async function intakeOfBookings(
  db: Queryable,
  bookingIds: number[],
  locale = 'en',
): Promise<Map<number, IntakeView[]>> {
  const intake = new Map<number, IntakeView[]>(bookingIds.map((id) => [id, []]))
  if (bookingIds.length === 0) return intake
  for (const { bookingId, formId, version, answers, definition } of await responsesOfBookings(
    db,
    bookingIds,
  )) {
    intake.get(bookingId)?.push({
      formId,
      version,
      title: textIn(definition.title, locale),
      answers: allFields(definition)
        .filter((field) => answers[field.id] !== undefined)
        .map((field) => {
          const answer = answers[field.id] as AnswerValue
          const named = (id: string) =>
            'options' in field
              ? textIn(field.options.find((o) => o.id === id)?.label, locale) || id
              : id
          return {
            fieldId: field.id,
            label: textIn(field.label, locale),
            answer: Array.isArray(answer)
              ? answer.map(named)
              : typeof answer === 'string'
                ? named(answer)
                : answer,
          }
        }),
    })
  }
  return intake
}
