import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { StudioItem } from '../../lib/admin/content-types'
import type { ContentKind, Page, Product } from '../../lib/content/types'
import { HttpError } from '../../lib/http'
import { productTranslation } from '../../lib/testing/content'
import { aboutPage, anaAuthor, kneePhoto, kneePost, siteSettings } from '../screen-fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { hostsOf, missingLocales, previewUrl, sitePathOf, titleOf } from './content-rules'
import { ContentView } from './content-view'

const blog: StudioItem<Page> = {
  ...aboutPage,
  id: 'journal',
  slug: 'journal',
  path: 'journal',
  hostsBlog: true,
  translations: [{ ...aboutPage.translations[0]!, title: 'Journal' }],
}

type Items = Partial<Record<ContentKind, StudioItem[]>>

/** The items of each kind the API answers: all of them, or the list's one page. */
function answer(api: ReturnType<typeof fakeApi>, items: Items) {
  api.contentItems.mockImplementation((async (kind: ContentKind) => items[kind] ?? []) as never)
  api.contentPage.mockImplementation(async (kind) => ({
    items: items[kind] ?? [],
    nextCursor: null,
  }))
}

function setUp() {
  const api = fakeApi()
  answer(api, { pages: [aboutPage, blog], posts: [kneePost], authors: [anaAuthor] })
  api.contentSite.mockResolvedValue(siteSettings)
  api.mediaLibrary.mockResolvedValue([kneePhoto])
  return api
}

/** What the list asks the server for. */
const asked = (q = '', status?: string, cursor?: string) => ({ q, status, cursor })

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
      'Edit About the practiceHistory About the practicePreview About the practiceUnpublish About the practice',
    ])

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'posts' } })
    expect(await screen.findByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()
    expect(cells('Five knee exercises').slice(1, 2)).toEqual(['Draft'])
    // A page of the kind for the list; every page (the site's paths) and author (the editor's).
    expect(api.contentPage.mock.calls).toEqual([
      ['pages', asked()],
      ['posts', asked()],
    ])
    expect(api.contentItems).toHaveBeenCalledWith('pages')
    expect(api.contentItems).toHaveBeenCalledWith('authors')
    expect(api.contentItems).not.toHaveBeenCalledWith('posts')
  })

  it('tells an unpublished item from a draft the site never showed', async () => {
    const api = setUp()
    const withdrawn = {
      ...kneePost,
      id: 'withdrawn',
      slug: 'withdrawn',
      unpublishedAt: '2030-03-03T09:00:00.000Z',
      translations: [{ ...kneePost.translations[0]!, title: 'Old knee advice' }],
    }
    answer(api, { pages: [aboutPage, blog], posts: [kneePost, withdrawn], authors: [anaAuthor] })
    window.history.replaceState(null, '', '/en/admin/content/?kind=posts')
    renderAdmin(<ContentView />, { api })
    expect(await screen.findByRole('cell', { name: 'Old knee advice' })).toBeInTheDocument()
    expect(cells('Old knee advice').slice(1, 2)).toEqual(['Unpublished'])
    expect(cells('Five knee exercises').slice(1, 2)).toEqual(['Draft'])
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'unpublished' } })
    await waitFor(() =>
      expect(api.contentPage).toHaveBeenLastCalledWith('posts', asked('', 'unpublished')),
    )
    expect(window.location.search).toBe('?kind=posts&status=unpublished')
  })

  it('searches and filters on the server, keeping both in the address', async () => {
    const api = setUp()
    api.contentPage.mockImplementation(async (kind, { q, status }) => ({
      items: kind === 'posts' && q !== 'hip' && status !== 'published' ? [kneePost] : [],
      nextCursor: null,
    }))
    window.history.replaceState(null, '', '/en/admin/content/?kind=posts')
    renderAdmin(<ContentView />, { api })
    expect(await screen.findByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('Title or slug'), { target: { value: 'hip' } })
    expect(await screen.findByText('Nothing matches this search.')).toBeInTheDocument()
    expect(api.contentPage).toHaveBeenLastCalledWith('posts', asked('hip'))
    expect(window.location.search).toBe('?kind=posts&q=hip')
    fireEvent.change(screen.getByLabelText('Title or slug'), { target: { value: ' KNEE ' } })
    expect(await screen.findByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()
    expect(api.contentPage).toHaveBeenLastCalledWith('posts', asked('KNEE'))

    // Only what is published: the draft is not.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'published' } })
    expect(await screen.findByText('Nothing matches this search.')).toBeInTheDocument()
    expect(api.contentPage).toHaveBeenLastCalledWith('posts', asked('KNEE', 'published'))
    expect(window.location.search).toBe('?kind=posts&q=KNEE&status=published')
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } })
    expect(await screen.findByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()
    expect(api.contentPage).toHaveBeenLastCalledWith('posts', asked('KNEE', 'draft'))
  })

  it('opens on the kind, search and status its address names', async () => {
    window.history.replaceState(null, '', '/en/admin/content/?kind=posts&q=exercises&status=draft')
    const api = setUp()
    renderAdmin(<ContentView />, { api })
    expect(await screen.findByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()
    expect(screen.getByLabelText('Kind')).toHaveValue('posts')
    expect(screen.getByLabelText('Title or slug')).toHaveValue('exercises')
    expect(screen.getByLabelText('Status')).toHaveValue('draft')
    expect(api.contentPage.mock.calls).toEqual([['posts', asked('exercises', 'draft')]])
  })

  it('shows older items under those shown when "Load more" is pressed, until there are none', async () => {
    const api = setUp()
    const older = {
      ...kneePost,
      id: 'hip',
      slug: 'hip',
      translations: [{ ...kneePost.translations[0]!, title: 'Hip' }],
    }
    api.contentPage.mockImplementation(async (kind, { cursor }) =>
      kind !== 'posts'
        ? { items: [], nextCursor: null }
        : cursor === 'after-knee'
          ? { items: [older], nextCursor: null }
          : { items: [kneePost], nextCursor: 'after-knee' },
    )
    window.history.replaceState(null, '', '/en/admin/content/?kind=posts&q=e')
    renderAdmin(<ContentView />, { api })
    expect(await screen.findByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'Hip' })).not.toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('cell', { name: 'Hip' })).toBeInTheDocument()
    expect(api.contentPage).toHaveBeenLastCalledWith('posts', asked('e', undefined, 'after-knee'))
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['Five knee exercises', 'Hip'])
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
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
    expect(api.contentPage.mock.calls.filter(([kind]) => kind === 'posts')).toHaveLength(2)
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

