import { fireEvent, render } from '@testing-library/react'
import { EmbedHostReporter } from './embed-host-reporter'
import { EMBED_PROTOCOL, EMBED_VERSION, resetEmbedHost } from './host-messages'

const postMessage = jest.fn()

beforeEach(() => {
  postMessage.mockReset()
  resetEmbedHost()
  document.documentElement.classList.remove('embedded')
  window.history.replaceState(
    null,
    '',
    '/en/widget/appointment/clinic?embedHost=https%3A%2F%2Fclinic.example&embedId=w1',
  )
  Object.defineProperty(window, 'parent', { value: { postMessage }, configurable: true })
  Object.defineProperty(document, 'referrer', {
    value: 'https://clinic.example/',
    configurable: true,
  })
})

afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true })
})

describe('an embedded widget', () => {
  it('tells its host, by origin, that it is ready, where it is, and how tall it is', () => {
    const { rerender } = render(<EmbedHostReporter pathname="/en/widget/appointment/clinic" />)
    rerender(<EmbedHostReporter pathname="/en/widget/appointment/clinic/consult" />)
    const envelope = { protocol: EMBED_PROTOCOL, version: EMBED_VERSION, id: 'w1' }
    expect(postMessage.mock.calls).toEqual([
      [{ ...envelope, type: 'ready' }, 'https://clinic.example'],
      [{ ...envelope, type: 'resize', height: expect.any(Number) }, 'https://clinic.example'],
      [
        { ...envelope, type: 'route-changed', path: '/en/widget/appointment/clinic' },
        'https://clinic.example',
      ],
      [
        { ...envelope, type: 'route-changed', path: '/en/widget/appointment/clinic/consult' },
        'https://clinic.example',
      ],
    ])
    // The page no longer fills the viewport, so the frame can shrink to the content.
    expect(document.documentElement).toHaveClass('embedded')
  })

  it('tells nothing to a parent that is not the host its URL names', () => {
    Object.defineProperty(document, 'referrer', {
      value: 'https://evil.example/',
      configurable: true,
    })
    render(<EmbedHostReporter pathname="/en/widget/appointment/clinic" />)
    expect(postMessage).not.toHaveBeenCalled()
    expect(document.documentElement).not.toHaveClass('embedded')
  })

  it('asks its host to close it on Escape in a popup only', () => {
    const close = [
      { protocol: EMBED_PROTOCOL, version: EMBED_VERSION, id: 'w1', type: 'close-requested' },
      'https://clinic.example',
    ]
    const inline = render(<EmbedHostReporter pathname="/en/widget/appointment/clinic" />)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(postMessage.mock.calls).not.toContainEqual(close)
    inline.unmount()
    resetEmbedHost()
    window.history.replaceState(null, '', `${window.location.search}&embedPopup=1`)
    render(<EmbedHostReporter pathname="/en/widget/appointment/clinic" />)
    fireEvent.keyDown(document, { key: 'Enter' })
    expect(postMessage.mock.calls).not.toContainEqual(close)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(postMessage.mock.calls).toContainEqual(close)
  })
})
