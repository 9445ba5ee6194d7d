import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import { HttpError } from '../../lib/http'
import { adminUser, fakeApi } from '../test-support'
import { SignIn } from './sign-in'

const session = { user: adminUser(), csrfToken: 'csrf-1', expiresAt: '2030-03-05T08:00:00.000Z' }

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
}

describe('the sign-in screen', () => {
  it('signs in with the e-mail and password given', async () => {
    const api = fakeApi()
    api.signIn.mockResolvedValue(session)
    const onSignedIn = jest.fn()
    render(<SignIn api={api} onSignedIn={onSignedIn} />)
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign in to the dashboard' }),
    ).toBeInTheDocument()
    signIn(' owner@example.com ', 'correct horse')
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session))
    expect(api.signIn).toHaveBeenCalledWith({
      email: 'owner@example.com',
      password: 'correct horse',
    })
  })

  it('asks for both fields before sending anything', async () => {
    const api = fakeApi()
    render(<SignIn api={api} onSignedIn={jest.fn()} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Enter an e-mail address.')).toBeInTheDocument()
    expect(screen.getByText('This is required.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(api.signIn).not.toHaveBeenCalled()
  })

  it('says what a field lacks once it was left, and holds the button while signing in', async () => {
    const api = fakeApi()
    let answer: (value: typeof session) => void = () => undefined
    api.signIn.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    render(<SignIn api={api} onSignedIn={jest.fn()} />)
    fireEvent.blur(screen.getByLabelText('E-mail'))
    expect(screen.getByText('Enter an e-mail address.')).toBeInTheDocument()
    expect(screen.queryByText('This is required.')).not.toBeInTheDocument()
    signIn('owner@example.com', 'correct horse')
    expect(screen.queryByText('Enter an e-mail address.')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled()
    answer(session)
    await waitFor(() => expect(api.signIn).toHaveBeenCalledTimes(1))
  })

  it('shows the messages the API gives for a field under that field', async () => {
    const api = fakeApi()
    api.signIn.mockRejectedValue(
      new HttpError({
        statusCode: 400,
        statusMessage: 'Bad Request',
        message: 'The request is not valid.',
        code: 'invalid_request',
        fields: { email: 'admin.validation.email' },
      }),
    )
    render(<SignIn api={api} onSignedIn={jest.fn()} />)
    signIn('not-an-address', 'secret')
    expect(await screen.findByRole('alert')).toHaveTextContent('The request is not valid.')
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter an e-mail address.')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it("shows the API's refusal in its words", async () => {
    const api = fakeApi()
    api.signIn.mockRejectedValue(
      new HttpError({
        statusCode: 401,
        statusMessage: 'Unauthorized',
        message: 'Wrong e-mail or password.',
      }),
    )
    render(<SignIn api={api} onSignedIn={jest.fn()} />)
    signIn('owner@example.com', 'wrong')
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password.')
  })

  it('says to wait after too many attempts', async () => {
    const api = fakeApi()
    api.signIn.mockRejectedValue(
      new HttpError({
        statusCode: 429,
        statusMessage: 'Too Many Requests',
        message: 'Rate limit exceeded',
      }),
    )
    render(<SignIn api={api} onSignedIn={jest.fn()} />)
    signIn('owner@example.com', 'again')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    )
  })
})

describe('the sign-in screen in German', () => {
  const { wrapper } = inLanguage('de')

  it('says the e-mail or password is wrong in German, from the refusal’s code', async () => {
    const api = fakeApi()
    api.signIn.mockRejectedValue(
      new HttpError({
        statusCode: 401,
        statusMessage: 'Unauthorized',
        message: 'The e-mail or password is wrong.',
        code: 'unauthorized',
      }),
    )
    render(<SignIn api={api} onSignedIn={jest.fn()} />, { wrapper })
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'owner@example.com' } })
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'E-Mail-Adresse oder Passwort ist falsch.',
    )
  })
})
