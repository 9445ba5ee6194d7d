import { render, screen } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import { HttpError } from '../../lib/http'
import { Alert, messageOf } from './fields'

const failure = (statusCode: number, message: string, code?: HttpError['code']) =>
  new HttpError({ statusCode, statusMessage: 'x', message, ...(code ? { code } : {}) })

describe('a failure in German', () => {
  const { wrapper } = inLanguage('de')
  const said = (error: unknown) => {
    render(<Alert>{messageOf(error)}</Alert>, { wrapper })
    return screen.getByRole('alert').textContent
  }

  it('says in the dashboard’s language that the server could not be reached', () => {
    // As the HTTP client reports them (src/lib/http/client.ts), and as a proxy answers.
    expect(
      said(failure(503, 'The server could not be reached. Check your connection and try again.')),
    ).toBe(
      'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    )
  })

  it.each([
    [failure(504, 'Gateway Timeout'), 'Der Server ist nicht erreichbar.'],
    [failure(408, 'The server took too long to answer. Please try again.'), 'zu lange'],
    [failure(503, 'The server is busy right now.', 'unavailable'), 'ausgelastet'],
    [failure(500, 'Something went wrong on our side. Please try again.'), 'Fehler'],
    [failure(429, 'Too many login requests.', 'rate_limited'), 'Zu viele Anfragen'],
  ])('words %p itself', (error, words) => {
    expect(said(error)).toContain(words)
  })

  it('shows a refusal of the request as the API words it', () => {
    expect(said(failure(409, 'An account with this e-mail already exists.', 'conflict'))).toBe(
      'An account with this e-mail already exists.',
    )
  })
})
