import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { CookieBanner } from './cookie-banner'

function clearConsent() {
  document.cookie = 'cookie_consent=; Path=/; Max-Age=0'
}

beforeEach(clearConsent)
afterAll(clearConsent)

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' })

describe('CookieBanner', () => {
  it('offers both choices with the consent text', () => {
    render(<CookieBanner />)
    expect(banner()).toHaveTextContent(/essential cookies/)
    expect(screen.getByRole('button', { name: 'Accept essential' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeInTheDocument()
  })

  it('shows the site’s own text when given one', () => {
    render(<CookieBanner text="Nur notwendige Cookies, versprochen." />)
    expect(banner()).toHaveTextContent('Nur notwendige Cookies, versprochen.')
  })

  it.each([
    ['Accept essential', 'essential'],
    ['Accept all', 'all'],
  ])('"%s" stores cookie_consent=%s and hides the banner', async (button, value) => {
    render(<CookieBanner />)
    await userEvent.click(screen.getByRole('button', { name: button }))

    expect(document.cookie).toContain(`cookie_consent=${value}`)
    expect(banner()).not.toBeInTheDocument()
  })

  it('stays hidden on the next page load once the visitor has chosen', async () => {
    const { unmount } = render(<CookieBanner />)
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }))
    unmount()

    render(<CookieBanner />)
    expect(banner()).not.toBeInTheDocument()
  })

  it('is not shown when the cookie already exists', () => {
    document.cookie = 'cookie_consent=essential; Path=/'
    render(<CookieBanner />)
    expect(banner()).not.toBeInTheDocument()
  })
})
