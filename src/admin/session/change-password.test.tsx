import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { adminUser, fakeApi } from '../test-support'
import { ChangePassword } from './change-password'

function fill(current: string, next: string, repeat = next) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } })
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } })
  fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: repeat } })
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('the change-password screen', () => {
  it('replaces the one-time password, then reads the session again', async () => {
    const api = fakeApi()
    const fresh = { user: adminUser(), csrfToken: 'csrf-2', expiresAt: '2030-03-05T08:00:00.000Z' }
    api.changePassword.mockResolvedValue(undefined)
    api.session.mockResolvedValue(fresh)
    const onChanged = jest.fn()
    render(
      <ChangePassword
        api={api}
        email="owner@example.com"
        onChanged={onChanged}
        onSignOut={jest.fn()}
      />,
    )
    fill('one-time-1', 'my own long password')
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(fresh))
    expect(api.changePassword).toHaveBeenCalledWith({
      currentPassword: 'one-time-1',
      newPassword: 'my own long password',
    })
  })

  it('checks length and repetition before sending', async () => {
    const api = fakeApi()
    render(
      <ChangePassword
        api={api}
        email="owner@example.com"
        onChanged={jest.fn()}
        onSignOut={jest.fn()}
      />,
    )
    fill('one-time-1', 'short', 'other')
    expect(await screen.findByText('Use at least 10 characters.')).toBeInTheDocument()
    expect(screen.getByText('The two passwords differ.')).toBeInTheDocument()
    expect(api.changePassword).not.toHaveBeenCalled()
  })

  it("shows the API's refusal, and can sign out instead", async () => {
    const api = fakeApi()
    api.changePassword.mockRejectedValue(
      new HttpError({
        statusCode: 400,
        statusMessage: 'Bad Request',
        message: 'The current password is wrong.',
      }),
    )
    const onSignOut = jest.fn()
    render(
      <ChangePassword
        api={api}
        email="owner@example.com"
        onChanged={jest.fn()}
        onSignOut={onSignOut}
      />,
    )
    fill('wrong-one-1', 'my own long password')
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong.')
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalled()
  })
})
