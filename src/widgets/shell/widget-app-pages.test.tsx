import { render, screen } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { fetchServiceMenu } from '../appointment/api'
import { fetchGroup } from '../group/api'
import { WidgetApp } from './widget-app'

jest.mock('../group/api', () => ({ fetchGroup: jest.fn() }))
jest.mock('../appointment/api', () => ({
  fetchServiceMenu: jest.fn(),
  prefetchSlots: jest.fn(),
}))

const notFound = () =>
  Promise.reject(new HttpError({ statusCode: 404, statusMessage: 'Not Found', message: 'x' }))

afterEach(() => jest.clearAllMocks())

describe('WidgetApp routes to groups and service menus', () => {
  it.each([
    ['/widget/group/2', '2'],
    ['/de/widget/groups/physiotherapy', 'physiotherapy'],
  ])('opens the group page at %s', async (pathname, idOrSlug) => {
    jest.mocked(fetchGroup).mockImplementation(notFound)
    render(<WidgetApp location={{ pathname, search: '' }} />)
    expect(await screen.findByText(`Page Not Found: ${pathname}`)).toBeInTheDocument()
    expect(fetchGroup).toHaveBeenCalledWith(idOrSlug)
  })

  it.each([
    ['/widget/service-menu/4', '4'],
    ['/widget/service-menus/our-services', 'our-services'],
    ['/widget/service-menus/our-services/consultation', 'our-services'],
  ])('opens the service menu at %s in the booking flow', async (pathname, idOrSlug) => {
    jest.mocked(fetchServiceMenu).mockImplementation(notFound)
    render(<WidgetApp location={{ pathname, search: '?x=1' }} />)
    expect(await screen.findByText(`Page Not Found: ${pathname}?x=1`)).toBeInTheDocument()
    expect(fetchServiceMenu).toHaveBeenCalledWith(idOrSlug)
  })
})