describe('the content editor', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/content/?kind=posts'))

  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } })

  it('writes a post in English and German, the English beside the German, and saves only what changed', async () => {
    const api = setUp()
    api.updateContent.mockResolvedValue({ ...kneePost, version: 2 })
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Five knee exercises' }))
    const editor = screen.getByRole('region', { name: 'Edit “Five knee exercises”' })
    expect(within(editor).getByLabelText('Author')).toHaveValue('ana')
    expect(
      within(editor).getByText('On the site: /en/journal/b/knee-exercises/'),
    ).toBeInTheDocument()
    expect(
      await within(editor).findByRole('toolbar', { name: 'Text (English (US)): formatting' }),
    ).toBeInTheDocument()
    type('Title (English (US))', 'Five gentle knee exercises')
    type('Summary (English (US))', 'Start slowly.')

    fireEvent.click(within(editor).getByRole('tab', { name: 'Deutsch (not written)' }))
    const beside = within(editor).getByRole('region', {
      name: 'In English (US), the default language',
    })
    expect(beside).toHaveTextContent('Five gentle knee exercises')
    expect(
      within(editor).getByText('On the site: /de/journal/b/knee-exercises/'),
    ).toBeInTheDocument()
    type('Title (Deutsch)', 'Fünf sanfte Knieübungen')
    // A product's own field only.
    expect(within(editor).queryByLabelText(/^Pick-up text/)).not.toBeInTheDocument()
    expect(
      within(editor).getByRole('figure', { name: 'How a search result shows it' }),
    ).toHaveTextContent('Fünf sanfte Knieübungen')
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('“Five gentle knee exercises” was saved.')).toBeInTheDocument()
    const written = {
      body: '',
      seoTitle: '',
      seoDescription: '',
      canonicalPath: '',
      socialImage: null,
    }
    expect(api.updateContent).toHaveBeenCalledWith('posts', 'knee-exercises', {
      version: 1,
      translations: [
        { locale: 'de', title: 'Fünf sanfte Knieübungen', excerpt: '', ...written },
        { locale: 'en', title: 'Five gentle knee exercises', excerpt: 'Start slowly.', ...written },
      ],
    })
    expect(screen.queryByRole('region', { name: /Edit/ })).not.toBeInTheDocument()
  })

  it('gives a post a cover from the media library and places an image in its text', async () => {
    const api = setUp()
    api.updateContent.mockResolvedValue({ ...kneePost, version: 2 })
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Five knee exercises' }))
    const cover = screen.getByRole('group', { name: 'Cover image' })
    fireEvent.change(within(cover).getByLabelText('Image'), { target: { value: 'knee-photo.jpg' } })
    // The library's alt text comes with it, and can be changed for this place.
    expect(within(cover).getByLabelText('Alt text (what the image shows)')).toHaveValue(
      'A knee being examined',
    )
    const tools = await screen.findByRole('toolbar', { name: 'Text (English (US)): formatting' })
    fireEvent.click(within(tools).getByRole('button', { name: 'Image' }))
    const placing = screen.getByRole('group', { name: 'Image' })
    fireEvent.change(within(placing).getByLabelText('Image'), {
      target: { value: 'knee-photo.jpg' },
    })
    fireEvent.change(within(placing).getByLabelText('Alt text (what the image shows)'), {
      target: { value: 'The knee, bent' },
    })
    fireEvent.click(within(placing).getByRole('button', { name: 'Insert' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('“Five knee exercises” was saved.')).toBeInTheDocument()
    const [, , changes] = api.updateContent.mock.calls[0]!
    expect(changes).toMatchObject({
      coverImage: { name: 'knee-photo.jpg', alt: 'A knee being examined' },
      translations: [
        {
          locale: 'en',
          body: '<img src="/api/content/media/knee-photo.jpg" alt="The knee, bent" width="1200" height="800">',
        },
      ],
    })
  })

  it('creates a draft, telling a slug already taken as it is typed', async () => {
    const api = setUp()
    api.createContent.mockResolvedValue({ ...kneePost, id: 'hips', slug: 'hips' })
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }))
    type('Slug', 'knee-exercises')
    fireEvent.blur(screen.getByLabelText('Slug'))
    expect(screen.getByText('Another item of this kind has this slug.')).toBeInTheDocument()
    type('Slug', 'hips')
    type('Title (English (US))', 'Hips')
    fireEvent.click(screen.getByRole('button', { name: 'Save as a draft' }))
    expect(await screen.findByText('“Hips” was saved as a draft.')).toBeInTheDocument()
    expect(api.createContent).toHaveBeenCalledWith('posts', {
      slug: 'hips',
      status: 'draft',
      authorId: 'ana',
      categoryIds: [],
      tagIds: [],
      coverImage: null,
      translations: [
        {
          locale: 'en',
          title: 'Hips',
          body: '',
          excerpt: '',
          seoTitle: '',
          seoDescription: '',
          canonicalPath: '',
          socialImage: null,
        },
      ],
    })
  })

  it('gives each language a canonical address and an image when shared, shown on its card', async () => {
    const api = setUp()
    const brace = {
      ...kneePhoto,
      name: 'brace.png',
      path: '/api/content/media/brace.png',
      alt: { en: 'A knee brace', de: 'Eine Kniebandage' },
      usedBy: [],
    }
    api.mediaLibrary.mockResolvedValue([kneePhoto, brace])
    api.updateContent.mockResolvedValue({ ...kneePost, version: 2 })
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Five knee exercises' }))
    const card = () =>
      screen.getByRole('figure', { name: 'How a link shared on social media shows it' })
    const cardImage = () => card().querySelector('img')?.getAttribute('src')
    // Without an image of its own nor a cover, the card has none; with a cover, it shows that.
    expect(card()).toHaveTextContent('localhost' + 'Five knee exercises')
    expect(cardImage()).toBeUndefined()
    fireEvent.change(
      within(screen.getByRole('group', { name: 'Cover image' })).getByLabelText('Image'),
      { target: { value: 'knee-photo.jpg' } },
    )
    expect(cardImage()).toBe('/api/content/media/knee-photo.jpg')
    type('Title in search results (English (US))', 'Knee exercises at home')
    type('Summary (English (US))', 'Start slowly.')
    expect(card()).toHaveTextContent('localhost' + 'Knee exercises at home' + 'Start slowly.')

    const shared = screen.getByRole('group', { name: 'Image when shared (English (US))' })
    expect(
      within(shared).getByRole('option', { name: "The item's own image, if it has one" }),
    ).toBeInTheDocument()
    fireEvent.change(within(shared).getByLabelText('Image'), { target: { value: 'brace.png' } })
    expect(within(shared).getByLabelText('Alt text (what the image shows)')).toHaveValue(
      'A knee brace',
    )
    expect(cardImage()).toBe('/api/content/media/brace.png')

    const canonical = screen.getByLabelText('Canonical address (English (US))')
    expect(canonical).toHaveAccessibleDescription(
      /^Leave it empty unless the same text was published first at another address/,
    )
    type('Canonical address (English (US))', 'journal/b/other-post/')
    fireEvent.blur(canonical)
    expect(
      screen.getByText(
        'Give a path on this site starting with /, or an address starting with https://.',
      ),
    ).toBeInTheDocument()
    type('Canonical address (English (US))', ' /en/journal/b/other-post/ ')

    // Another language's image comes with the library's alt text in that language.
    fireEvent.click(screen.getByRole('tab', { name: 'Deutsch (not written)' }))
    const german = screen.getByRole('group', { name: 'Image when shared (Deutsch)' })
    fireEvent.change(within(german).getByLabelText('Image'), { target: { value: 'brace.png' } })
    expect(within(german).getByLabelText('Alt text (what the image shows)')).toHaveValue(
      'Eine Kniebandage',
    )
    type('Title (Deutsch)', 'Knieübungen')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('“Five knee exercises” was saved.')).toBeInTheDocument()
    const [, , changes] = api.updateContent.mock.calls[0]!
    expect(changes).toMatchObject({
      coverImage: { name: 'knee-photo.jpg', alt: 'A knee being examined' },
      translations: [
        {
          locale: 'de',
          title: 'Knieübungen',
          canonicalPath: '',
          socialImage: { name: 'brace.png', alt: 'Eine Kniebandage' },
        },
        {
          locale: 'en',
          seoTitle: 'Knee exercises at home',
          canonicalPath: '/en/journal/b/other-post/',
          socialImage: { name: 'brace.png', alt: 'A knee brace' },
        },
      ],
    })
  })

  it('gives a product its own pick-up text in English and German, sent with the save', async () => {
    const api = setUp()
    const band: StudioItem<Product> = {
      ...kneePost,
      id: 'band',
      slug: 'band',
      price: { amount: 1250, currency: 'EUR' },
      images: [],
      translations: [
        productTranslation('de', 'Widerstandsband'),
        productTranslation('en', 'Resistance band', 'Collect it at the clinic.'),
      ],
    }
    answer(api, {
      pages: [aboutPage, blog],
      posts: [kneePost],
      authors: [anaAuthor],
      products: [band],
    })
    api.updateContent.mockResolvedValue({ ...band, version: 2 })
    window.history.replaceState(null, '', '/en/admin/content/?kind=products')
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Resistance band' }))
    const english = screen.getByLabelText('Pick-up text (English (US))')
    expect(english).toHaveValue('Collect it at the clinic.')
    expect(english).toHaveAccessibleDescription(
      "Shown on the product's page under “How to get it”. Empty: the site's usual sentence " +
        'about reserving and collecting at the clinic.',
    )
    expect(english).toHaveAttribute('maxlength', '500')
    type('Pick-up text (English (US))', ' Collect it at the front desk,\nany weekday. ')

    fireEvent.click(screen.getByRole('tab', { name: 'Deutsch' }))
    expect(
      screen.getByRole('region', { name: 'In English (US), the default language' }),
    ).toHaveTextContent('Pick-up text: Collect it at the front desk, any weekday.')
    expect(screen.getByLabelText('Pick-up text (Deutsch)')).toHaveValue('')
    type('Pick-up text (Deutsch)', 'An der Rezeption abholen.')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('“Resistance band” was saved.')).toBeInTheDocument()
    const written = {
      body: '',
      excerpt: '',
      seoTitle: '',
      seoDescription: '',
      canonicalPath: '',
      socialImage: null,
    }
    expect(api.updateContent).toHaveBeenCalledWith('products', 'band', {
      version: 1,
      translations: [
        {
          locale: 'de',
          title: 'Widerstandsband',
          ...written,
          pickUpText: 'An der Rezeption abholen.',
        },
        {
          locale: 'en',
          title: 'Resistance band',
          ...written,
          pickUpText: 'Collect it at the front desk,\nany weekday.',
        },
      ],
    })
  })

  it('asks for a title in a language that has other text, and keeps a page off the site’s own paths', async () => {
    const api = setUp()
    window.history.replaceState(null, '', '/en/admin/content/?kind=pages')
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit About the practice' }))
    type('Path', 'journal')
    fireEvent.blur(screen.getByLabelText('Path'))
    expect(screen.getByText('Another page has this path.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Français (not written)' }))
    type('Summary (Français)', 'Le cabinet')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    fireEvent.click(screen.getByRole('tab', { name: 'Français' }))
    expect(
      screen.getByText('Give it a title in this language, or leave the language empty.'),
    ).toBeInTheDocument()
    expect(api.updateContent).not.toHaveBeenCalled()
  })

  it('says so when someone else saved the item first, keeping what was typed', async () => {
    const api = setUp()
    api.updateContent.mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'Conflict',
        code: 'version_conflict',
        message: 'The post was changed by someone else.',
      }),
    )
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Five knee exercises' }))
    type('Title (English (US))', 'Mine')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText(/Someone else saved this item while you were editing it/),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Title (English (US))')).toHaveValue('Mine')
    expect(screen.getByRole('button', { name: 'Load the saved version' })).toBeInTheDocument()
  })
})

