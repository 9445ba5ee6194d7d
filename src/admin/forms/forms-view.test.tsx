import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { FormSummary, StoredResponse } from '../../lib/admin/form-types'
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
    title: { en: 'How was your visit?' },
    pages: [
      {
        id: 'one',
        fields: [
          { id: 'stars', type: 'rating', label: { en: 'Your visit' } },
          {
            id: 'topics',
            type: 'multipleChoice',
            label: { en: 'What did we treat?' },
            options: [
              { id: 'back', label: { en: 'Back' } },
              { id: 'neck', label: { en: 'Neck' } },
            ],
          },
          {
            id: 'again',
            type: 'singleChoice',
            label: { en: 'Come again?' },
            options: [{ id: 'yes', label: { en: 'Surely' } }],
          },
        ],
      },
      {
        id: 'two',
        fields: [
          { id: 'when', type: 'date', label: { en: 'Next visit' } },
          { id: 'ok', type: 'consent', label: { en: 'You may contact me' } },
        ],
      },
    ],
  },
}

const draft: FormSummary = {
  id: 5,
  slug: 'intake',
  kind: 'form',
  published: false,
  version: 1,
  responses: 0,
  definition: {
    title: { en: 'New patient intake' },
    pages: [{ id: 'only', fields: [{ id: 'name', type: 'shortText', label: { en: 'Name' } }] }],
  },
}

const response = (id: number, answers: StoredResponse['answers']): StoredResponse => ({
  id,
  version: 2,
  answers,
  locale: 'en',
  bookingId: null,
  createdAt: '2030-03-04T09:30:00.000Z',
})

describe('the forms screen', () => {
  it('lists the forms and surveys with their counts and public links', async () => {
    const api = fakeApi()
    api.forms.mockResolvedValue({ forms: [survey, draft] })
    renderAdmin(<FormsView />, { api })
    const row = (await screen.findByRole('button', { name: 'How was your visit?' })).closest('tr')!
    expect(within(row).getByRole('cell', { name: 'Survey' })).toBeInTheDocument()
    expect(within(row).getByRole('cell', { name: '3' })).toBeInTheDocument()
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/en/widget/survey/satisfaction')
    const draftRow = screen.getByRole('button', { name: 'New patient intake' }).closest('tr')!
    expect(within(draftRow).queryByRole('link')).toBeNull()
    expect(draftRow).toHaveTextContent('Draft: not public until published')
  })

  it("shows a form's responses readably, pages to older ones, and links the CSV", async () => {
    const api = fakeApi()
    api.forms.mockResolvedValue({ forms: [survey, draft] })
    api.formResponses
      .mockResolvedValueOnce({
        responses: [
          response(9, {
            stars: 4,
            topics: ['back', 'neck'],
            again: 'yes',
            when: '2030-04-02',
            ok: true,
          }),
        ],
        next: 9,
      })
      .mockResolvedValueOnce({ responses: [response(8, { ok: false })], next: null })
    renderAdmin(<FormsView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'How was your visit?' }))
    const table = (await screen.findByRole('columnheader', { name: 'Your visit' })).closest(
      'table',
    )!
    expect(api.formResponses).toHaveBeenCalledWith(4, undefined)
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((each) => each.textContent)
    expect(headers).toEqual([
      'Submitted at',
      'Your visit',
      'What did we treat?',
      'Come again?',
      'Next visit',
      'You may contact me',
    ])
    const first = within(table).getAllByRole('row')[1]!
    expect(
      within(first)
        .getAllByRole('cell')
        .map((each) => each.textContent),
    ).toEqual([
      expect.stringMatching(/2030/),
      '4 of 5',
      'Back, Neck',
      'Surely',
      'April 2, 2030',
      'Yes',
    ])
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/admin\/forms\/4\/responses\.csv\?locale=en$/),
    )

    fireEvent.click(screen.getByRole('button', { name: 'Older responses' }))
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(api.formResponses).toHaveBeenLastCalledWith(4, 9)
    const second = within(table).getAllByRole('row')[2]!
    const cells = within(second).getAllByRole('cell')
    expect(cells[1]).toHaveTextContent('No answer')
    expect(cells.at(-1)).toHaveTextContent('No')
    expect(screen.queryByRole('button', { name: 'Older responses' })).toBeNull()
  })

  it("shows the API's refusal", async () => {
    const api = fakeApi()
    api.forms.mockRejectedValue(
      new HttpError({
        statusCode: 403,
        statusMessage: 'Forbidden',
        message: 'Your account may not do this.',
      }),
    )
    renderAdmin(<FormsView />, { api })
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account may not do this.')
  })

  it('says when a form has no responses', async () => {
    const api = fakeApi()
    api.forms.mockResolvedValue({ forms: [draft] })
    api.formResponses.mockResolvedValue({ responses: [], next: null })
    renderAdmin(<FormsView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'New patient intake' }))
    expect(await screen.findByText('No responses yet.')).toBeInTheDocument()
  })
})
