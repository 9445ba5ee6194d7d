/** @jest-environment node */
import { renderToString } from 'react-dom/server'
import { CookieBanner } from './cookie-banner'

// The built HTML cannot know the visitor's choice, so it holds no banner to flash away.
it('is left out of the built HTML', () => {
  expect(renderToString(<CookieBanner />)).toBe('')
})
