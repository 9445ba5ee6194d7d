import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { AdminGroup } from '../../lib/admin/catalogue-types'
import { OrderedServices } from '../catalogue/ordered-services'
import {
  editableFields,
  PagesScreen,
  type ContentsEditorProps,
  type PageKind,
} from '../catalogue/pages-screen'

function GroupServices(props: ContentsEditorProps<number[]>) {
  const { t } = useTranslation()
  return <OrderedServices id="group-services" legend={t('admin.groups.services')} {...props} />
}

// Module-level, so the form's initial values keep one identity while it is open.
const groups: PageKind<AdminGroup, number[]> = {
  screen: 'groups',
  list: (api) => api.groups(),
  save: (api, group, fields, serviceIds) =>
    group
      ? api.updateGroup(group.id, { ...editableFields(fields), serviceIds })
      : api.createGroup({ ...fields, serviceIds }),
  remove: (api, id) => api.deleteGroup(id),
  emptyContents: [],
  contentsOf: (group) => group.serviceIds,
  validateContents: (ids) => (ids.length ? undefined : 'admin.groups.noServices'),
  serviceIdsOf: (ids) => ids,
  ContentsEditor: GroupServices,
}

/** Groups: named sets of calendars (services), each with its own widget page. */
export const GroupsView = () => <PagesScreen kind={groups} />
