import { FORM_ERROR } from 'final-form'
import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useAtomValue, useSetAtom } from 'jotai'
import { useMemo } from 'react'
import { Field, Form, useField, useFormState } from 'react-final-form'
import { partyPrice } from '../../../lib/booking/pricing'
import { isHttpError, type ErrorCode } from '../../../lib/http'
import { CONTACT_FIELDS, type ContactField } from '../../../lib/validation/booking-details'
import { MESSAGES } from '../../../lib/validation/messages'
import { postBooking } from '../api'
import { IntakeQuestions, intakeEntries, intakeErrors, useIntakeForms } from '../intake'
import { ChangeRules } from '../change-rules'
import { fieldErrorsToForm, rulesOf, toBookingRequest, validateDetails } from '../details-request'
import { formatPrice } from '../../../lib/format'
import { formatDate, formatTime } from '../../../lib/format/booking'
import {
  bookedAtom,
  bookingLinesAtom,
  catalogReadAtom,
  chosenServicesAtom,
  detailsReadAtom,
  endWithErrorAtom,
  failedAtom,
  modeReadAtom,
  partyChoiceReadAtom,
  peopleAtom,
  saveDetailsAtom,
  seatsPerLineAtom,
  singleServiceAtom,
  slotReadAtom,
  timeZoneAtom,
  type DetailsValues,
} from '../state'
import { isUnreachable } from '../../../components/booking/unreachable'
import { useLanguageTag } from '../../../components/booking/use-language-tag'
import { StepHeading } from '../../../components/booking/step-heading'
import { useMessage } from '../../../components/use-message'
import { usePageLocale } from '../../../components/use-page-locale'
import { localizedService } from '../../../lib/booking/localized-service'
import { localizedPath } from '../../../lib/locale/locales'
import { prefilledContact } from '../../embed/prefill'

const INPUT_TYPES: Record<ContactField, string> = {
  firstName: 'text',
  lastName: 'text',
  email: 'email',
  phone: 'tel',
  dateOfBirth: 'date',
  location: 'text',
}

const AUTOCOMPLETE: Record<ContactField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  dateOfBirth: 'bday',
  location: 'street-address',
}

