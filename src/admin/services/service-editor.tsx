import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useMemo } from 'react'
import {
  REFUND_POLICIES,
  SERVICE_ASSIGNMENTS,
  type AdminProvider,
  type AdminService,
} from '../../lib/admin/service-types'
import type { StoredForm } from '../../lib/admin/form-types'
import { textIn } from '../../lib/forms/definition'
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES } from '../../lib/locale/locales'
import { CONTACT_FIELDS } from '../../lib/validation/booking-details'
import { EditorPanel } from '../kit/editor-panel'
import { useAdmin } from '../shell/admin-context'
import { SelectField, TextField, type Choice } from '../shell/fields'
import { CheckboxField, ProviderField, TextAreaField, WholeNumberInput } from './service-fields'
import {
  changesOf,
  DEPOSIT_KINDS,
  newServiceValues,
  settingsOf,
  validate,
  valuesOf,
  type ServiceValues,
} from './service-form'

// The default name is the one visitors of the default language see; these others translate it.
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)

// The form's error when another save came first (kit/edit-conflict.tsx).

/**
 * A new service, or an existing one (`service`) with every setting serviceSchema has. A new one
 * is POSTed whole; an edited one PATCHes only the settings that changed, with the version it was
 * loaded at. When someone else saved it meanwhile, the refusal keeps what was typed, and
 * `onReload` opens the service as it is now.
 */
