import { render, screen } from '@testing-library/react'
import { ErrorScreen } from './error-screen'
import { isExpiredLinkError } from './expired-link'

describe('isExpiredLinkError', () => {
  it.each([
    ['slug expired', true],
    ['The reschedule window has closed', true],
    ['CANCELLATION is no longer possible', true],
    ['Slug expired', false],
    ['slug expired soon', false],
    ['Page Not Found: /widget/x', false],
  ])('%s -> %s', (statusMessage, expected) => {
    expect(isExpiredLinkError(statusMessage)).toBe(expected)
  })
})

describe('ErrorScreen', () => {
  it('shows the status code as the heading and the statusMessage beneath', () => {
    render(
      <ErrorScreen
        error={{ statusCode: 404, statusMessage: 'Page Not Found: /widget/x', message: 'x' }}
      />,
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404')
    expect(screen.getByText('Page Not Found: /widget/x')).toBeInTheDocument()
  })

  it('gives an expired link its own view with the error message', () => {
    render(
      <ErrorScreen
        error={{
          statusCode: 410,
          statusMessage: 'slug expired',
          message: 'This one-time link has already been used.',
        }}
      />,
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'This link is no longer valid',
    )
    expect(screen.getByText('This one-time link has already been used.')).toBeInTheDocument()
    expect(screen.queryByText('410')).not.toBeInTheDocument()
  })
})