describe('an item’s history', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/content/?kind=posts'))

  const revision = (version: number, savedBy: string | null, status: 'draft' | 'published') => ({
    version,
    savedAt: '2030-03-03T10:00:00.000Z',
    savedBy,
    status,
  })

  it('lists each save, compares one with now word by word, and restores it after a question', async () => {
    const api = setUp()
    const now = { ...kneePost, version: 3 }
    answer(api, { posts: [now], authors: [anaAuthor] })
    api.contentRevisions.mockResolvedValue([
      revision(3, 'owner@example.com', 'draft'),
      revision(2, 'owner@example.com', 'published'),
      revision(1, null, 'draft'),
    ])
    api.contentRevision.mockResolvedValue({
      ...revision(1, null, 'draft'),
      item: {
        ...kneePost,
        translations: [{ ...kneePost.translations[0]!, title: 'Four knee exercises' }],
      },
    })
    api.restoreRevision.mockResolvedValue({ ...now, version: 4 })
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'History Five knee exercises' }))
    const panel = screen.getByRole('region', { name: 'History of “Five knee exercises”' })
    expect(await within(panel).findByRole('cell', { name: '3 (now)' })).toBeInTheDocument()
    expect(
      within(panel).queryByRole('button', { name: 'Compare version 3' }),
    ).not.toBeInTheDocument()
    fireEvent.click(within(panel).getByRole('button', { name: 'Compare version 1' }))

    const compared = await within(panel).findByRole('region', {
      name: 'Version 1 compared with now',
    })
    expect(api.contentRevision).toHaveBeenCalledWith('posts', 'knee-exercises', 1)
    expect(
      within(compared).getByRole('heading', { name: 'Title (English (US))' }),
    ).toBeInTheDocument()
    expect(compared.querySelector('del')).toHaveTextContent('Removed: Four')
    expect(compared.querySelector('ins')).toHaveTextContent('Added: Five')

    fireEvent.click(within(compared).getByRole('button', { name: 'Restore version 1' }))
    const question = screen.getByRole('alertdialog', { name: 'Restore version 1?' })
    fireEvent.click(within(question).getByRole('button', { name: 'Restore version 1' }))
    expect(
      await screen.findByText('Version 1 of “Five knee exercises” was restored.'),
    ).toBeInTheDocument()
    expect(api.restoreRevision).toHaveBeenCalledWith('posts', 'knee-exercises', 1, 3)
    expect(screen.queryByRole('region', { name: /History of/ })).not.toBeInTheDocument()
  })
})

