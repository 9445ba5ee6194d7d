import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { inLanguage } from '../../components/test-language'
import type { AdminProvider, AdminService } from '../../lib/admin/service-types'
import { HttpError } from '../../lib/http'
import { fakeApi, renderAdmin, versionConflict } from '../test-support'
import { EmbeddingView } from './embedding-view'

const SITE = 'https://www.harbor-physio.example'

const provider = (embedOrigins: string[]): AdminProvider => ({
  id: 7,
  slug: 'harbor-physio',
  name: 'Harbor Physio',
  timeZone: 'Europe/Berlin',
  embedOrigins,
  version: 1,
})

const service = (id: number, providerId: number, slug: string, name: string) =>
  ({ id, providerId, slug, name }) as AdminService

function setUp(embedOrigins = [SITE]) {
  const api = fakeApi()
  api.adminProviders.mockResolvedValue([
    { ...provider(['https://annex.example']), id: 3, slug: 'annex', name: 'Annex' },
    provider(embedOrigins),
  ])
  api.adminServices.mockResolvedValue([
    service(1, 3, 'massage', 'Annex massage'),
    service(2, 7, 'consultation', 'Consultation'),
    service(4, 7, 'pilates', 'Pilates class'),
  ])
  api.saveEmbedOrigins.mockResolvedValue({ id: 7, version: 2 })
  return api
}

const originsList = () => screen.getByRole('list', { name: 'Sites that may show the widget' })

/** Adds `origin` with the form, once the screen has loaded (`loaded`). */
function add(origin: string) {
  fireEvent.change(screen.getByLabelText('Site address'), { target: { value: origin } })
  fireEvent.click(screen.getByRole('button', { name: 'Add site' }))
}
const loaded = () => screen.findByLabelText('Site address')

/** The code of one mode's box, as the page shows it. */
const codeOf = (heading: string) =>
  within(screen.getByRole('region', { name: heading })).getByRole('code').textContent

const clipboard = (writeText: jest.Mock | undefined) =>
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  })

