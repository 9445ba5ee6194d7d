// webpack's JavaScript and CSS chunk loaders word their failures like this.
const CHUNK_FAILED = /Loading (CSS )?chunk \S+ failed/i

/** Whether an error or rejection reason is webpack failing to fetch a code or style chunk. */
export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason === 'string') return CHUNK_FAILED.test(reason)
  if (typeof reason !== 'object' || reason === null) return false
  const { name, message } = reason as { name?: unknown; message?: unknown }
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_FAILED.test(message))
}

/**
 * Calls `onChunkLoadError` for chunk failures nothing else handled: errors thrown out of React
 * (a lazy component whose chunk failed) and unhandled rejections (a bare `import()`, or Gatsby
 * failing to start a page whose chunks did not load).
 */
export function listenForChunkLoadErrors(target: EventTarget, onChunkLoadError: () => void): void {
  target.addEventListener('error', (event) => {
    if (isChunkLoadError((event as ErrorEvent).error)) onChunkLoadError()
  })
  // Gatsby's navigation module has its own listener that reloads without any guard, so a chunk
  // missing for good would reload forever. Listeners for the capture phase run before it even
  // on the window itself, and stopping the event there leaves the decision to our guard.
  target.addEventListener(
    'unhandledrejection',
    (event) => {
      if (!isChunkLoadError((event as PromiseRejectionEvent).reason)) return
      event.stopImmediatePropagation()
      onChunkLoadError()
    },
    { capture: true },
  )
}
