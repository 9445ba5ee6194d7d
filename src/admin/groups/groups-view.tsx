import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { AdminGroup } from '../../lib/admin/catalogue-types'
import type { AdminApi } from '../api'
import { OrderedServices } from '../catalogue/ordered-services'
import { editableFields, PagesScreen, type PageFields } from '../catalogue/pages-screen'

// Module-level, so the form's initial values keep one identity while it is open.
const NONE: number[] = []
const list = (api: AdminApi) => api.groups()
const contentsOf = (group: AdminGroup) => group.serviceIds
const same = (ids: number[]) => ids
const validateContents = (ids: number[]) => (ids.length ? undefined : 'admin.groups.noServices')
const save = (api: AdminApi, group: AdminGroup | undefined, fields: PageFields, ids: number[]) =>
  group
    ? api.updateGroup(group.id, { ...editableFields(fields), serviceIds: ids })
    : api.createGroup({ ...fields, serviceIds: ids })
const remove = (api: AdminApi, id: number) => api.deleteGroup(id)

/** Groups: named sets of calendars (services), each with its own widget page. */
export function GroupsView() {
  const { t } = useTranslation()
  return (
    <PagesScreen<AdminGroup, number[]>
      screen="groups"
      list={list}
      save={save}
      remove={remove}
      emptyContents={NONE}
      contentsOf={contentsOf}
      validateContents={validateContents}
      serviceIdsOf={same}
      editContents={({ value, onChange, services, error }) => (
        <OrderedServices
          id="group-services"
          legend={t('admin.groups.services')}
          services={services}
          value={value}
          onChange={onChange}
          error={error}
        />
      )}
    />
  )
}