describe('the embedding screen', () => {
  it("lists the provider's allowed sites, and says who may show the widget", async () => {
    renderAdmin(<EmbeddingView />, { api: setUp([SITE, 'http://localhost:8080']) })
    await screen.findByRole('button', { name: `Remove ${SITE}` })
    expect(
      within(originsList())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`${SITE}Remove ${SITE}`, 'http://localhost:8080Remove http://localhost:8080'])
    expect(screen.getByText(/sites in the server's EMBED_ORIGINS setting may always/)).toBeVisible()
    // Another provider's list is not this business's.
    expect(screen.queryByText('https://annex.example')).not.toBeInTheDocument()
  })

  it('says where the widget may be shown while no site is listed', async () => {
    renderAdmin(<EmbeddingView />, { api: setUp([]) })
    expect(
      await screen.findByText(
        "No sites are listed: the widget can be shown only on this site and on the sites in the server's EMBED_ORIGINS setting.",
      ),
    ).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Sites that may show the widget' })).toBeNull()
  })

  it('adds a site, saving the whole list on the provider', async () => {
    const api = setUp()
    renderAdmin(<EmbeddingView />, { api })
    await loaded()
    add(' https://booking.harbor-physio.example ')
    expect(
      await screen.findByText('https://booking.harbor-physio.example may now show the widget.'),
    ).toBeVisible()
    expect(api.saveEmbedOrigins).toHaveBeenCalledWith(
      7,
      [SITE, 'https://booking.harbor-physio.example'],
      1,
    )
    expect(
      within(originsList()).getByRole('button', {
        name: 'Remove https://booking.harbor-physio.example',
      }),
    ).toBeVisible()
    await waitFor(() => expect(screen.getByLabelText('Site address')).toHaveValue(''))
  })

  it('refuses what the server would, before sending it', async () => {
    const api = setUp()
    renderAdmin(<EmbeddingView />, { api })
    await loaded()
    for (const origin of [
      'https://clinic.example/',
      'https://clinic.example/book',
      'http://clinic.example',
      'clinic.example',
    ]) {
      add(origin)
      expect(
        await screen.findByText(
          'Enter a site address such as https://www.example.com, with no path and no slash at the end.',
        ),
      ).toBeVisible()
    }
    add(SITE)
    expect(await screen.findByText('This site is listed already.')).toBeVisible()
    expect(api.saveEmbedOrigins).not.toHaveBeenCalled()
  })

  it("shows the server's refusal, and keeps the list as it was", async () => {
    const api = setUp()
    const message = '"embedOrigins" must be either ["*"] (any site) or a list of origins'
    api.saveEmbedOrigins.mockRejectedValue(
      new HttpError({ statusCode: 400, statusMessage: message, message }),
    )
    renderAdmin(<EmbeddingView />, { api })
    await loaded()
    add('*')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(api.saveEmbedOrigins).toHaveBeenCalledWith(7, [SITE, '*'], 1)
    expect(within(originsList()).getAllByRole('listitem')).toHaveLength(1)
  })

  it('adds a site on the list as saved now when another admin changed it meanwhile, losing neither', async () => {
    const api = setUp()
    const NEWS = 'https://news.harbor-physio.example'
    const BLOG = 'https://blog.harbor-physio.example'
    api.saveEmbedOrigins
      .mockRejectedValueOnce(versionConflict('provider'))
      .mockResolvedValueOnce({ id: 7, version: 3 })
    renderAdmin(<EmbeddingView />, { api })
    await loaded()
    // The other admin's save, which this screen has not read.
    api.adminProviders.mockResolvedValue([{ ...provider([SITE, NEWS]), version: 2 }])
    add(BLOG)
    expect(await screen.findByText(`${BLOG} may now show the widget.`)).toBeVisible()
    expect(api.saveEmbedOrigins.mock.calls).toEqual([
      [7, [SITE, BLOG], 1],
      [7, [SITE, NEWS, BLOG], 2],
    ])
    expect(
      within(originsList())
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual([SITE, NEWS, BLOG])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('removes a site', async () => {
    const api = setUp([SITE, '*'])
    renderAdmin(<EmbeddingView />, { api })
    expect(await screen.findByText('Any site (*)')).toBeVisible()
    fireEvent.click(screen.getByRole('button', { name: `Remove ${SITE}` }))
    expect(await screen.findByText(`${SITE} was removed from the list.`)).toBeVisible()
    expect(api.saveEmbedOrigins).toHaveBeenCalledWith(7, ['*'], 1)
    expect(screen.queryByText(SITE)).not.toBeInTheDocument()
  })

  it('shows the code of each mode for the service chosen, with the real script, to copy', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined)
    clipboard(writeText)
    renderAdmin(<EmbeddingView />, { api: setUp() })
    await screen.findByRole('region', { name: 'Inline' })
    expect(codeOf('Load the script')).toBe(`<script>
  window.Harbor =
    window.Harbor ||
    function () {
      ;(Harbor.q = Harbor.q || []).push(arguments)
    }
</script>
<script async src="http://localhost/embed.js"></script>`)
    expect(screen.getByLabelText('Service to book')).toHaveDisplayValue('Consultation')
    expect(codeOf('Inline')).toBe(`<div id="booking"></div>
<script>
  Harbor('inline', {
    el: '#booking',
    path: 'appointment/harbor-physio/consultation',
    locale: 'en',
  })
</script>`)
    fireEvent.change(screen.getByLabelText('Service to book'), { target: { value: '4' } })
    expect(codeOf('Popup')).toBe(`<button data-harbor-popup="appointment/harbor-physio/pilates">
  Book now
</button>
<script>
  Harbor('popup', { locale: 'en' })
</script>`)
    expect(codeOf('Floating button')).toBe(`<script>
  Harbor('floating', {
    path: 'appointment/harbor-physio/pilates',
    locale: 'en',
    text: 'Book now',
    position: 'right',
  })
</script>`)
    // Only this business's services are offered.
    expect(screen.queryByRole('option', { name: 'Annex massage' })).toBeNull()

    const popup = screen.getByRole('region', { name: 'Popup' })
    fireEvent.click(within(popup).getByRole('button', { name: 'Copy Popup' }))
    expect(await within(popup).findByRole('status')).toHaveTextContent('Copied.')
    expect(writeText).toHaveBeenCalledWith(codeOf('Popup'))
  })

  it('selects the code to copy by hand when the browser refuses', async () => {
    clipboard(jest.fn().mockRejectedValue(new Error('not allowed')))
    renderAdmin(<EmbeddingView />, { api: setUp() })
    const inline = await screen.findByRole('region', { name: 'Inline' })
    fireEvent.click(within(inline).getByRole('button', { name: 'Copy Inline' }))
    await waitFor(() => expect(window.getSelection()?.toString()).toBe(codeOf('Inline')))
    expect(within(inline).getByRole('status')).toHaveTextContent(
      'The browser did not allow copying: the code is selected, copy it from there.',
    )
  })

  it('says there is nothing to embed for a site without a provider', async () => {
    const api = setUp()
    api.adminProviders.mockResolvedValue([])
    renderAdmin(<EmbeddingView />, { api })
    expect(
      await screen.findByText('This site books for no provider, so it has no widget to embed.'),
    ).toBeVisible()
  })
})

describe('the embedding screen in German', () => {
  const { wrapper: German } = inLanguage('de')

  it('speaks German, and gives the widget in German', async () => {
    const api = setUp([])
    renderAdmin(
      <German>
        <EmbeddingView />
      </German>,
      { api },
    )
    expect(
      await screen.findByRole('heading', { name: 'Websites, die das Widget zeigen dürfen' }),
    ).toBeVisible()
    expect(screen.getByText(/^Keine Websites eingetragen/)).toBeVisible()
    expect(codeOf('Eingebettet')).toContain("locale: 'de',")
    // The buttons the clinic pastes onto its own German page say so in German.
    expect(codeOf('Schwebende Schaltfläche')).toContain("text: 'Jetzt buchen',")
    expect(screen.getByLabelText('Zu buchende Leistung')).toHaveDisplayValue('Consultation')
    fireEvent.change(screen.getByLabelText('Adresse der Website'), {
      target: { value: 'https://clinic.example/' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Website hinzufügen' }))
    expect(
      await screen.findByText(
        'Geben Sie eine Website-Adresse wie https://www.example.com ein, ohne Pfad und ohne Schrägstrich am Ende.',
      ),
    ).toBeVisible()
    fireEvent.change(screen.getByLabelText('Adresse der Website'), {
      target: { value: 'https://clinic.example' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Website hinzufügen' }))
    expect(
      await screen.findByText('https://clinic.example darf das Widget jetzt zeigen.'),
    ).toBeVisible()
  })
})
