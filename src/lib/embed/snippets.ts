import { defaultApiBaseUrl } from '../http/client'

/**
 * The code a business pastes into its own pages (README, "Embedding"), written once for the
 * site's Embed page and the dashboard's Embedding screen.
 */

/** Where embed.js is served: the booking server, the page's own origin unless the API is elsewhere. */
export function embedScriptUrl(pageUrl: string): string {
  return `${new URL(defaultApiBaseUrl(), pageUrl).origin}/embed.js`
}

/** Once per page: the queue for calls made before the script has loaded, and the script. */
export const loaderSnippet = (scriptUrl: string) => `<script>
  window.Harbor =
    window.Harbor ||
    function () {
      ;(Harbor.q = Harbor.q || []).push(arguments)
    }
</script>
<script async src="${scriptUrl}"></script>`

/** `path`: the widget route after /widget/, such as `appointment/clinic/consult`. */
export const inlineSnippet = (path: string, locale: string) => `<div id="booking"></div>
<script>
  Harbor('inline', {
    el: '#booking',
    path: '${path}',
    locale: '${locale}',
  })
</script>`

/** `label`: the button's text, in the page's language. */
export const popupSnippet = (
  path: string,
  locale: string,
  label: string,
) => `<button data-harbor-popup="${path}">
  ${label}
</button>
<script>
  Harbor('popup', { locale: '${locale}' })
</script>`

export const floatingSnippet = (path: string, locale: string, label: string) => `<script>
  Harbor('floating', {
    path: '${path}',
    locale: '${locale}',
    text: '${label.replaceAll("'", "\\'")}',
    position: 'right',
  })
</script>`
