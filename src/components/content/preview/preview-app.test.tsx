import { render, screen } from '@testing-library/react'
import { HttpError } from '../../../lib/http'
import { fetchPreview } from './preview-api'
import { PreviewApp } from './preview-app'

jest.mock('./preview-api', () => ({ fetchPreview: jest.fn() }))

const fetchDraft = jest.mocked(fetchPreview)
const TOKEN = 'Yq3v9bS0mZ2kq8rX1c5wT7uJ4hN6pL0aE2dF8gH1iK3'
const path = '/en/v2/preview/journal/b/no-such-draft/'

const notFound = () =>
  new HttpError({
    statusCode: 404,
    statusMessage: `Page Not Found: ${path}`,
    message: `Page Not Found: ${path}`,
  })

beforeEach(() => fetchDraft.mockReset())

describe('PreviewApp', () => {
  it('shows the site’s 404 page for an unknown draft, without the token', async () => {
    fetchDraft.mockRejectedValue(notFound())
    render(<PreviewApp location={{ pathname: path, search: `?token=${TOKEN}` }} />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      `Page Not Found: ${path}`,
    )
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(TOKEN)
  })

  it('shows the 404 page without asking for a draft when the link has no token', async () => {
    render(<PreviewApp location={{ pathname: path, search: '' }} />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      `Page Not Found: ${path}`,
    )
    expect(fetchDraft).not.toHaveBeenCalled()
  })

  it('shows any other failure with its status', async () => {
    fetchDraft.mockRejectedValue(
      new HttpError({
        statusCode: 429,
        statusMessage: 'Too Many Requests',
        message: 'Too many preview requests. Please try again in 30 seconds.',
      }),
    )
    render(<PreviewApp location={{ pathname: path, search: `?token=${TOKEN}` }} />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('429')
  })
})