/** A labelled input whose message sits beside it and is announced when it appears. */
function TextField({
  name,
  label,
  type = 'text',
  required,
  autoComplete,
}: {
  name: string
  label: string
  type?: string
  required?: boolean
  autoComplete?: string
}) {
  const { input, meta } = useField<string>(name, {
    type,
    subscription: {
      value: true,
      touched: true,
      error: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  })
  const translate = useMessage()
  const shown = meta.touched && (meta.error || (!meta.dirtySinceLastSubmit && meta.submitError))
  const message = shown ? translate(shown) : undefined
  const id = `field-${name.replace(/[^\w]/g, '-')}`
  return (
    <div className="widget-field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        {...input}
        id={id}
        autoComplete={autoComplete}
        aria-required={required}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      {message ? (
        <p id={`${id}-error`} className="widget-field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}

// Refusals about the time or the party: the visitor picks another time, and nothing typed is lost.
const CHOOSE_AGAIN = new Set<ErrorCode>([
  'staff_busy',
  'seats_left',
  'max_slots',
  'no_slots',
  'resource_unavailable',
])

function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`
}

/** Contact details and guests, then the booking itself. */
export default function ContactForm() {
  const { t } = useTranslation()
  const translate = useMessage()
  const languageTag = useLanguageTag()
  const locale = usePageLocale()
  const services = useAtomValue(chosenServicesAtom)
  const single = useAtomValue(singleServiceAtom)
  const people = useAtomValue(peopleAtom)
  const seatsPerLine = useAtomValue(seatsPerLineAtom)
  const party = useAtomValue(partyChoiceReadAtom)
  const lines = useAtomValue(bookingLinesAtom)
  const slot = useAtomValue(slotReadAtom)
  const timeZone = useAtomValue(timeZoneAtom)
  const saved = useAtomValue(detailsReadAtom)
  const saveDetails = useSetAtom(saveDetailsAtom)
  const booked = useSetAtom(bookedAtom)
  const failed = useSetAtom(failedAtom)
  const endWithError = useSetAtom(endWithErrorAtom)
  const mode = useAtomValue(modeReadAtom)
  const catalog = useAtomValue(catalogReadAtom)
  const rules = rulesOf(services)
  const intakeForms = useIntakeForms(services)
  // The party was chosen before the time: one name and e-mail per guest, or only the count.
  const guestCount = single && party.kind === 'count' ? party.count : undefined
  const guestRows = people.length - 1
  const initialValues = useMemo<DetailsValues>(
    () => ({
      contact: saved?.contact ?? prefilledContact(window.location.search),
      // Rows typed before a failed submit keep their text when the party is the same or larger.
      guests: Array.from(
        { length: guestRows },
        (_, index) => saved?.guests[index] ?? { name: '', email: '' },
      ),
      useGuestCount: guestCount !== undefined,
      ...(guestCount !== undefined ? { guestCount } : {}),
      ...(saved?.termsAccepted !== undefined ? { termsAccepted: saved.termsAccepted } : {}),
      ...(saved?.intake ? { intake: saved.intake } : {}),
    }),
    [saved, guestRows, guestCount],
  )
  if (!slot) return null

  const requestOf = (values: DetailsValues) => ({
    ...toBookingRequest(values, lines, slot, timeZone, locale),
    ...(mode.kind === 'one-time' ? { oneTimeSlug: mode.oneTimeSlug } : {}),
    ...(intakeForms.length > 0
      ? { intake: intakeEntries(intakeForms, values.intake, locale) }
      : {}),
  })

  const onSubmit = async (values: DetailsValues) => {
    saveDetails(values)
    try {
      booked(await postBooking(requestOf(values), newIdempotencyKey()))
      return undefined
    } catch (error) {
      // No answer came: the spec's words, and the form as typed for the next try.
      if (isUnreachable(error) || !isHttpError(error)) {
        return { [FORM_ERROR]: MESSAGES.unableToSchedule }
      }
      if (error.statusCode === 400 && error.fields) return fieldErrorsToForm(error.fields)
      if (error.code === 'slug_expired') {
        // Someone else booked through this one-time link first: the link is spent.
        endWithError(error)
        return undefined
      }
      if ((error.code && CHOOSE_AGAIN.has(error.code)) || error.statusCode === 409) {
        failed(error.statusMessage)
        return undefined
      }
      return { [FORM_ERROR]: error.statusMessage }
    }
  }
  // The one pricing rule, so what is due now is what the server will store for this party.
  const price = partyPrice(people, services, seatsPerLine)

  return (
    <section className="widget-step" aria-labelledby="step-heading">
      <StepHeading>{t('widget.yourDetails')}</StepHeading>
      <p className="widget-summary">
        {formatDate(slot.start, timeZone, languageTag)},{' '}
        {formatTime(slot.start, timeZone, languageTag)} ({timeZone}) ·{' '}
        {services.map((s) => localizedService(s, locale).name).join(', ')}
      </p>
      <Form<DetailsValues>
        onSubmit={onSubmit}
        initialValues={initialValues}
        validate={(values) => ({
          ...validateDetails(requestOf(values), services),
          ...intakeErrors(intakeForms, values.intake),
        })}
        subscription={{ submitting: true, submitError: true, values: true }}
        render={({ handleSubmit, submitting, submitError, values }) => (
          <form onSubmit={handleSubmit} noValidate>
            {CONTACT_FIELDS.map((field) => (
              <TextField
                key={field}
                name={`contact.${field}`}
                label={t(`widget.field.${field}`)}
                type={INPUT_TYPES[field]}
                autoComplete={AUTOCOMPLETE[field]}
                required={rules.requiredFields.includes(field)}
              />
            ))}
            <div className="widget-field">
              <label htmlFor="field-contact-additionalInformation">
                {t('widget.field.additionalInformation')}
              </label>
              <Field
                name="contact.additionalInformation"
                component="textarea"
                id="field-contact-additionalInformation"
                rows={3}
              />
            </div>

            {guestCount !== undefined || values.guests.length > 0 ? (
              <fieldset className="widget-guests">
                <legend>{t('widget.guests')}</legend>
                {guestCount !== undefined ? (
                  <p>
                    {t('widget.guestCount')}: {guestCount}
                  </p>
                ) : null}
                {values.guests.map((_, index) => (
                  <div key={index} className="widget-guest">
                    <TextField
                      name={`guests[${index}].name`}
                      label={t('widget.guestName', { count: index + 2 })}
                      required
                      autoComplete="off"
                    />
                    <TextField
                      name={`guests[${index}].email`}
                      label={t('widget.guestEmail', { count: index + 2 })}
                      type="email"
                      required
                      autoComplete="off"
                    />
                  </div>
                ))}
              </fieldset>
            ) : null}

            <IntakeQuestions forms={intakeForms} values={values.intake} locale={locale} />

            <label className="widget-choice">
              <Field name="contact.consent" component="input" type="checkbox" />
              {t('widget.consent')}
            </label>
            {rules.termsRequired ? (
              <>
                <dl className="widget-details widget-payment">
                  <dt>{t('widget.total')}</dt>
                  <dd>{formatPrice(price.totalCents, price.currency, languageTag)}</dd>
                  <dt>{t('widget.payNow')}</dt>
                  <dd>{formatPrice(price.dueNowCents, price.currency, languageTag)}</dd>
                  <dt>{t('widget.payLater')}</dt>
                  <dd>{formatPrice(price.dueLaterCents, price.currency, languageTag)}</dd>
                </dl>
                <p>
                  <a
                    href={localizedPath(locale, `/${catalog?.provider.termsPage ?? 'terms'}/`)}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('widget.readTerms')}
                  </a>
                </p>
                <TermsField label={t('widget.acceptTerms')} />
              </>
            ) : null}
            <ChangeRules
              services={services}
              start={slot.start}
              timeZone={timeZone}
              languageTag={languageTag}
              providerName={catalog?.provider.name ?? ''}
              dueNowCents={price.dueNowCents}
              currency={price.currency}
            />
            {submitError ? (
              <p className="widget-alert" role="alert">
                {translate(submitError)}
              </p>
            ) : null}
            <button
              type="submit"
              className="widget-button widget-button--primary"
              disabled={submitting}
            >
              {submitting
                ? t('widget.scheduling')
                : price.dueNowCents > 0
                  ? t('widget.continueToPayment')
                  : t('widget.book')}
            </button>
          </form>
        )}
      />
    </section>
  )
}

function TermsField({ label }: { label: string }) {
  const { input, meta } = useField<boolean>('termsAccepted', {
    type: 'checkbox',
    subscription: { value: true, touched: true, error: true },
  })
  const { submitFailed } = useFormState({ subscription: { submitFailed: true } })
  const translate = useMessage()
  const message = (meta.touched || submitFailed) && meta.error ? translate(meta.error) : undefined
  return (
    <div className="widget-field">
      <label className="widget-choice">
        <input
          type="checkbox"
          name={input.name}
          checked={Boolean(input.checked)}
          onChange={input.onChange}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          aria-invalid={Boolean(message)}
        />
        {label}
      </label>
      {message ? (
        <p className="widget-field__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}
