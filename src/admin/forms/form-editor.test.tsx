import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { FormSummary } from '../../lib/admin/form-types'
import { HttpError } from '../../lib/http'
import { fakeApi, renderAdmin } from '../test-support'
import { FormsView } from './forms-view'

const survey: FormSummary = {
  id: 4,
  slug: 'satisfaction',
  kind: 'survey',
  published: true,
  version: 2,
  responses: 3,
  definition: {
    title: { en: 'How was your visit?', de: 'Wie war Ihr Besuch?', fr: 'Votre visite ?' },
    thankYou: { en: 'Thanks!' },
    pages: [
      {
        id: 'one',
        fields: [
          { id: 'stars', type: 'rating', label: { en: 'Your visit', de: 'Ihr Besuch' } },
          {
            id: 'why',
            type: 'longText',
            label: { en: 'What went wrong?', de: 'Was lief schief?' },
            help: { en: 'Be frank.', it: 'Sia franco.' },
          },
        ],
      },
      {
        id: 'two',
        fields: [{ id: 'ok', type: 'consent', label: { en: 'You may contact me' } }],
      },
    ],
    rules: [
      { when: { field: 'stars', equals: 1 }, then: { action: 'show', field: 'why' } },
      { when: { field: 'stars', equals: 5 }, then: { action: 'jump', page: 'two' } },
    ],
  },
}

function setup(forms: FormSummary[] = [survey]) {
  const api = fakeApi()
  api.forms.mockResolvedValue({ forms })
  return api
}

const type = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } })

