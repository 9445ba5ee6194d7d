/*
 * Stands in for Gatsby's service-worker registration in the production browser bundle
 * (webpack-aliases.ts): Gatsby requires it only when a plugin's registerServiceWorker API says
 * so, and no plugin of this site does; a plugin that starts to will fail here, loudly.
 */
throw new Error(
  'No service worker is registered by this site: see src/gatsby/no-service-worker.mjs',
)
