import type {
  AdminGroup,
  AdminServiceMenu,
  CatalogueService,
} from '../../lib/admin/catalogue-types'

/** What the catalogue screens' tests (and the accessibility test) give the mocked API. */
export const serviceChoices: CatalogueService[] = [
  { id: 1, name: 'Consultation', providerId: 1, providerName: 'Harbor Physio' },
  { id: 2, name: 'Pilates class', providerId: 1, providerName: 'Harbor Physio' },
  { id: 3, name: 'Massage', providerId: 1, providerName: 'Harbor Physio' },
]

export const menu: AdminServiceMenu = {
  id: 7,
  providerId: 1,
  slug: 'all-treatments',
  name: 'All treatments',
  description: '',
  translations: {},
  published: true,
  createdAt: '2030-03-01T10:00:00.000Z',
  widgetPath: '/widget/service-menus/all-treatments',
  headings: [{ name: 'One to one', translations: { de: { name: 'Einzeln' } }, serviceIds: [3, 1] }],
}

export const group: AdminGroup = {
  id: 4,
  providerId: 1,
  slug: 'physio',
  name: 'Physio',
  description: 'One-to-one care.',
  translations: {},
  published: false,
  createdAt: '2030-03-01T10:00:00.000Z',
  widgetPath: '/widget/groups/physio',
  serviceIds: [1, 2],
}
