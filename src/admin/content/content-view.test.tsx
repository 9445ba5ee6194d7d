import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ContentKind, Page } from '../../lib/content/types'
import { HttpError } from '../../lib/http'
import { aboutPage, kneePost } from '../screen-fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { hostsOf, missingLocales, previewUrl, sitePathOf, titleOf } from './content-rules'
import { ContentView } from './content-view'

const blog: Page = {
  ...aboutPage,
  id: 'journal',
  slug: 'journal',
  path: 'journal',
  hostsBlog: true,
  translations: [{ ...aboutPage.translations[0]!, title: 'Journal' }],
}

function setUp() {
  const api = fakeApi()
  api.contentItems.mockImplementation((async (kind: ContentKind) =>
    kind === 'pages' ? [aboutPage, blog] : kind === 'posts' ? [kneePost] : []) as never)
  return api
}

const cells = (name: string) =>
  within(screen.getByRole('cell', { name }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

describe('the content screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/content/'))

  it('lists a kind’s items, drafts too, with the languages each still lacks', async () => {
    const api = setUp()
    renderAdmin(<ContentView />, { api })
    expect(await screen.findByRole('cell', { name: 'About the practice' })).toBeInTheDocument()
    expect(cells('About the practice')).toEqual([
      'About the practice',
      'Published',
      'Missing in 9: Dansk, Español, Français, Magyar, Italiano, Nederlands, Polski, ' +
        'Português (Brasil), Português (Portugal)',
      'Mar 2, 2030, 11:00 AM by owner@example.com',
      'Preview About the practiceUnpublish About the practice',
    ])

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'posts' } })
    expect(await screen.findByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()
    expect(cells('Five knee exercises').slice(1, 2)).toEqual(['Draft'])
    expect(api.contentItems).toHaveBeenLastCalledWith('pages')
    expect(api.contentItems).toHaveBeenCalledWith('posts')

    fireEvent.change(screen.getByLabelText('Title or slug'), { target: { value: 'hip' } })
    expect(screen.getByText('Nothing matches this search.')).toBeInTheDocument()
    expect(window.location.search).toBe('?kind=posts&q=hip')
    fireEvent.change(screen.getByLabelText('Title or slug'), { target: { value: 'KNEE' } })
    expect(screen.getByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()

    // Only what is published: the draft is not.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'published' } })
    expect(screen.getByText('Nothing matches this search.')).toBeInTheDocument()
    expect(window.location.search).toBe('?kind=posts&q=KNEE&status=published')
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } })
    expect(screen.getByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()
  })

  it('opens on the kind and search its address names', async () => {
    window.history.replaceState(null, '', '/en/admin/content/?kind=posts&q=exercises')
    renderAdmin(<ContentView />, { api: setUp() })
    expect(await screen.findByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()
    expect(screen.getByLabelText('Kind')).toHaveValue('posts')
    expect(screen.getByLabelText('Title or slug')).toHaveValue('exercises')
  })

  it('publishes a draft once asked, says so and reads the list again', async () => {
    const api = setUp()
    api.publishContent.mockResolvedValue({ ...kneePost, status: 'published' })
    window.history.replaceState(null, '', '/en/admin/content/?kind=posts')
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Five knee exercises' }))
    const question = screen.getByRole('alertdialog', { name: 'Publish “Five knee exercises”?' })
    expect(question).toHaveTextContent('It goes on the site with its next update.')
    expect(api.publishContent).not.toHaveBeenCalled()
    fireEvent.click(within(question).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('“Five knee exercises” was published.')).toBeInTheDocument()
    expect(api.publishContent).toHaveBeenCalledWith('posts', 'knee-exercises')
    expect(api.contentItems.mock.calls.filter(([kind]) => kind === 'posts')).toHaveLength(2)
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('keeps the question open and says why when unpublishing is refused', async () => {
    const api = setUp()
    api.unpublishContent.mockRejectedValue(
      new HttpError({ statusCode: 404, statusMessage: 'Not Found', message: 'No such item.' }),
    )
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish About the practice' }))
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unpublish' }),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('No such item.')
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
  })

  it('previews a draft in a new tab, as the site will show it, without a token by hand', async () => {
    const api = setUp()
    api.previewToken.mockResolvedValue('tok/1')
    const tab = { location: { href: '' }, close: jest.fn() }
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    try {
      window.history.replaceState(null, '', '/en/admin/content/?kind=posts')
      renderAdmin(<ContentView />, { api })
      fireEvent.click(await screen.findByRole('button', { name: 'Preview Five knee exercises' }))
      expect(open).toHaveBeenCalledWith('', '_blank')
      await waitFor(() =>
        expect(tab.location.href).toBe('/en/v2/preview/journal/b/knee-exercises/?token=tok%2F1'),
      )
      expect(api.previewToken).toHaveBeenCalledWith(60)
    } finally {
      open.mockRestore()
    }
  })
})

describe('content rules', () => {
  const hosts = hostsOf([aboutPage, blog])

  it('finds each kind’s page on the site', () => {
    expect(hosts).toEqual({ blogPath: 'journal', storePath: 'store' })
    expect(sitePathOf('pages', aboutPage, hosts)).toBe('/about/')
    expect(sitePathOf('posts', kneePost, hosts)).toBe('/journal/b/knee-exercises/')
    expect(sitePathOf('tags', { ...kneePost, slug: 'knee' }, hosts)).toBe('/journal/tag/knee/')
    expect(sitePathOf('products', { ...kneePost, id: 'band' }, hosts)).toBe('/store/product/band/')
    expect(previewUrl('de', '/about/', 'a b')).toBe('/de/v2/preview/about/?token=a%20b')
  })

  it('names an item in the dashboard’s language, then English, then by its slug', () => {
    expect(titleOf(aboutPage, 'de')).toBe('Über die Praxis')
    expect(titleOf(aboutPage, 'fr')).toBe('About the practice')
    expect(titleOf({ ...aboutPage, translations: [] }, 'fr')).toBe('about')
    expect(missingLocales(aboutPage)).toHaveLength(9)
  })
})