describe('a published item’s saved changes', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/content/'))

  it('are said in the list, and published or discarded after a question', async () => {
    const api = setUp()
    const changed = { ...aboutPage, pendingChanges: true as const }
    answer(api, { pages: [changed, blog] })
    api.discardContent.mockResolvedValue(aboutPage)
    renderAdmin(<ContentView />, { api })
    expect(
      await screen.findByRole('cell', { name: 'Published, changes waiting' }),
    ).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes About the practice' }))
    const question = screen.getByRole('alertdialog', {
      name: 'Discard the changes to “About the practice”?',
    })
    expect(question).toHaveTextContent(
      'The item goes back to what the site shows; its history keeps the changes.',
    )
    fireEvent.click(within(question).getByRole('button', { name: 'Discard changes' }))
    expect(
      await screen.findByText('The changes to “About the practice” were discarded.'),
    ).toBeInTheDocument()
    expect(api.discardContent).toHaveBeenCalledWith('pages', 'about')

    api.publishContent.mockResolvedValue(aboutPage)
    fireEvent.click(screen.getByRole('button', { name: 'Publish changes About the practice' }))
    fireEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Publish changes' }),
    )
    expect(
      await screen.findByText('The changes to “About the practice” were published.'),
    ).toBeInTheDocument()
    expect(api.publishContent).toHaveBeenCalledWith('pages', 'about')
  })
})

