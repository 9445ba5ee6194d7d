import { render, screen } from '@testing-library/react'
import { WidgetApp } from './widget-app'

describe('WidgetApp', () => {
  it('opens a known route after mounting', async () => {
    render(<WidgetApp location={{ pathname: '/widget/form/5', search: '' }} />)
    const heading = await screen.findByRole('heading', { name: 'Book an appointment' })
    expect(heading.closest('main')).toHaveAttribute('data-widget-route', 'form')
  })

  it.each([
    '/widget/cancel-booking',
    '/de/widget/booking/cancel-booking',
    '/widget/appointment/service/consultation/cancel',
  ])('opens the cancel flow at %s, which needs a manage token', async (pathname) => {
    render(<WidgetApp location={{ pathname, search: '' }} />)
    expect(await screen.findByText('No calendar event found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404')
  })

  it('shows the 404 error screen with the full path for a route that does not validate', async () => {
    render(<WidgetApp location={{ pathname: '/de/widget/booking/7,,8', search: '?x=1' }} />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('404')
    expect(screen.getByText('Page Not Found: /de/widget/booking/7,,8?x=1')).toBeInTheDocument()
  })
})
