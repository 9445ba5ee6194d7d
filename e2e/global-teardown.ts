import { stopServer } from './server-process'

export default async function globalTeardown() {
  await Promise.all([
    ...(globalThis.e2eServers ?? []).map(stopServer),
    ...(globalThis.e2eBrowsers ?? []).map((browser) => browser.close()),
  ])
}
