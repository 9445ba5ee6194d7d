import { render, screen } from '@testing-library/react'
import { inLanguage } from '../test-language'
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

describe.each([
  ['de', 'Dieser Link wurde bereits verwendet oder ist abgelaufen.'],
  ['fr', 'Ce lien a déjà été utilisé ou a expiré.'],
  ['pl', 'Ten link został już użyty lub wygasł.'],
  ['pt-br', 'Este link já foi usado ou expirou.'],
] as const)('a used one-time link in %s', (locale, body) => {
  const { wrapper } = inLanguage(locale)
  // As the API words it (server/booking/http/refusal-response.ts).
  const english = 'This link has already been used or has expired.'

  it('says so in the language, not in English', () => {
    render(
      <ErrorScreen error={{ statusCode: 410, statusMessage: 'slug expired', message: english }} />,
      { wrapper },
    )
    expect(screen.getByText(body)).toBeInTheDocument()
    expect(screen.queryByText(english)).not.toBeInTheDocument()
  })
})
