import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpError } from '../../lib/http'
import { kneePhoto } from '../screen-fixtures'
import { fakeApi, renderAdmin } from '../test-support'
import { MediaView } from './media-view'

function setUp() {
  const api = fakeApi()
  api.mediaLibrary.mockResolvedValue([kneePhoto])
  return api
}

const file = (name: string, type: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type })

describe('the media library', () => {
  beforeEach(() => window.history.replaceState(null, '', '/en/admin/media/'))

  it('lists each image with its size, its alt texts and where it is shown', async () => {
    renderAdmin(<MediaView />, { api: setUp() })
    const row = (await screen.findByRole('cell', { name: 'knee-photo.jpg' })).closest('tr')!
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '',
      'knee-photo.jpg',
      '1200 × 800 px, 840 kB',
      'English (US)',
      'Posts: Five knee exercises',
      'Alt text knee-photo.jpgReplace knee-photo.jpgDelete knee-photo.jpg',
    ])
  })

  it('names the site settings where the image is the logo', async () => {
    const api = setUp()
    api.mediaLibrary.mockResolvedValue([
      { ...kneePhoto, usedBy: [{ kind: 'site', id: 'logo', title: 'logo' }, ...kneePhoto.usedBy] },
    ])
    renderAdmin(<MediaView />, { api })
    const row = (await screen.findByRole('cell', { name: 'knee-photo.jpg' })).closest('tr')!
    expect(within(row).getByText('Site settings: logo, Posts: Five knee exercises')).toBeVisible()
  })

  it('uploads several images at once under names of their own, saying which were refused and why', async () => {
    const api = setUp()
    api.uploadMedia.mockResolvedValue({ name: 'x', width: 1, height: 1 })
    renderAdmin(<MediaView />, { api })
    await screen.findByRole('cell', { name: 'knee-photo.jpg' })
    fireEvent.change(screen.getByLabelText('Choose images'), {
      target: {
        files: [
          file('Knee Photo.JPG', 'image/jpeg'),
          file('anim.gif', 'image/gif'),
          file('huge.png', 'image/png', 9 * 1024 * 1024),
          file('Hüfte.webp', 'image/webp'),
        ],
      },
    })
    expect(await screen.findByText('Images uploaded: 2.')).toBeInTheDocument()
    expect(api.uploadMedia.mock.calls.map(([name]) => name)).toEqual([
      'knee-photo-2.jpg',
      'hufte.webp',
    ])
    expect(screen.getByRole('alert')).toHaveTextContent(
      'anim.gif is not a JPEG, PNG or WebP image.huge.png is larger than 8 MB.',
    )
    await waitFor(() => expect(api.mediaLibrary).toHaveBeenCalledTimes(2))
  })

  it('gives an image alt text per language', async () => {
    const api = setUp()
    api.setMediaAlt.mockResolvedValue(kneePhoto)
    renderAdmin(<MediaView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Alt text knee-photo.jpg' }))
    expect(screen.getByLabelText('Alt text (English (US))')).toHaveValue('A knee being examined')
    fireEvent.change(screen.getByLabelText('Alt text (Deutsch)'), {
      target: { value: ' Ein Knie wird untersucht ' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The alt text of knee-photo.jpg was saved.')).toBeInTheDocument()
    expect(api.setMediaAlt).toHaveBeenCalledWith(
      'knee-photo.jpg',
      expect.objectContaining({
        en: 'A knee being examined',
        de: 'Ein Knie wird untersucht',
        fr: '',
      }),
    )
  })

  it('says why an image still shown cannot be deleted', async () => {
    const api = setUp()
    api.deleteMedia.mockRejectedValue(
      new HttpError({
        statusCode: 409,
        statusMessage: 'Conflict',
        code: 'media_in_use',
        message: 'The image is shown by an item: remove it there first.',
      }),
    )
    renderAdmin(<MediaView />, { api })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete knee-photo.jpg' }))
    const question = screen.getByRole('alertdialog', { name: 'Delete knee-photo.jpg?' })
    expect(question).toHaveTextContent('Items that show it: 1. It can be deleted once none does.')
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The image is shown by an item: remove it there first.',
    )
  })
})
