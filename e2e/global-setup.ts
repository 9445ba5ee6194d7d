import { startServer, type RunningServer } from './server-process'

declare global {
  var e2eServer: RunningServer | undefined
}

export default async function globalSetup() {
  const server = await startServer()
  globalThis.e2eServer = server
  // Test files run in workers that inherit this environment.
  process.env.E2E_BASE_URL = server.baseUrl
}