describe('the form editor', () => {
  it('creates a form with two questions, one a single choice, and lists it after', async () => {
    const api = setup([])
    api.createForm.mockResolvedValue({ id: 9, version: 1 })
    renderAdmin(<FormsView />, { api })
    await screen.findByText('No forms or surveys yet.')
    fireEvent.click(screen.getByRole('button', { name: 'New form' }))
    const editor = screen.getByRole('region', { name: 'New form' })
    const settings = within(editor).getByRole('group', { name: 'Settings' })
    type(within(settings).getByLabelText('Title (English)'), 'Contact us')
    // The slug follows the English title until it is typed.
    expect(within(settings).getByLabelText('Slug (in the public link)')).toHaveValue('contact-us')
    fireEvent.click(within(settings).getByLabelText('Published: visitors can open it'))
    type(within(settings).getByLabelText('Thank-you text (English)'), 'We will call you.')

    const questions = within(editor).getByRole('group', { name: 'Questions' })
    fireEvent.click(within(questions).getByRole('button', { name: 'Add question' }))
    const first = within(editor).getByRole('group', { name: 'Question 1' })
    type(within(first).getByLabelText('Label (English)'), 'Your e-mail')
    expect(within(first).getByLabelText('Field id')).toHaveValue('your-e-mail')
    fireEvent.click(within(first).getByLabelText('Required'))

    type(within(questions).getByLabelText('Type of the new question'), 'singleChoice')
    fireEvent.click(within(questions).getByRole('button', { name: 'Add question' }))
    const second = within(editor).getByRole('group', { name: 'Question 2' })
    type(within(second).getByLabelText('Label (English)'), 'Best time to call')
    const options = within(second).getByRole('group', { name: 'Options of question 2' })
    fireEvent.click(within(options).getByRole('button', { name: 'Add option to question 2' }))
    fireEvent.click(within(options).getByRole('button', { name: 'Add option to question 2' }))
    type(within(options).getByLabelText('Option 1 (English)'), 'Morning')
    type(within(options).getByLabelText('Option 2 (English)'), 'Afternoon')
    type(within(options).getByLabelText('Id of option 2'), 'pm')
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(api.createForm).toHaveBeenCalled())
    expect(api.createForm).toHaveBeenCalledWith({
      slug: 'contact-us',
      kind: 'form',
      published: true,
      definition: {
        title: { en: 'Contact us' },
        thankYou: { en: 'We will call you.' },
        pages: [
          {
            id: 'page-1',
            fields: [
              {
                id: 'your-e-mail',
                type: 'shortText',
                label: { en: 'Your e-mail' },
                required: true,
              },
              {
                id: 'best-time-to-call',
                type: 'singleChoice',
                label: { en: 'Best time to call' },
                options: [
                  { id: 'morning', label: { en: 'Morning' } },
                  { id: 'pm', label: { en: 'Afternoon' } },
                ],
              },
            ],
          },
        ],
      },
    })
    expect(await screen.findByRole('status')).toHaveTextContent('Created “Contact us”.')
    expect(api.forms).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('region', { name: 'New form' })).toBeNull()
  })

  it("edits a survey's German text and order, keeping what it did not touch", async () => {
    const api = setup()
    api.updateForm.mockResolvedValue({ id: 4, version: 3 })
    renderAdmin(<FormsView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit How was your visit?' }))
    const editor = screen.getByRole('region', { name: 'Edit: How was your visit?' })
    type(within(editor).getByLabelText('Editing language'), 'de')
    const why = within(editor).getByRole('group', { name: 'Question 2: Was lief schief?' })
    const label = within(why).getByLabelText('Label (German)')
    expect(label).toHaveValue('Was lief schief?')
    type(label, 'Was war nicht gut?')
    // A text with no German falls back to English, shown as the placeholder.
    const help = within(why).getByLabelText('Help text (German)')
    expect(help).toHaveValue('')
    expect(help).toHaveAttribute('placeholder', 'Be frank.')
    fireEvent.click(within(why).getByRole('button', { name: 'Move question 2 up' }))
    expect(
      within(editor).getByRole('group', { name: 'Question 1: Was war nicht gut?' }),
    ).toBeInTheDocument()
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(api.updateForm).toHaveBeenCalled())
    expect(api.updateForm).toHaveBeenCalledWith(4, {
      definition: {
        ...survey.definition,
        pages: [
          {
            id: 'one',
            fields: [
              {
                id: 'why',
                type: 'longText',
                label: { en: 'What went wrong?', de: 'Was war nicht gut?' },
                help: { en: 'Be frank.', it: 'Sia franco.' },
              },
              { id: 'stars', type: 'rating', label: { en: 'Your visit', de: 'Ihr Besuch' } },
            ],
          },
          survey.definition.pages[1],
        ],
      },
    })
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved “How was your visit?”: version 3.',
    )
  })

  it("keeps saved field ids and lets a new one's be typed", async () => {
    renderAdmin(<FormsView />, { api: setup() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit How was your visit?' }))
    const editor = screen.getByRole('region', { name: 'Edit: How was your visit?' })
    const stars = within(editor).getByRole('group', { name: 'Question 1: Your visit' })
    expect(within(stars).queryByLabelText('Field id')).toBeNull()
    expect(within(stars).getByText('Field id: stars')).toBeInTheDocument()
    expect(
      within(stars).getByText('Answers already given refer to this id, so it stays as it is.'),
    ).toBeInTheDocument()
    const page = within(editor).getByRole('group', { name: 'Page 2' })
    fireEvent.click(within(page).getByRole('button', { name: 'Add question to page 2' }))
    const added = within(editor).getByRole('group', { name: 'Question 4' })
    expect(within(added).getByLabelText('Field id')).toHaveValue('short-text')
  })

  it("shows the shared schema's messages and sends nothing", async () => {
    const api = setup()
    renderAdmin(<FormsView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'New survey' }))
    const editor = screen.getByRole('region', { name: 'New survey' })
    type(within(editor).getByLabelText('Redirect address'), 'ftp://example.com')
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }))
    const problems = await within(editor).findByRole('alert')
    expect(problems).toHaveTextContent('Title (English): is not allowed to be empty')
    expect(problems).toHaveTextContent('Slug (in the public link): is not allowed to be empty')
    expect(problems).toHaveTextContent('Page 1 › Questions: must contain at least 1 items')
    expect(problems).toHaveTextContent(/Redirect address: must be a valid uri/)
    expect(within(editor).getByLabelText('Title (English)')).toHaveAttribute('aria-invalid', 'true')
    expect(api.createForm).not.toHaveBeenCalled()
  })

  it("shows the server's refusal", async () => {
    const api = setup()
    api.updateForm.mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'Conflict',
        message: 'A form with this slug exists already.',
      }),
    )
    renderAdmin(<FormsView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit How was your visit?' }))
    const editor = screen.getByRole('region', { name: 'Edit: How was your visit?' })
    type(within(editor).getByLabelText('Slug (in the public link)'), 'contact')
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(await within(editor).findByRole('alert')).toHaveTextContent(
      'A form with this slug exists already.',
    )
    expect(api.updateForm).toHaveBeenCalledWith(4, { slug: 'contact' })
    expect(screen.getByRole('region', { name: 'Edit: How was your visit?' })).toBeInTheDocument()
  })

  it('edits rules as rows of selects, and says when nothing changed', async () => {
    const api = setup()
    api.updateForm.mockResolvedValue({ id: 4, version: 3 })
    renderAdmin(<FormsView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit How was your visit?' }))
    const editor = screen.getByRole('region', { name: 'Edit: How was your visit?' })
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(await within(editor).findByRole('status')).toHaveTextContent('Nothing has changed.')

    const rule = within(editor).getByRole('group', { name: 'Rule 2' })
    expect(within(rule).getByLabelText('When question')).toHaveValue('stars')
    expect(within(rule).getByLabelText('Answer is')).toHaveValue('5')
    expect(within(rule).getByLabelText('Page')).toHaveValue('two')
    type(within(rule).getByLabelText('Answer is'), '4')
    type(within(rule).getByLabelText('Then'), 'end')
    fireEvent.click(within(editor).getByRole('button', { name: 'Remove rule 1' }))
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.updateForm).toHaveBeenCalled())
    expect(api.updateForm.mock.calls[0]![1].definition!.rules).toEqual([
      { when: { field: 'stars', equals: 4 }, then: { action: 'end' } },
    ])
  })

  it('edits how many options a multiple choice takes, and offers its options in a rule', async () => {
    const choices: FormSummary = {
      ...survey,
      id: 5,
      kind: 'form',
      definition: {
        title: { en: 'Intake' },
        pages: [
          {
            id: 'one',
            fields: [
              {
                id: 'areas',
                type: 'multipleChoice',
                label: { en: 'Where does it hurt?' },
                options: [
                  { id: 'knee', label: { en: 'Knee' } },
                  { id: 'back', label: { en: 'Back' } },
                ],
              },
              { id: 'note', type: 'shortText', label: { en: 'Anything else?' } },
            ],
          },
        ],
        rules: [
          { when: { field: 'areas', includes: 'back' }, then: { action: 'show', field: 'note' } },
        ],
      },
    }
    const api = setup([choices])
    api.updateForm.mockResolvedValue({ id: 5, version: 3 })
    renderAdmin(<FormsView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Intake' }))
    const editor = screen.getByRole('region', { name: 'Edit: Intake' })
    const rule = within(editor).getByRole('group', { name: 'Rule 1' })
    const answer = within(rule).getByLabelText('Answer includes')
    expect(answer).toHaveValue('back')
    expect(
      within(answer)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Knee', 'Back'])
    const question = within(editor).getByRole('group', {
      name: 'Question 1: Where does it hurt?',
    })
    type(within(question).getByLabelText('Fewest options to choose'), '1')
    type(within(question).getByLabelText('Most options to choose'), '2')
    type(answer, 'knee')
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.updateForm).toHaveBeenCalled())
    const saved = api.updateForm.mock.calls[0]![1].definition!
    expect(saved.pages[0]!.fields[0]).toMatchObject({ minSelections: 1, maxSelections: 2 })
    expect(saved.rules).toEqual([
      { when: { field: 'areas', includes: 'knee' }, then: { action: 'show', field: 'note' } },
    ])
  })
})