export function ServiceEditor({
  service,
  providers,
  forms,
  onSaved,
  onCancel,
  onReload,
}: {
  service?: AdminService
  providers: AdminProvider[]
  forms: StoredForm[]
  /** `saved`: the edited service as now stored, with its new version. */
  onSaved: (message: string, saved?: AdminService) => void
  onCancel: () => void
  onReload: () => void
}) {
  const { t, i18n } = useTranslation()
  const { api, business } = useAdmin()

  // A new service belongs to the site's own provider unless another one is chosen.
  const providerId = (providers.find((each) => each.id === business.providerId) ?? providers[0])?.id
  // Kept while the form is open: final-form starts over whenever its initial values change.
  const initialValues = useMemo(
    () => (service ? valuesOf(service) : newServiceValues(providerId)),
    [service, providerId],
  )
  const formOptions: Choice[] = forms.map((form) => [
    form.id,
    textIn(form.definition.title, i18n.language) || form.slug,
  ])
  // The intake form a service names stays choosable even if the forms list could not be read.
  if (service?.intakeFormId && !forms.some((form) => form.id === service.intakeFormId)) {
    formOptions.push([service.intakeFormId, `#${service.intakeFormId}`])
  }

  const onSubmit = async (values: ServiceValues) => {
    const settings = settingsOf(values)
    if (!service) {
      await api.createService(settings)
      return onSaved(t('admin.services.created', { name: settings.name }))
    }
    const { id: _id, version, ...before } = service
    const changes = changesOf(before, settings)
    if (Object.keys(changes).length === 0) return onSaved(t('admin.services.unchanged'))
    const saved = await api.updateService(service.id, { ...changes, version })
    return onSaved(t('admin.services.saved', { name: settings.name }), {
      ...service,
      ...changes,
      version: saved.version,
    })
  }

  return (
    <EditorPanel<ServiceValues>
      title={
        service ? t('admin.services.editTitle', { name: service.name }) : t('admin.services.new')
      }
      initialValues={initialValues}
      validate={validate}
      onSubmit={onSubmit}
      onClose={onCancel}
      editedElsewhere={{ message: 'admin.services.editedElsewhere', onReload }}
      saveLabel={service ? t('admin.services.save') : t('admin.services.create')}
      closeLabel={t('admin.services.cancel')}
      narrow={false}
    >
      {({ values }) => (
        <>
          {service ? null : (
            <ProviderField label={t('admin.services.field.providerId')} providers={providers} />
          )}
          <fieldset className="admin-service-form__group">
            <legend>{t('admin.services.group.basics')}</legend>
            <TextField name="name" label={t('admin.services.field.name')} required />
            <TextField
              name="slug"
              label={t('admin.services.field.slug')}
              autoComplete="off"
              help={t('admin.services.slugHelp')}
              required
            />
            <TextAreaField name="description" label={t('admin.services.field.description')} />
            <TextField name="location" label={t('admin.services.field.location')} />
          </fieldset>

          <fieldset className="admin-service-form__group">
            <legend>{t('admin.services.group.time')}</legend>
            <WholeNumberInput name="durationMinutes" />
            <WholeNumberInput
              name="slotIntervalMinutes"
              help={t('admin.services.slotIntervalHelp')}
            />
            <WholeNumberInput name="bufferBeforeMinutes" />
            <WholeNumberInput name="bufferAfterMinutes" />
            <WholeNumberInput name="minimumNoticeMinutes" />
            <WholeNumberInput name="horizonDays" />
            <WholeNumberInput name="recurrenceCount" help={t('admin.services.recurrenceHelp')} />
          </fieldset>

          <fieldset className="admin-service-form__group">
            <legend>{t('admin.services.group.seats')}</legend>
            <WholeNumberInput name="seatsPerSlot" />
            <WholeNumberInput name="maxSlotsPerBooking" />
            <SelectField
              name="assignment"
              label={t('admin.services.field.assignment')}
              choices={SERVICE_ASSIGNMENTS.map((rule) => [
                rule,
                t(`admin.services.assignment.${rule}`),
              ])}
            />
            <WholeNumberInput name="collectiveMembers" help={t('admin.services.collectiveHelp')} />
          </fieldset>

          <fieldset className="admin-service-form__group">
            <legend>{t('admin.services.group.money')}</legend>
            <TextField
              name="currency"
              label={t('admin.services.field.currency')}
              autoComplete="off"
              required
            />
            <TextField
              name="price"
              label={t('admin.services.field.price')}
              autoComplete="off"
              help={t('admin.services.amountHelp', { currency: values.currency ?? '' })}
              required
            />
            <SelectField
              name="depositKind"
              label={t('admin.services.field.depositKind')}
              choices={DEPOSIT_KINDS.map((kind) => [kind, t(`admin.services.deposit.${kind}`)])}
            />
            {values.depositKind === 'amount' ? (
              <TextField
                name="deposit"
                label={t('admin.services.field.deposit')}
                autoComplete="off"
                help={t('admin.services.amountHelp', { currency: values.currency ?? '' })}
                required
              />
            ) : null}
            {values.depositKind === 'percent' ? <WholeNumberInput name="depositPercent" /> : null}
            <SelectField
              name="refundPolicy"
              label={t('admin.services.field.refundPolicy')}
              choices={REFUND_POLICIES.map((policy) => [
                policy,
                t(`admin.services.refund.${policy}`),
              ])}
            />
            <WholeNumberInput name="refundCutoffMinutes" />
          </fieldset>

          <fieldset className="admin-service-form__group">
            <legend>{t('admin.services.group.rules')}</legend>
            <CheckboxField
              name="requiresConfirmation"
              label={t('admin.services.field.requiresConfirmation')}
            />
            <WholeNumberInput name="rescheduleCutoffMinutes" />
            <WholeNumberInput name="cancellationCutoffMinutes" />
            <WholeNumberInput
              name="reminderMinutesBefore"
              help={t('admin.services.reminderHelp')}
            />
            <SelectField
              name="intakeFormId"
              label={t('admin.services.field.intakeFormId')}
              blank={t('admin.services.noIntakeForm')}
              choices={formOptions}
            />
          </fieldset>

          <fieldset className="widget-field form-choices">
            <legend>{t('admin.services.field.requiredFields')}</legend>
            {CONTACT_FIELDS.map((field) => (
              <CheckboxField
                key={field}
                name="requiredFields"
                value={field}
                label={t(`admin.services.contact.${field}`)}
              />
            ))}
          </fieldset>

          <details open={Object.keys(initialValues.translations).length > 0}>
            <summary>{t('admin.services.translations')}</summary>
            <p className="widget-field__help">{t('admin.services.translationsHelp')}</p>
            {OTHER_LOCALES.map((locale) => (
              <fieldset key={locale} className="admin-service-form__group">
                <legend>{LOCALE_NAMES[locale]}</legend>
                <TextField
                  name={`translations.${locale}.name`}
                  label={t('admin.services.translatedName', { language: LOCALE_NAMES[locale] })}
                />
                <TextAreaField
                  name={`translations.${locale}.description`}
                  label={t('admin.services.translatedDescription', {
                    language: LOCALE_NAMES[locale],
                  })}
                />
              </fieldset>
            ))}
          </details>
        </>
      )}
    </EditorPanel>
  )
}
