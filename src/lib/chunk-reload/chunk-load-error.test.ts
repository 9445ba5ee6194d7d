/** @jest-environment jsdom */
import { isChunkLoadError, listenForChunkLoadErrors } from './chunk-load-error'

function chunkLoadError(message = 'Loading chunk 123 failed.\n(error: /app-123.js)'): Error {
  return Object.assign(new Error(message), { name: 'ChunkLoadError' })
}

describe('isChunkLoadError', () => {
  it.each<[string, unknown, boolean]>([
    ['webpack ChunkLoadError', chunkLoadError(), true],
    ['named chunk', new Error('Loading chunk component---src-pages-index-tsx failed.'), true],
    ['CSS chunk', new Error('Loading CSS chunk 42 failed.\n(/42.css)'), true],
    ['by name alone', Object.assign(new Error('x'), { name: 'ChunkLoadError' }), true],
    ['string reason', 'ChunkLoadError: Loading chunk 7 failed.', true],
    ['other error', new Error('Cannot read properties of undefined'), false],
    ['other string', 'nope', false],
    ['undefined', undefined, false],
    ['null', null, false],
  ])('%s', (_, reason, expected) => {
    expect(isChunkLoadError(reason)).toBe(expected)
  })
})

describe('listenForChunkLoadErrors', () => {
  const errorEvent = (error: unknown) => Object.assign(new Event('error'), { error })
  const rejection = (reason: unknown) =>
    Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason })

  it('reports chunk failures thrown as errors', () => {
    const target = new EventTarget()
    const onChunkLoadError = jest.fn()
    listenForChunkLoadErrors(target, onChunkLoadError)

    target.dispatchEvent(errorEvent(new Error('boom')))
    expect(onChunkLoadError).not.toHaveBeenCalled()
    target.dispatchEvent(errorEvent(chunkLoadError()))
    expect(onChunkLoadError).toHaveBeenCalledTimes(1)
  })

  it('reports chunk failures from unhandled rejections', () => {
    const target = new EventTarget()
    const onChunkLoadError = jest.fn()
    listenForChunkLoadErrors(target, onChunkLoadError)

    target.dispatchEvent(rejection('boom'))
    expect(onChunkLoadError).not.toHaveBeenCalled()
    target.dispatchEvent(rejection(chunkLoadError()))
    expect(onChunkLoadError).toHaveBeenCalledTimes(1)
  })

  it("keeps Gatsby's unguarded listener, added earlier, from seeing chunk failures", () => {
    const gatsbyListener = jest.fn()
    window.addEventListener('unhandledrejection', gatsbyListener)
    const onChunkLoadError = jest.fn()
    listenForChunkLoadErrors(window, onChunkLoadError)

    window.dispatchEvent(rejection(chunkLoadError()))
    expect(onChunkLoadError).toHaveBeenCalledTimes(1)
    expect(gatsbyListener).not.toHaveBeenCalled()

    window.dispatchEvent(rejection(new Error('other')))
    expect(gatsbyListener).toHaveBeenCalledTimes(1)
    window.removeEventListener('unhandledrejection', gatsbyListener)
  })
})
