import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FormDefinition } from '../../lib/forms/definition'
import { SURVEY } from '../../lib/forms/test-forms'
import { HttpError } from '../../lib/http'
import { fetchForm, postResponse, type PublicForm } from './api'
import { FormWidget } from './form-widget'

jest.mock('./api', () => ({ fetchForm: jest.fn(), postResponse: jest.fn() }))

const getForm = jest.mocked(fetchForm)
const send = jest.mocked(postResponse)

const location = { pathname: '/en/widget/survey/7/', search: '' }

const survey = (definition: FormDefinition = SURVEY): PublicForm => ({
  id: 7,
  slug: 'survey',
  kind: 'survey',
  version: 3,
  definition,
})

/** One page holding one field of the given kind, as a form. */
const single = (field: FormDefinition['pages'][number]['fields'][number]): PublicForm => ({
  id: 8,
  slug: 'single',
  kind: 'form',
  version: 1,
  definition: { title: { en: 'Single' }, pages: [{ id: 'p', fields: [field] }] },
})

beforeEach(() => {
  getForm.mockReset()
  send.mockReset()
})

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))

describe('a survey in the widget', () => {
  it('follows its rules, keeps answers on the way back and sends them with their version', async () => {
    getForm.mockResolvedValue(survey())
    send.mockResolvedValue({ id: 1, thankYou: 'Thanks a lot!' })
    render(<FormWidget kind="survey" idOrSlug="7" location={location} />)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How did we do?' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Page 1 of 3' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/What went wrong/)).not.toBeInTheDocument()

    await next()
    expect(await screen.findAllByText('This field is required.')).toHaveLength(1)
    await userEvent.click(screen.getByRole('radio', { name: '1 star' }))
    // The rule shows the follow-up question, which is then required too.
    const why = screen.getByLabelText(/What went wrong/)
    await next()
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    await userEvent.type(why, 'Waited long')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Back' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Knee' }))
    await userEvent.click(screen.getByRole('checkbox', { name: '=Neck' }))
    await next()
    expect(await screen.findByText('Please choose at most 2 options')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: '=Neck' }))
    await next()

    expect(await screen.findByRole('progressbar', { name: 'Page 2 of 3' })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Age'), '130')
    await next()
    expect(await screen.findByText('Please enter a number from 0 to 120')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('Age'))
    await userEvent.type(screen.getByLabelText('Age'), '41')
    await userEvent.type(screen.getByLabelText('E-mail'), 'nope')
    await next()
    expect(await screen.findByText('Email is invalid!')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('E-mail'))
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    // Going back keeps what was answered.
    expect(await screen.findByRole('radio', { name: '1 star' })).toBeChecked()
    expect(screen.getByLabelText(/What went wrong/)).toHaveValue('Waited long')
    await next()
    expect(screen.getByLabelText('Age')).toHaveValue(41)
    await next()

    expect(await screen.findByRole('progressbar', { name: 'Page 3 of 3' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('This field is required.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: /You may contact me/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Thanks a lot!')).toBeInTheDocument()
    expect(send).toHaveBeenCalledWith(7, {
      version: 3,
      locale: 'en',
      answers: { rating: 1, why: 'Waited long', topics: ['back', 'knee'], age: 41, ok: true },
    })
  })

  it('jumps past a page when a rule says so', async () => {
    getForm.mockResolvedValue(survey())
    render(<FormWidget kind="survey" idOrSlug="7" location={location} />)
    await userEvent.click(await screen.findByRole('radio', { name: '5 stars' }))
    await next()
    expect(await screen.findByRole('progressbar', { name: 'Page 3 of 3' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('progressbar', { name: 'Page 1 of 3' })).toBeInTheDocument()
  })

  it("shows the spec's not-found screen for an unknown survey, or a form on the survey route", async () => {
    getForm.mockRejectedValueOnce(
      new HttpError({
        statusCode: 404,
        statusMessage: 'Form not found',
        message: 'Form not found',
      }),
    )
    const { unmount } = render(<FormWidget kind="survey" idOrSlug="nope" location={location} />)
    expect(await screen.findByText('Page Not Found: /en/widget/survey/7/')).toBeInTheDocument()
    unmount()
    getForm.mockResolvedValueOnce({ ...survey(), kind: 'form' })
    render(<FormWidget kind="survey" idOrSlug="7" location={location} />)
    expect(await screen.findByText('Page Not Found: /en/widget/survey/7/')).toBeInTheDocument()
  })
})

describe('a survey while the API is down', () => {
  it('says so in the words the booking flow uses, never the raw "Service Unavailable", and retries', async () => {
    getForm.mockRejectedValueOnce(
      new HttpError({
        statusCode: 503,
        statusMessage: 'Service Unavailable',
        message: 'Service Unavailable',
      }),
    )
    render(<FormWidget kind="survey" idOrSlug="7" location={location} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We were unable to load this form. Please try again.',
    )
    expect(screen.getByRole('heading', { name: 'This form is unavailable' })).toBeInTheDocument()
    expect(screen.queryByText('Service Unavailable')).not.toBeInTheDocument()
    getForm.mockResolvedValueOnce(survey())
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('progressbar', { name: 'Page 1 of 3' })).toBeInTheDocument()
  })
})

describe('each field type of a form', () => {
  const sendWith = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
  }

  it.each([
    [
      { id: 'a', type: 'shortText', label: { en: 'Name' }, required: true },
      'This field is required.',
    ],
    [{ id: 'a', type: 'email', label: { en: 'Mail' }, required: true }, 'This field is required.'],
    [{ id: 'a', type: 'phone', label: { en: 'Phone' }, required: true }, 'This field is required.'],
    [{ id: 'a', type: 'date', label: { en: 'Day' }, required: true }, 'This field is required.'],
    [{ id: 'a', type: 'score', label: { en: 'Score' }, required: true }, 'This field is required.'],
    [
      { id: 'a', type: 'consent', label: { en: 'I agree' }, required: true },
      'This field is required.',
    ],
    [
      {
        id: 'a',
        type: 'multipleChoice',
        label: { en: 'Topics' },
        required: true,
        options: [{ id: 'x', label: { en: 'X' } }],
      },
      'Please choose at least one option',
    ],
  ] as const)('%o says "%s" when left empty', async (field, message) => {
    getForm.mockResolvedValue(single(field as PublicForm['definition']['pages'][0]['fields'][0]))
    render(<FormWidget kind="form" idOrSlug="8" location={location} />)
    await screen.findByRole('heading', { name: 'Single' })
    await sendWith()
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(send).not.toHaveBeenCalled()
  })

  it('checks a phone number as the contact form does', async () => {
    getForm.mockResolvedValue(single({ id: 'a', type: 'phone', label: { en: 'Phone' } }))
    render(<FormWidget kind="form" idOrSlug="8" location={location} />)
    await userEvent.type(await screen.findByLabelText('Phone'), '12')
    await sendWith()
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument()
  })

  it('shows the messages the server answers with beside their fields', async () => {
    getForm.mockResolvedValue(single({ id: 'a', type: 'shortText', label: { en: 'Name' } }))
    send.mockRejectedValue(
      new HttpError({
        statusCode: 400,
        statusMessage: 'This field contains a character that is not allowed.',
        message: 'This field contains a character that is not allowed.',
        fields: { a: 'This field contains a character that is not allowed.' },
      }),
    )
    render(<FormWidget kind="form" idOrSlug="8" location={location} />)
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Ana' } })
    await sendWith()
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        'This field contains a character that is not allowed.',
      ),
    )
  })
})
