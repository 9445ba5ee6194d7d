import { stopServer } from './server-process'

export default async function globalTeardown() {
  if (globalThis.e2eServer) await stopServer(globalThis.e2eServer)
}
