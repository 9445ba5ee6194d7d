import { fireEvent, screen, waitFor } from '@testing-library/react'
import { HttpError } from '../../../lib/http'
import { postBooking } from '../api'
import { detailsReadAtom, failureReadAtom, resultReadAtom, slotReadAtom } from '../state'
import type { PartyChoice } from '../state'
import { catalog, flowStore, renderWithStore, service, slot } from '../test-support'
import ContactForm from './contact-form'

jest.mock('../api', () => ({ postBooking: jest.fn() }))
const post = jest.mocked(postBooking)

const start = slot('2030-03-05T08:00:00.000Z')

function setup(services = [service()], party: PartyChoice = { kind: 'people', guests: 0 }) {
  const store = flowStore({ catalog: catalog(services), staff: 'any', party, slot: start })
  renderWithStore(store, <ContactForm />)
  return store
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

function fillContact() {
  type(/^First name/, 'Ana')
  type(/^Last name/, 'Silva')
  type(/^Email/, 'ana@example.com')
  type(/^Phone/, '+49 30 901820')
}

afterEach(() => jest.clearAllMocks())

describe('ContactForm', () => {
  it("shows each required field's message beside it, announced", async () => {
    setup()
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    const messages = (await screen.findAllByRole('alert')).map((el) => el.textContent)
    expect(messages).toEqual([
      'First name is required.',
      'Last name is required.',
      'Email is required',
      'Phone number is required.',
    ])
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true')
    expect(post).not.toHaveBeenCalled()
  })

  it('checks the phone number and the email', async () => {
    setup()
    fillContact()
    type(/^Phone/, '12')
    type(/^Email/, 'ana@')
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument()
    expect(screen.getByText('Email is invalid!')).toBeInTheDocument()
  })

  it('checks guests: name, email, unique emails', async () => {
    setup([service()], { kind: 'people', guests: 2 })
    fillContact()
    type('Guest 2: name *', '')
    type('Guest 2: email *', 'bo@example.com')
    type('Guest 3: name *', '<b>')
    type('Guest 3: email *', 'bo@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Name is invalid')).toBeInTheDocument()
    expect(screen.getByText('Email ID must be unique for guests.')).toBeInTheDocument()
  })

  it('asks for a name and email for each guest of the party chosen before the time', () => {
    setup([service()], { kind: 'people', guests: 2 })
    expect(screen.getByRole('textbox', { name: 'Guest 2: name' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Guest 3: email' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add a guest' })).toBeNull()
  })

  it('books a guest count as one line taking that many seats', async () => {
    post.mockReturnValue(new Promise(() => undefined))
    setup([service({ seatsPerSlot: 8 })], { kind: 'count', count: 3 })
    expect(screen.getByText('Number of people: 3')).toBeInTheDocument()
    fillContact()
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0]?.[0]).toMatchObject({
      guestCount: 3,
      lines: [{ serviceId: 1, guestIndex: 0, staffId: null }],
    })
  })

  it('asks for the terms when a deposit is due', async () => {
    setup([service({ depositCents: 2000, priceCents: 9000 })])
    fillContact()
    // What is charged now, the whole price, and what remains for the appointment.
    expect(screen.getByText('Amount to pay now (deposit)').nextElementSibling).toHaveTextContent(
      '€20.00',
    )
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('€90.00')
    expect(screen.getByText('To pay at the appointment').nextElementSibling).toHaveTextContent(
      '€70.00',
    )
    expect(screen.getByRole('link', { name: 'Read the terms and conditions' })).toHaveAttribute(
      'href',
      '/en/terms/',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }))
    expect(await screen.findByText('Please accept the terms and conditions')).toBeInTheDocument()
  })

  it('charges a counted party its deposit per seat, as the server stores it', () => {
    setup([service({ depositCents: 2000, priceCents: 9000, seatsPerSlot: 8 })], {
      kind: 'count',
      count: 3,
    })
    expect(screen.getByText('Amount to pay now (deposit)').nextElementSibling).toHaveTextContent(
      '€60.00',
    )
  })

  it('books, saying "Scheduling…" meanwhile, with one line per person', async () => {
    let resolve: (value: never) => void = () => undefined
    post.mockReturnValue(new Promise((r) => (resolve = r)))
    const store = setup([service()], { kind: 'people', guests: 1 })
    fillContact()
    type('Guest 2: name *', 'Bo Berg')
    type('Guest 2: email *', 'bo@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    expect(await screen.findByRole('button', { name: 'Scheduling…' })).toBeDisabled()
    const [request, key] = post.mock.calls[0]!
    expect(request).toMatchObject({
      start: '2030-03-05T08:00:00.000Z',
      timeZone: 'Europe/Berlin',
      lines: [
        { serviceId: 1, guestIndex: 0, staffId: null },
        { serviceId: 1, guestIndex: 1, staffId: null },
      ],
      guests: [{ name: 'Bo Berg', email: 'bo@example.com' }],
    })
    expect(key).toMatch(/\w{8,}/)
    resolve({ booking: { status: 'confirmed' }, manageToken: 't' } as never)
    await waitFor(() => expect(store.get(resultReadAtom)).not.toBeNull())
  })

  it("after a lost slot, goes back to the slots with the server's message and keeps the details", async () => {
    post.mockRejectedValue(
      new HttpError({ statusCode: 409, statusMessage: 'Not booked: Staff busy', message: 'busy' }),
    )
    const store = setup()
    fillContact()
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    await waitFor(() => expect(store.get(failureReadAtom)).toBe('Not booked: Staff busy'))
    expect(store.get(slotReadAtom)).toBeNull()
    expect(store.get(detailsReadAtom)?.contact).toMatchObject({
      firstName: 'Ana',
      phone: '+49 30 901820',
    })
  })

  it('shows a server field error beside its field', async () => {
    post.mockRejectedValue(
      new HttpError({
        statusCode: 400,
        statusMessage: 'Invalid phone number',
        message: 'Invalid phone number',
        fields: { 'contact.phone': 'Invalid phone number' },
      }),
    )
    setup()
    fillContact()
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument()
  })

  it.each([
    [
      'no answer at all',
      new HttpError({ statusCode: 503, statusMessage: 'Service Unavailable', message: 'x' }),
    ],
    [
      'a proxy in front of a stopped API',
      new HttpError({ statusCode: 502, statusMessage: 'Bad Gateway', message: '<html>' }),
    ],
  ])(
    "says the spec's words when the API cannot be reached (%s) and keeps what was typed",
    async (_case, error) => {
      post.mockRejectedValue(error)
      setup([service()], { kind: 'people', guests: 1 })
      fillContact()
      type('Guest 2: name *', 'Bo Berg')
      type('Guest 2: email *', 'bo@example.com')
      fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(
        /^We were unable to schedule your appointment\. Please try again\.$/,
      )
      expect(screen.queryByText(/Service Unavailable|Bad Gateway/)).toBeNull()
      expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Ana')
      expect(screen.getByRole('textbox', { name: 'Guest 2: name' })).toHaveValue('Bo Berg')
      expect(screen.getByRole('button', { name: 'Book now' })).toBeEnabled()
    },
  )
})