describe('scheduling', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/content/?kind=posts'))

  it('schedules a draft at a time in the clinic’s zone, and lists it as scheduled', async () => {
    const api = setUp()
    const scheduled = { ...kneePost, publishAt: '2030-03-10T08:00:00.000Z' }
    api.scheduleContent.mockResolvedValue(scheduled)
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Five knee exercises' }))
    const panel = screen.getByRole('region', { name: 'Schedule “Five knee exercises”' })
    expect(
      within(panel).getByText("In the clinic's time zone (Europe/Berlin)."),
    ).toBeInTheDocument()
    fireEvent.click(within(panel).getByRole('button', { name: 'Schedule' }))
    expect(await within(panel).findByText('This is required.')).toBeInTheDocument()
    fireEvent.change(within(panel).getByLabelText('Publish on'), {
      target: { value: '2030-03-10T09:00' },
    })
    answer(api, { posts: [scheduled] })
    fireEvent.click(within(panel).getByRole('button', { name: 'Schedule' }))
    expect(
      await screen.findByText('“Five knee exercises” is scheduled: it is published at that time.'),
    ).toBeInTheDocument()
    // 09:00 in Berlin in March is 08:00 UTC.
    expect(api.scheduleContent).toHaveBeenCalledWith(
      'posts',
      'knee-exercises',
      '2030-03-10T08:00:00.000Z',
    )
    expect(
      await screen.findByRole('cell', { name: 'Scheduled for Mar 10, 2030, 9:00 AM' }),
    ).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'scheduled' } })
    expect(window.location.search).toBe('?kind=posts&status=scheduled')
    expect(screen.getByRole('cell', { name: 'Five knee exercises' })).toBeInTheDocument()

    api.unscheduleContent.mockResolvedValue(kneePost)
    fireEvent.click(screen.getByRole('button', { name: 'Unschedule Five knee exercises' }))
    expect(
      await screen.findByText('“Five knee exercises” is no longer scheduled.'),
    ).toBeInTheDocument()
    expect(api.unscheduleContent).toHaveBeenCalledWith('posts', 'knee-exercises')
  })

  it('refuses a time already past before asking the server', async () => {
    const api = setUp()
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Five knee exercises' }))
    fireEvent.change(screen.getByLabelText('Publish on'), { target: { value: '2001-01-01T09:00' } })
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }))
    expect(await screen.findByText('Choose a time still to come.')).toBeInTheDocument()
    expect(api.scheduleContent).not.toHaveBeenCalled()
  })
})

