import type { Config } from '@jest/types'
import type { Browser } from 'puppeteer-core'
import { startChromium } from './browser'
import { startServer, stopServer, type RunningServer } from './server-process'

declare global {
  var e2eServers: RunningServer[] | undefined
  var e2eBrowsers: Browser[] | undefined
}

/** Starts a server and a browser for each worker jest runs (e2e/workers.ts): one in band. */
export default async function globalSetup({ maxWorkers }: Config.GlobalConfig) {
  // The first server's content is what the site is built from; the others serve that build.
  const first = await startServer()
  const others = await Promise.allSettled(
    Array.from({ length: maxWorkers - 1 }, (_, at) =>
      startServer({ worker: at + 1, build: false }),
    ),
  )
  const servers = [first]
  for (const started of others) if (started.status === 'fulfilled') servers.push(started.value)
  const failed = others.find((started) => started.status === 'rejected')
  if (failed) {
    // Jest runs no teardown after a failed setup.
    await Promise.all(servers.map(stopServer))
    throw failed.reason
  }
  globalThis.e2eServers = servers
  // A Chromium for each worker too, which its test files share (launchBrowser in e2e/browser.ts).
  globalThis.e2eBrowsers = await Promise.all(servers.map(() => startChromium()))
  // Test files run in workers that inherit this environment.
  process.env.E2E_BASE_URLS = servers.map((server) => server.baseUrl).join(' ')
  process.env.E2E_BROWSER_ENDPOINTS = globalThis.e2eBrowsers
    .map((browser) => browser.wsEndpoint())
    .join(' ')
}
