/** @jest-environment node */
import { renderToString } from 'react-dom/server'
import { CookieBanner } from './cookie-banner'

// In the built HTML, so it paints with the page; the head script hides it for visitors who chose.
it('is in the built HTML with both choices', () => {
  const html = renderToString(<CookieBanner />)
  expect(html).toContain('class="cookie-banner"')
  expect(html).toContain('Accept essential')
  expect(html).toContain('Accept all')
})
