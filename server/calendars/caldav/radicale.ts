import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs/promises'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { makeCalendar } from 'tsdav'

/**
 * A real CalDAV server for tests: Debian's Radicale on loopback, with its own storage and one
 * user. The calendar code is proven against what a CalDAV server really answers (discovery,
 * recurring events in a time range, ctags, ETags, conditional writes), not against a mock of it.
 */
export interface Radicale {
  /** The server's root, as a staff member would type it: discovery finds the calendars. */
  url: string
  username: string
  password: string
  stop(): Promise<void>
}

const START_TIMEOUT_MS = 10_000
const PORT_ATTEMPTS = 5

async function freePort(): Promise<number> {
  const probe = net.createServer()
  probe.listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  probe.close()
  await once(probe, 'close')
  return port
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether something answers HTTP at the address (any status will do). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) })
    return true
  } catch {
    return false
  }
}

/**
 * Runs radicale until it answers, or says why it did not. A port another process took between
 * the probe and radicale's bind makes radicale exit: that is `clash`, and another port is tried.
 */
async function run(
  configFile: string,
  url: string,
): Promise<{ child: ChildProcess } | { clash: string }> {
  const child = spawn('radicale', ['--config', configFile], {
    // Said explicitly, so the PATH searched is the one this process sees (Jest's copy of it).
    env: process.env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-2000)
  })
  let exited: { code: number | null; error?: NodeJS.ErrnoException } | undefined
  child.on('error', (error) => (exited = { code: null, error }))
  child.on('exit', (code) => (exited ??= { code }))
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited?.error?.code === 'ENOENT') {
      throw new Error(
        'radicale is not installed: the calendar tests need a real CalDAV server ' +
          '(`apt-get install radicale`).',
      )
    }
    if (exited) {
      if (/address already in use/i.test(output)) return { clash: output }
      throw new Error(`radicale exited (${exited.code ?? exited.error?.message}): ${output}`)
    }
    if (await answers(url)) return { child }
    await sleep(50)
  }
  child.kill()
  throw new Error(`radicale did not answer at ${url} within ${START_TIMEOUT_MS} ms: ${output}`)
}

export async function startRadicale(): Promise<Radicale> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'radicale-'))
  const username = 'practitioner'
  const password = randomBytes(12).toString('hex')
  const usersFile = path.join(dir, 'users')
  await fs.writeFile(usersFile, `${username}:${password}\n`)
  try {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort()
      const configFile = path.join(dir, 'config')
      await fs.writeFile(
        configFile,
        [
          '[server]',
          `hosts = 127.0.0.1:${port}`,
          '[auth]',
          'type = htpasswd',
          `htpasswd_filename = ${usersFile}`,
          'htpasswd_encryption = plain',
          // Radicale slows every refused login down; the tests try a wrong password on purpose.
          'delay = 0',
          '[rights]',
          'type = owner_only',
          '[storage]',
          `filesystem_folder = ${path.join(dir, 'collections')}`,
          '[web]',
          'type = none',
          '[logging]',
          'level = error',
          'mask_passwords = True',
          '',
        ].join('\n'),
      )
      const url = `http://127.0.0.1:${port}/`
      const started = await run(configFile, url)
      if ('child' in started) {
        const { child } = started
        // A test process that dies without stopping it does not leave a server behind.
        const orphaned = () => child.kill()
        process.on('exit', orphaned)
        return {
          url,
          username,
          password,
          async stop() {
            process.off('exit', orphaned)
            if (child.exitCode === null && child.signalCode === null) {
              child.kill()
              await once(child, 'exit')
            }
            await fs.rm(dir, { recursive: true, force: true })
          },
        }
      }
      if (attempt === PORT_ATTEMPTS) {
        throw new Error(`radicale found no free port in ${PORT_ATTEMPTS} tries: ${started.clash}`)
      }
    }
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true })
    throw error
  }
}

const authorization = (server: Radicale) =>
  `Basic ${Buffer.from(`${server.username}:${server.password}`).toString('base64')}`

/**
 * Makes a calendar in the user's home (radicale's home is `/<user>/`) and answers its URL.
 * `components` limits what it holds, as a task list holds VTODOs only.
 */
export async function makeTestCalendar(
  server: Radicale,
  slug: string,
  { name, color, components = ['VEVENT'] }: { name: string; color?: string; components?: string[] },
): Promise<string> {
  const url = new URL(`/${server.username}/${slug}/`, server.url).href
  const [answer] = await makeCalendar({
    url,
    props: {
      'd:displayname': name,
      ...(color ? { 'ca:calendar-color': color } : {}),
      'c:supported-calendar-component-set': {
        'c:comp': components.map((component) => ({ _attributes: { name: component } })),
      },
    },
    headers: { authorization: authorization(server) },
  })
  if (!answer?.ok) throw new Error(`MKCALENDAR ${url} answered ${answer?.status}`)
  return url
}

/** Stores a raw iCalendar object in a calendar, as another client would; answers its URL. */
export async function putTestObject(
  server: Radicale,
  calendarUrl: string,
  filename: string,
  ics: string,
): Promise<string> {
  const url = new URL(filename, calendarUrl).href
  const response = await fetch(url, {
    method: 'PUT',
    headers: {
      authorization: authorization(server),
      'content-type': 'text/calendar; charset=utf-8',
    },
    body: ics,
  })
  if (!response.ok)
    throw new Error(`PUT ${url} answered ${response.status}: ${await response.text()}`)
  return url
}
