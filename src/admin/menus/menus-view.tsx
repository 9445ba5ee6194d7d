import { useTranslation } from 'gatsby-plugin-react-i18next'
import type { AdminServiceMenu } from '../../lib/admin/catalogue-types'
import type { MenuHeading } from '../../lib/booking/catalog-pages'
import { OrderedServices } from '../catalogue/ordered-services'
import { QuietButton } from '../kit/main-action'
import { reorderActions } from '../kit/reorder'
import { RowActions } from '../kit/row-actions'
import { FieldMessage } from '../shell/fields'
import {
  editableFields,
  PagesScreen,
  type ContentsEditorProps,
  type PageKind,
} from '../catalogue/pages-screen'

/**
 * A menu's headings in order, each with its services in order. A heading keeps the translations
 * it was given through the API; this screen edits the default language's name.
 */
function HeadingsEditor({ value, onChange, services, error }: ContentsEditorProps<MenuHeading[]>) {
  const { t } = useTranslation()
  const change = (index: number, heading: Partial<MenuHeading>) =>
    onChange(value.map((each, at) => (at === index ? { ...each, ...heading } : each)))
  return (
    <fieldset className="admin-ranges" aria-describedby={error ? 'menu-headings-error' : undefined}>
      <legend>{t('admin.menus.headings')}</legend>
      {value.map((heading, index) => {
        const label = heading.name.trim() || t('admin.menus.headingNumber', { number: index + 1 })
        return (
          <div key={index} className="admin-panel">
            <div className="widget-field">
              <label htmlFor={`menu-heading-${index}`}>
                {t('admin.menus.headingNameLabel', { number: index + 1 })}
              </label>
              <input
                id={`menu-heading-${index}`}
                value={heading.name}
                aria-required
                onChange={(event) => change(index, { name: event.target.value })}
              />
            </div>
            <OrderedServices
              id={`menu-heading-${index}-services`}
              legend={t('admin.menus.headingServicesLegend', { heading: label })}
              services={services}
              value={heading.serviceIds}
              onChange={(serviceIds) => change(index, { serviceIds })}
            />
            <RowActions
              name={label}
              actions={reorderActions(value, index, onChange, {
                up: t('admin.menus.headingUp'),
                down: t('admin.menus.headingDown'),
                remove: t('admin.menus.removeHeading'),
              })}
            />
          </div>
        )
      })}
      <QuietButton
        onClick={() => onChange([...value, { name: '', translations: {}, serviceIds: [] }])}
      >
        {t('admin.menus.addHeading')}
      </QuietButton>
      <FieldMessage id="menu-headings-error" error={error} />
    </fieldset>
  )
}

// As the API takes a menu: at least one heading, each named and listing a service or more.
const validateHeadings = (headings: MenuHeading[]) =>
  headings.length === 0
    ? 'admin.menus.noHeadings'
    : headings.some((heading) => !heading.name.trim())
      ? 'admin.menus.headingName'
      : headings.some((heading) => heading.serviceIds.length === 0)
        ? 'admin.menus.headingServices'
        : undefined
const trimmed = (headings: MenuHeading[]) =>
  headings.map((heading) => ({ ...heading, name: heading.name.trim() }))

// Module-level, so the form's initial values keep one identity while it is open.
const menus: PageKind<AdminServiceMenu, MenuHeading[]> = {
  screen: 'menus',
  list: (api) => api.serviceMenus(),
  save: (api, menu, fields, headings) =>
    menu
      ? api.updateServiceMenu(menu.id, { ...editableFields(fields), headings: trimmed(headings) })
      : api.createServiceMenu({ ...fields, headings: trimmed(headings) }),
  remove: (api, id) => api.deleteServiceMenu(id),
  emptyContents: [],
  contentsOf: (menu) => menu.headings,
  validateContents: validateHeadings,
  serviceIdsOf: (headings) => headings.flatMap((heading) => heading.serviceIds),
  ContentsEditor: HeadingsEditor,
}

/** Service menus: curated lists of services under headings, each with its own widget page. */
export const MenusView = () => <PagesScreen kind={menus} />
