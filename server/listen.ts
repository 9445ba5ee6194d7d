import type { FastifyInstance } from 'fastify'
import { StartupError } from './startup-error'

/** Listens on HOST:PORT; an address that cannot be had is refused in one line naming the fix. */
export async function listen(
  app: FastifyInstance,
  { host, port }: { host: string; port: number },
): Promise<string> {
  try {
    return await app.listen({ host, port })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `Port ${port} on ${host} is already in use (PORT): stop the program using it, or set ` +
          'PORT to a free port.',
      )
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `Port ${port} needs privileges this process does not have (PORT): set PORT to 1024 or ` +
          'above and let a proxy serve the low port.',
      )
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new StartupError(
        `HOST ${host} is not an address of this machine: set HOST to one of its addresses, ` +
          'or 0.0.0.0 for all of them.',
      )
    }
    throw error
  }
}