describe('what was typed and not saved', () => {
  beforeEach(() => {
    window.localStorage.clear()
    window.history.replaceState(null, '', '/en/admin/content/?kind=posts')
  })

  it('is kept in the browser when a save fails, and offered back when the item is opened again', async () => {
    const api = setUp()
    api.updateContent.mockRejectedValue(
      new HttpError({ statusCode: 401, statusMessage: 'Unauthorized', message: 'Sign in again.' }),
    )
    const { unmount } = renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Five knee exercises' }))
    fireEvent.change(screen.getByLabelText('Title (English (US))'), {
      target: { value: 'Typed before the session ran out' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Sign in again.')).toBeInTheDocument()
    unmount()

    renderAdmin(<ContentView />, { api: setUp() })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Five knee exercises' }))
    expect(screen.getByLabelText('Title (English (US))')).toHaveValue('Five knee exercises')
    expect(screen.getByText(/were not saved. They were kept in this browser./)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Bring them back' }))
    expect(screen.getByLabelText('Title (English (US))')).toHaveValue(
      'Typed before the session ran out',
    )
  })

  it('is forgotten once saved, and when discarded', async () => {
    const api = setUp()
    api.updateContent.mockResolvedValue({ ...kneePost, version: 2 })
    renderAdmin(<ContentView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Five knee exercises' }))
    fireEvent.change(screen.getByLabelText('Title (English (US))'), { target: { value: 'Saved' } })
    expect(window.localStorage.length).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('“Saved” was saved.')).toBeInTheDocument()
    expect(window.localStorage.length).toBe(0)

    fireEvent.click(screen.getByRole('button', { name: 'Edit Five knee exercises' }))
    fireEvent.change(screen.getByLabelText('Title (English (US))'), {
      target: { value: 'Dropped' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(window.localStorage.length).toBe(0)
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
