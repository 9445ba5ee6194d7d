import { useTranslation } from 'gatsby-plugin-react-i18next'
import { useMemo } from 'react'
import type { AdminStaff } from '../../lib/admin/api-types'
import type { AdminProvider, AdminService, StaffChanges } from '../../lib/admin/service-types'
import { isValidTimeZone, listTimeZones } from '../../lib/time'
import { EditorPanel } from '../kit/editor-panel'
import { CheckboxField, ProviderField } from '../services/service-fields'
import { useAdmin } from '../shell/admin-context'
import { CheckboxField as YesNoField, SelectField, TextField } from '../shell/fields'

interface StaffValues {
  providerId?: string
  name?: string
  timeZone?: string
  serviceIds?: string[]
  outsideOpeningHours?: boolean
}

// A member keeps the provider it has; only a new one names one.
const validateFor = (isNew: boolean) => (values: StaffValues) => ({
  providerId: !isNew || values.providerId ? undefined : 'admin.validation.required',
  name: values.name?.trim() ? undefined : 'admin.validation.required',
  timeZone:
    values.timeZone && isValidTimeZone(values.timeZone) ? undefined : 'admin.validation.required',
})

const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b)
const sameIds = (a: number[], b: number[]) =>
  JSON.stringify(ascending(a)) === JSON.stringify(ascending(b))

// The form's error when another save came first (kit/edit-conflict.tsx).

/**
 * A new staff member, or an existing one's name, time zone, services and whether their hours may
 * lie outside the opening hours. Weekly hours are the availability screen's. A new one is POSTed
 * whole; an edited one PATCHes only what changed, with the version it was loaded at. When someone
 * else saved the member meanwhile, the refusal keeps what was typed, and `onReload` opens the
 * member as saved now.
 */
export function StaffEditor({
  member,
  providers,
  services,
  onSaved,
  onCancel,
  onReload,
}: {
  member?: AdminStaff
  providers: AdminProvider[]
  services: AdminService[]
  /** `saved`: the edited member as now stored, with its new version. */
  onSaved: (message: string, saved?: AdminStaff) => void
  onCancel: () => void
  onReload: () => void
}) {
  const { t } = useTranslation()
  const { api, business } = useAdmin()
  const timeZones = useMemo(() => {
    const zones = listTimeZones()
    // A zone this browser names differently still shows as the member's own.
    return member && !zones.includes(member.timeZone) ? [member.timeZone, ...zones] : zones
  }, [member])

  // A new member belongs to the site's own provider unless another one is chosen.
  const provider = providers.find((each) => each.id === business.providerId) ?? providers[0]
  // Kept while the form is open: final-form starts over whenever its initial values change.
  const initialValues = useMemo<StaffValues>(
    () =>
      member
        ? {
            name: member.name,
            timeZone: member.timeZone,
            serviceIds: member.serviceIds.map(String),
            outsideOpeningHours: member.outsideOpeningHours,
          }
        : {
            providerId: provider ? String(provider.id) : undefined,
            name: '',
            // Where the business is, as most of its staff are.
            timeZone: provider?.timeZone ?? business.timeZone,
            serviceIds: [],
            outsideOpeningHours: false,
          },
    [member, provider, business.timeZone],
  )

  const onSubmit = async (values: StaffValues) => {
    const name = values.name!.trim()
    const timeZone = values.timeZone!
    const serviceIds = ascending((values.serviceIds ?? []).map(Number))
    const outsideOpeningHours = Boolean(values.outsideOpeningHours)
    if (member) {
      const changes: StaffChanges = {
        ...(name !== member.name ? { name } : {}),
        ...(timeZone !== member.timeZone ? { timeZone } : {}),
        ...(sameIds(serviceIds, member.serviceIds) ? {} : { serviceIds }),
        ...(outsideOpeningHours !== member.outsideOpeningHours ? { outsideOpeningHours } : {}),
      }
      if (Object.keys(changes).length === 0) return onSaved(t('admin.staff.unchanged'))
      const saved = await api.updateStaffMember(member.id, { ...changes, version: member.version })
      onSaved(t('admin.staff.saved', { name }), { ...member, ...changes, version: saved.version })
    } else {
      await api.createStaffMember({
        providerId: Number(values.providerId),
        name,
        timeZone,
        serviceIds,
        outsideOpeningHours,
      })
      onSaved(t('admin.staff.created', { name }))
    }
  }

  // A new member is offered its provider's services; a member's own list shows them all.
  const offered = (providerId: string | undefined) =>
    member ? services : services.filter((service) => String(service.providerId) === providerId)

  return (
    <EditorPanel<StaffValues>
      title={member ? t('admin.staff.editTitle', { name: member.name }) : t('admin.staff.new')}
      initialValues={initialValues}
      validate={validateFor(!member)}
      onSubmit={onSubmit}
      onClose={onCancel}
      editedElsewhere={{ message: 'admin.staff.editedElsewhere', onReload }}
      saveLabel={member ? t('admin.staff.save') : t('admin.staff.create')}
      closeLabel={t('admin.staff.cancel')}
    >
      {({ values }) => (
        <>
          {member ? null : (
            <ProviderField label={t('admin.staff.provider')} providers={providers} />
          )}
          <TextField name="name" label={t('admin.staff.name')} autoComplete="off" required />
          <SelectField
            name="timeZone"
            label={t('admin.staff.timeZone')}
            choices={timeZones.map((zone) => [zone, zone])}
          />
          <fieldset className="widget-field form-choices">
            <legend>{t('admin.staff.services')}</legend>
            {offered(values.providerId).length === 0 ? <p>{t('admin.staff.noServices')}</p> : null}
            {offered(values.providerId).map((service) => (
              <CheckboxField
                key={service.id}
                name="serviceIds"
                value={String(service.id)}
                label={service.name}
              />
            ))}
          </fieldset>
          <YesNoField
            name="outsideOpeningHours"
            label={t('admin.staff.outsideOpeningHours')}
            help={t('admin.staff.outsideOpeningHoursHelp')}
          />
        </>
      )}
    </EditorPanel>
  )
}
