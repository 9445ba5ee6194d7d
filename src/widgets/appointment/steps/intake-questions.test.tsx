import { fireEvent, screen, waitFor } from '@testing-library/react'
import { postBooking } from '../api'
import { fetchIntakeForm, type PublicForm } from '../../forms/api'
import { catalog, flowStore, renderWithStore, service, slot } from '../test-support'
import ContactForm from './contact-form'

jest.mock('../api', () => ({ postBooking: jest.fn() }))
jest.mock('../../forms/api', () => ({ fetchIntakeForm: jest.fn() }))
const post = jest.mocked(postBooking)
const fetchIntake = jest.mocked(fetchIntakeForm)

const INTAKE: PublicForm = {
  id: 12,
  slug: 'intake',
  kind: 'form',
  version: 2,
  definition: {
    title: { en: 'Before your first visit' },
    pages: [
      {
        id: 'p',
        fields: [
          {
            id: 'reason',
            type: 'singleChoice',
            label: { en: 'What brings you to us?' },
            required: true,
            options: [
              { id: 'back', label: { en: 'Back pain' } },
              { id: 'other', label: { en: 'Something else' } },
            ],
          },
          { id: 'what', type: 'shortText', label: { en: 'What is it?' }, required: true },
          { id: 'pain', type: 'score', label: { en: 'Pain today' } },
        ],
      },
    ],
    rules: [
      { when: { field: 'reason', equals: 'other' }, then: { action: 'show', field: 'what' } },
    ],
  },
}

function setup() {
  const store = flowStore({
    catalog: catalog([service({ intakeFormId: 12 })]),
    staff: 'any',
    party: { kind: 'people', guests: 0 },
    slot: slot('2030-03-05T08:00:00.000Z'),
  })
  renderWithStore(store, <ContactForm />)
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

afterEach(() => jest.clearAllMocks())

describe('intake questions on the details step', () => {
  it("asks the service's questions, with their rules, and books with the answers", async () => {
    fetchIntake.mockResolvedValue(INTAKE)
    post.mockReturnValue(new Promise(() => undefined))
    setup()
    expect(
      await screen.findByRole('group', { name: 'Before your first visit' }),
    ).toBeInTheDocument()
    expect(fetchIntake).toHaveBeenCalledWith(12)
    type(/^First name/, 'Ana')
    type(/^Last name/, 'Silva')
    type(/^Email/, 'ana@example.com')
    type(/^Phone/, '+49 30 901820')
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    expect(post).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }))
    // The rule shows the follow-up, which is required in its turn.
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    type(/^What is it\?/, 'Wrist')
    fireEvent.click(screen.getByRole('radio', { name: '3' }))
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }))
    await waitFor(() => expect(post).toHaveBeenCalled())
    expect(post.mock.calls[0]![0].intake).toEqual([
      {
        formId: 12,
        version: 2,
        locale: 'en',
        answers: { reason: 'other', what: 'Wrist', pain: 3 },
      },
    ])
  })

  it('asks nothing for a service without intake questions', () => {
    const store = flowStore({
      catalog: catalog([service()]),
      staff: 'any',
      party: { kind: 'people', guests: 0 },
      slot: slot('2030-03-05T08:00:00.000Z'),
    })
    renderWithStore(store, <ContactForm />)
    expect(fetchIntake).not.toHaveBeenCalled()
    expect(screen.queryByRole('group', { name: 'Before your first visit' })).toBeNull()
  })
})
