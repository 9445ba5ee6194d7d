import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useLanguageTag } from '../../components/booking/use-language-tag'
import type { AdminService } from '../../lib/admin/service-types'
import type { StoredForm } from '../../lib/admin/form-types'
import { formatPrice } from '../../lib/format'
import type { AdminApi } from '../api'
import { EditedList } from '../kit/edited-list'
import { MainAction } from '../kit/main-action'
import { textColumn, type Column } from '../kit/resource-table'
import { editColumn } from '../kit/row-actions'
import { Screen } from '../kit/screen'
import { useEditing } from '../kit/use-editing'
import { useLoad } from '../kit/use-load'
import { ServiceEditor } from './service-editor'

/** The business's services (owner and admin) and the form that creates and edits them. */
export function ServicesView() {
  const { t } = useTranslation()
  const languageTag = useLanguageTag()
  const services = useLoad(listServices)
  const providers = useLoad(listProviders)
  // Without the forms list the intake-form picker offers none; the rest still works.
  const forms = useLoad(listForms, { optional: true, fallback: NO_FORMS })
  const editor = useEditing<AdminService>()
  const { status, open, close } = editor

  const columns: Column<AdminService>[] = [
    textColumn('name', t('admin.services.field.name'), (service) => service.name),
    {
      id: 'duration',
      header: t('admin.services.duration'),
      cell: (service) => t('admin.services.minutes', { minutes: service.durationMinutes }),
      sortBy: (service) => service.durationMinutes,
    },
    {
      id: 'price',
      header: t('admin.services.price'),
      cell: (service) => formatPrice(service.priceCents, service.currency, languageTag),
      sortBy: (service) => service.priceCents,
    },
    { id: 'seats', header: t('admin.services.seats'), cell: (service) => service.seatsPerSlot },
    {
      id: 'confirmation',
      header: t('admin.services.confirmation'),
      cell: (service) =>
        t(
          service.requiresConfirmation
            ? 'admin.services.confirmationNeeded'
            : 'admin.services.confirmationNotNeeded',
        ),
    },
    editColumn(t('admin.services.actions'), t('admin.services.edit'), (row) => row.name, open),
  ]

  return (
    <Screen
      id="services-title"
      title={t('admin.services.title')}
      actions={
        providers.data?.length ? (
          <MainAction label={t('admin.services.new')} onClick={() => open()} />
        ) : null
      }
      intro={providers.data?.length === 0 ? t('admin.services.noProvider') : null}
      error={services.error ?? providers.error}
      status={status}
    >
      <EditedList
        list={services}
        editor={editor}
        label={t('admin.services.list')}
        columns={columns}
        empty={t('admin.services.empty')}
      >
        {(service, { onSaved, onReload }) => (
          <ServiceEditor
            onSaved={onSaved}
            onReload={onReload}
            service={service}
            providers={providers.data ?? []}
            forms={forms.data ?? NO_FORMS}
            onCancel={close}
          />
        )}
      </EditedList>
    </Screen>
  )
}

const NO_FORMS: StoredForm[] = []
const listServices = (api: AdminApi) => api.adminServices()
const listProviders = (api: AdminApi) => api.adminProviders()
const listForms = (api: AdminApi) => api.forms().then((list) => list.forms)
