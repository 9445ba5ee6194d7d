import { render, screen, within } from '@testing-library/react'
import { fetchForm } from '../forms/api'
import { WidgetApp } from './widget-app'

jest.mock('../forms/api', () => ({ fetchForm: jest.fn(), postResponse: jest.fn() }))

describe('WidgetApp', () => {
  it('opens a known route after mounting', async () => {
    jest.mocked(fetchForm).mockResolvedValue({
      id: 5,
      slug: 'contact',
      kind: 'form',
      version: 1,
      definition: {
        title: { en: 'Contact us' },
        pages: [{ id: 'p', fields: [{ id: 'a', type: 'shortText', label: { en: 'Name' } }] }],
      },
    })
    render(<WidgetApp location={{ pathname: '/widget/form/5', search: '' }} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument()
    expect(fetchForm).toHaveBeenCalledWith('5')
  })

  it('keeps the language switcher in the banner landmark, beside the main one', async () => {
    render(<WidgetApp location={{ pathname: '/widget/form/5', search: '' }} />)
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('combobox', { name: 'Language' })).toBeInTheDocument()
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
