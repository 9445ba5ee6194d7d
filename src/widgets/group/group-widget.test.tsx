import { render, screen, within } from '@testing-library/react'
import type { GroupResponse } from '../../lib/booking/catalog-pages'
import { HttpError } from '../../lib/http'
import { fetchGroup } from './api'
import { GroupWidget } from './group-widget'

jest.mock('./api', () => ({ fetchGroup: jest.fn() }))

const provider = {
  id: 1,
  slug: 'harbor-physio',
  name: 'Harbor Physio',
  timeZone: 'Europe/Berlin',
  email: null,
  phone: null,
  address: null,
  openingHours: {},
  termsPage: 'terms',
  termsVersion: '1',
}

const calendar = (id: number, slug: string, name: string, description: string, price: number) => ({
  id,
  slug,
  name,
  description,
  translations: {},
  durationMinutes: 30,
  seatsPerSlot: 1,
  maxSlotsPerBooking: 1,
  priceCents: price,
  depositCents: 0,
  currency: 'EUR',
  requiresConfirmation: false,
  requiredFields: [],
  location: '',
  recurrenceCount: null,
  intakeFormId: null,
  rescheduleCutoffMinutes: 0,
  cancellationCutoffMinutes: 0,
  refundPolicy: 'full_before_cutoff' as const,
  refundCutoffMinutes: 0,
})

const group = (): GroupResponse => ({
  id: 2,
  slug: 'physiotherapy',
  name: 'Physiotherapy',
  description: 'One-to-one treatment with our physiotherapists.',
  translations: {},
  provider,
  services: [
    calendar(4, 'shockwave-therapy', 'Shockwave therapy', 'A deposit secures your slot.', 9000),
    calendar(1, 'consultation', 'Physiotherapy consultation', 'A one-to-one assessment.', 6500),
  ],
  staff: [],
})

afterEach(() => jest.clearAllMocks())

describe('GroupWidget', () => {
  it.each([
    ['by slug', 'physiotherapy', '/widget/groups/physiotherapy'],
    ['by id', '2', '/widget/group/2'],
  ])(
    'shows the group %s: its calendars in order, each leading into its booking flow',
    async (_, idOrSlug, pathname) => {
      jest.mocked(fetchGroup).mockResolvedValue(group())
      render(<GroupWidget idOrSlug={idOrSlug} location={{ pathname, search: '' }} />)
      expect(await screen.findByRole('heading', { level: 1, name: 'Physiotherapy' })).toBeVisible()
      expect(fetchGroup).toHaveBeenCalledWith(idOrSlug)
      expect(screen.getByText('One-to-one treatment with our physiotherapists.')).toBeVisible()
      const items = within(screen.getByRole('list')).getAllByRole('listitem')
      expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
        'Shockwave therapy',
        'Physiotherapy consultation',
      ])
      expect(items[0]).toHaveTextContent('A deposit secures your slot.')
      expect(items[0]).toHaveTextContent('30 minutes · €90.00')
      expect(screen.getByRole('link', { name: 'Book Shockwave therapy' })).toHaveAttribute(
        'href',
        '/en/widget/appointment/harbor-physio/shockwave-therapy/',
      )
      expect(screen.getByRole('link', { name: 'Book Physiotherapy consultation' })).toHaveAttribute(
        'href',
        '/en/widget/appointment/harbor-physio/consultation/',
      )
    },
  )

  it('shows the 404 error screen for an unknown or unpublished group', async () => {
    jest
      .mocked(fetchGroup)
      .mockRejectedValue(
        new HttpError({ statusCode: 404, statusMessage: 'Not Found', message: 'x' }),
      )
    render(
      <GroupWidget idOrSlug="nope" location={{ pathname: '/widget/groups/nope', search: '' }} />,
    )
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeVisible()
    expect(screen.getByText('Page Not Found: /widget/groups/nope')).toBeInTheDocument()
  })
})
