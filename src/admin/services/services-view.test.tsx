import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AdminService } from '../../lib/admin/service-types'
import { HttpError } from '../../lib/http'
import { clinicProvider, fakeApi, renderAdmin, versionConflict } from '../test-support'
import { ServicesView } from './services-view'

const consultation: AdminService = {
  id: 1,
  version: 3,
  providerId: 7,
  slug: 'consult',
  name: 'Consultation',
  description: 'A first talk',
  durationMinutes: 30,
  slotIntervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeMinutes: 120,
  horizonDays: 60,
  seatsPerSlot: 1,
  maxSlotsPerBooking: 3,
  priceCents: 5000,
  depositCents: 1000,
  depositPercent: null,
  refundPolicy: 'full_before_cutoff',
  refundCutoffMinutes: 1440,
  currency: 'EUR',
  requiresConfirmation: false,
  requiredFields: ['firstName', 'lastName', 'email'],
  location: 'Room 1',
  rescheduleCutoffMinutes: 60,
  cancellationCutoffMinutes: 60,
  recurrenceCount: null,
  intakeFormId: 4,
  reminderMinutesBefore: 1440,
  translations: { de: { name: 'Beratung', description: '' } },
  assignment: 'round_robin',
  collectiveMembers: null,
}

const yoga: AdminService = {
  ...consultation,
  id: 2,
  slug: 'yoga',
  name: 'Yoga class',
  durationMinutes: 60,
  slotIntervalMinutes: 60,
  seatsPerSlot: 8,
  priceCents: 1500,
  depositCents: 0,
  requiresConfirmation: true,
  intakeFormId: null,
  translations: {},
}

function setUp(services: AdminService[] = [consultation, yoga]) {
  const api = fakeApi()
  api.adminServices.mockResolvedValue(services)
  api.adminProviders.mockResolvedValue([clinicProvider()])
  api.forms.mockResolvedValue({
    forms: [
      {
        id: 4,
        slug: 'health',
        kind: 'form',
        published: true,
        version: 1,
        responses: 0,
        definition: { title: { en: 'Health questions' }, pages: [] },
      },
    ],
  })
  return api
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })

describe('the services screen', () => {
  it('sorts the list by price when its heading is pressed, cheapest first', async () => {
    renderAdmin(<ServicesView />, { api: setUp() })
    await screen.findByRole('cell', { name: 'Yoga class' })
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent)
    expect(names()).toEqual(['Consultation', 'Yoga class'])
    fireEvent.click(screen.getByRole('button', { name: 'Price' }))
    expect(names()).toEqual(['Yoga class', 'Consultation'])
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
  })

  it('lists each service with its duration, price, seats and confirmation', async () => {
    renderAdmin(<ServicesView />, { api: setUp() })
    const row = (await screen.findByRole('cell', { name: 'Yoga class' })).closest('tr')!
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Yoga class', '60 min', '€15.00', '8', 'Needed', 'Edit Yoga class'])
    expect(screen.getByRole('cell', { name: '€50.00' })).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Confirmation' })).toBeInTheDocument()
  })

  it('opens a service filled in and PATCHes only what changed, then lists it anew', async () => {
    const api = setUp()
    api.updateService.mockResolvedValue({ id: 1, version: 4 })
    renderAdmin(<ServicesView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Consultation' }))
    expect(screen.getByRole('heading', { name: 'Edit Consultation' })).toHaveFocus()
    expect(field('Name').value).toBe('Consultation')
    expect(field('Price per seat').value).toBe('50.00')
    expect(field('Deposit per seat').value).toBe('10.00')
    expect(field('Minimum notice (minutes)').value).toBe('120')
    expect(field('Name (Deutsch)').value).toBe('Beratung')
    await waitFor(() => expect(field('Intake form').value).toBe('4'))
    expect(
      within(screen.getByLabelText('Intake form')).getByRole('option', {
        name: 'Health questions',
      }),
    ).toBeInTheDocument()

    type('Price per seat', '72,5')
    type('Deposit', 'percent')
    type('Deposit (% of the price)', '20')
    fireEvent.click(screen.getByLabelText('Phone'))
    api.adminServices.mockResolvedValue([{ ...consultation, priceCents: 7250 }, yoga])
    fireEvent.click(screen.getByRole('button', { name: 'Save service' }))

    await waitFor(() =>
      expect(api.updateService).toHaveBeenCalledWith(1, {
        priceCents: 7250,
        depositCents: 0,
        depositPercent: 20,
        requiredFields: ['firstName', 'lastName', 'email', 'phone'],
        version: 3,
      }),
    )
    expect(await screen.findByText('The service Consultation was saved.')).toHaveAttribute(
      'role',
      'status',
    )
    expect(await screen.findByRole('cell', { name: '€72.50' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Edit Consultation' })).toBeNull()
  })

  it('sends nothing when nothing changed', async () => {
    const api = setUp()
    renderAdmin(<ServicesView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Yoga class' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save service' }))
    expect(await screen.findByText('Nothing was changed.')).toBeInTheDocument()
    expect(api.updateService).not.toHaveBeenCalled()
  })

  it('creates a service with every setting, the amounts in minor units', async () => {
    const api = setUp([])
    api.createService.mockResolvedValue({ id: 3 })
    renderAdmin(<ServicesView />, { api })
    expect(await screen.findByText('No services yet.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'New service' }))
    type('Name', 'Massage')
    type('Address name', 'massage')
    type('Duration (minutes)', '45')
    type('Currency (three-letter code)', 'jpy')
    type('Price per seat', '8000')
    type('Weekly appointments per booking', '4')
    type('Who is chosen for "any available staff"', 'collective')
    type('Members per appointment', '2')
    fireEvent.click(screen.getByLabelText('Bookings need our confirmation'))
    fireEvent.click(screen.getByRole('button', { name: 'Create service' }))

    await waitFor(() => expect(api.createService).toHaveBeenCalledTimes(1))
    expect(api.createService.mock.calls[0]![0]).toEqual({
      providerId: 7,
      slug: 'massage',
      name: 'Massage',
      description: '',
      durationMinutes: 45,
      slotIntervalMinutes: 45,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minimumNoticeMinutes: 0,
      horizonDays: 60,
      seatsPerSlot: 1,
      maxSlotsPerBooking: 1,
      priceCents: 8000,
      depositCents: 0,
      depositPercent: null,
      refundPolicy: 'full_before_cutoff',
      refundCutoffMinutes: 1440,
      currency: 'JPY',
      requiresConfirmation: true,
      requiredFields: ['firstName', 'lastName', 'email'],
      location: '',
      rescheduleCutoffMinutes: 0,
      cancellationCutoffMinutes: 0,
      recurrenceCount: 4,
      intakeFormId: null,
      reminderMinutesBefore: 1440,
      translations: {},
      assignment: 'collective',
      collectiveMembers: 2,
    })
    expect(await screen.findByText('The service Massage was created.')).toBeInTheDocument()
  })

  it('checks the form before sending it', async () => {
    const api = setUp()
    renderAdmin(<ServicesView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'New service' }))
    type('Name', 'Massage')
    type('Address name', 'Massage!')
    type('Duration (minutes)', '2')
    type('Price per seat', '10.999')
    type('Name (Deutsch)', '')
    type('Description (Deutsch)', 'Nur Beschreibung')
    fireEvent.click(screen.getByRole('button', { name: 'Create service' }))
    expect(
      await screen.findByText(
        'Use lowercase letters, digits and dashes, starting with a letter or digit.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Enter a whole number in the range given.')).toBeInTheDocument()
    expect(screen.getByText(/Enter an amount such as 25.50/)).toBeInTheDocument()
    expect(
      screen.getByText('Give the name in this language, or leave its description empty too.'),
    ).toBeInTheDocument()
    type('Price per seat', '10')
    type('Deposit', 'amount')
    type('Deposit per seat', '12')
    fireEvent.click(screen.getByRole('button', { name: 'Create service' }))
    expect(
      await screen.findByText('The deposit must not be more than the price.'),
    ).toBeInTheDocument()
    expect(api.createService).not.toHaveBeenCalled()
  })

  it("shows the server's refusal in the form", async () => {
    const api = setUp()
    api.updateService.mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'Conflict',
        message: 'A service with this slug already exists.',
      }),
    )
    renderAdmin(<ServicesView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Yoga class' }))
    type('Address name', 'consult')
    fireEvent.click(screen.getByRole('button', { name: 'Save service' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A service with this slug already exists.',
    )
    expect(api.updateService).toHaveBeenCalledWith(2, { slug: 'consult', version: 3 })
    expect(screen.getByRole('heading', { name: 'Edit Yoga class' })).toBeInTheDocument()
  })

  it('keeps what was typed when someone else saved first, and loads their version on request', async () => {
    const api = setUp()
    api.updateService.mockRejectedValue(versionConflict('service'))
    renderAdmin(<ServicesView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Consultation' }))
    type('Price per seat', '61')
    type('Location', 'Room 2')
    fireEvent.click(screen.getByRole('button', { name: 'Save service' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else saved this service while you were editing it. Your changes are still here ' +
        'but not saved: load the saved version to see theirs, then make your changes again and save.',
    )
    expect(api.updateService).toHaveBeenCalledWith(1, {
      priceCents: 6100,
      location: 'Room 2',
      version: 3,
    })
    expect(field('Price per seat').value).toBe('61')
    expect(field('Location').value).toBe('Room 2')
    expect(screen.getByRole('heading', { name: 'Edit Consultation' })).toBeInTheDocument()

    api.adminServices.mockResolvedValue([{ ...consultation, priceCents: 5500, version: 4 }, yoga])
    fireEvent.click(screen.getByRole('button', { name: 'Load the saved version' }))
    await waitFor(() => expect(field('Price per seat').value).toBe('55.00'))
    expect(field('Location').value).toBe('Room 1')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Edit Consultation' })).toHaveFocus()
    expect(screen.getByRole('cell', { name: '€55.00' })).toBeInTheDocument()

    api.updateService.mockResolvedValue({ id: 1, version: 5 })
    type('Price per seat', '61')
    fireEvent.click(screen.getByRole('button', { name: 'Save service' }))
    await waitFor(() =>
      expect(api.updateService).toHaveBeenLastCalledWith(1, { priceCents: 6100, version: 4 }),
    )
  })

  it('edits a saved service again from its new version, before the list is read anew', async () => {
    const api = setUp()
    api.updateService.mockResolvedValue({ id: 2, version: 4 })
    renderAdmin(<ServicesView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Yoga class' }))
    // The list read after the save has not come back yet.
    api.adminServices.mockReturnValue(new Promise(() => undefined))
    type('Location', 'Studio 2')
    fireEvent.click(screen.getByRole('button', { name: 'Save service' }))
    expect(await screen.findByText('The service Yoga class was saved.')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Edit Yoga class' }))
    expect(field('Location').value).toBe('Studio 2')
    type('Location', 'Studio 3')
    fireEvent.click(screen.getByRole('button', { name: 'Save service' }))
    await waitFor(() =>
      expect(api.updateService).toHaveBeenLastCalledWith(2, { location: 'Studio 3', version: 4 }),
    )
  })
})
