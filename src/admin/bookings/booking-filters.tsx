import { useTranslation } from 'gatsby-plugin-react-i18next'
import { Form } from 'react-final-form'
import type { AdminStaff, BookingFilters } from '../../lib/admin/api-types'
import { QuietButton } from '../kit/main-action'
import { useAdmin } from '../shell/admin-context'
import { choicesOf, SelectField, TextField } from '../shell/fields'

type Values = { serviceId?: string; staffId?: string; from?: string; to?: string; q?: string }

const toFilters = (values: Values): Omit<BookingFilters, 'tab'> => ({
  serviceId: values.serviceId ? Number(values.serviceId) : undefined,
  staffId: values.staffId ? Number(values.staffId) : undefined,
  from: values.from || undefined,
  to: values.to || undefined,
  q: values.q?.trim() || undefined,
})

const toValues = (filters: Omit<BookingFilters, 'tab'>): Values => ({
  serviceId: filters.serviceId?.toString(),
  staffId: filters.staffId?.toString(),
  from: filters.from,
  to: filters.to,
  q: filters.q,
})

// Local dates in one format compare as strings.
const validate = (values: Values) => ({
  to:
    values.from && values.to && values.to < values.from ? 'admin.validation.dateOrder' : undefined,
})

/** Service, staff member, dates (in the business's zone) and a name or e-mail to look for. */
export function BookingFiltersForm({
  staff,
  initial,
  onApply,
}: {
  staff: AdminStaff[]
  /** The filters the view starts with (from its address). */
  initial: Omit<BookingFilters, 'tab'>
  onApply: (filters: Omit<BookingFilters, 'tab'>) => void
}) {
  const { t } = useTranslation()
  const { business } = useAdmin()
  return (
    <Form<Values>
      onSubmit={(values) => onApply(toFilters(values))}
      initialValues={toValues(initial)}
      validate={validate}
      render={({ handleSubmit, form }) => (
        <form
          onSubmit={handleSubmit}
          noValidate
          role="search"
          aria-label={t('admin.filters.label')}
          className="admin-filters"
        >
          <SelectField
            name="serviceId"
            label={t('admin.filters.service')}
            blank={t('admin.filters.all')}
            choices={choicesOf(business.services)}
          />
          <SelectField
            name="staffId"
            label={t('admin.filters.staff')}
            blank={t('admin.filters.all')}
            choices={choicesOf(staff)}
          />
          <TextField name="from" type="date" label={t('admin.filters.from')} />
          <TextField name="to" type="date" label={t('admin.filters.to')} />
          <TextField name="q" type="search" label={t('admin.filters.search')} />
          <div className="widget-actions">
            <button type="submit" className="widget-button widget-button--primary">
              {t('admin.filters.apply')}
            </button>
            <QuietButton
              onClick={() => {
                form.reset({})
                onApply({})
              }}
            >
              {t('admin.filters.clear')}
            </QuietButton>
          </div>
        </form>
      )}
    />
  )
}
