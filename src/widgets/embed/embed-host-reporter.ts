import { useEffect } from 'react'
import { embedHost, emitToHost, POPUP_PARAM } from './host-messages'
import { themeColour } from './prefill'

/**
 * Takes the theme colour the URL gives, and tells the framing page the widget is ready, each route it moves to, and its content's height
 * whenever that changes, so the host sizes the iframe to it (no scrollbar inside the frame).
 */
export function EmbedHostReporter({ pathname }: { pathname: string }): null {
  useEffect(() => {
    // The host's brand colour on the widget's buttons and links (global.css reads --accent).
    const theme = themeColour(window.location.search)
    if (theme) document.documentElement.style.setProperty('--accent', theme)
    if (!embedHost()) return
    // The frame is as tall as the content: a page at least as tall as the viewport would then
    // never shrink (global.css lifts its min-height under this class).
    document.documentElement.classList.add('embedded')
    emitToHost({ type: 'ready' })
    let last = -1
    const report = () => {
      // To the bottom of the body's margin: the frame shows all of the page and nothing more.
      const { body } = document
      const margin = parseFloat(getComputedStyle(body).marginBottom) || 0
      const height = Math.ceil(body.getBoundingClientRect().bottom + window.scrollY + margin)
      if (height === last) return
      last = height
      emitToHost({ type: 'resize', height })
    }
    report()
    // Keys pressed in the frame never reach the host page: in a popup, Escape asks it to close
    // the dialog, as Escape on the page itself does.
    const popup = new URLSearchParams(window.location.search).has(POPUP_PARAM)
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) emitToHost({ type: 'close-requested' })
    }
    if (popup) document.addEventListener('keydown', onKey)
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(report)
    observer?.observe(document.body)
    return () => {
      observer?.disconnect()
      document.removeEventListener('keydown', onKey)
    }
  }, [])
  // The first route too, right after ready: the host learns where the widget starts.
  useEffect(() => {
    emitToHost({ type: 'route-changed', path: pathname })
  }, [pathname])
  return null
}
