import http from 'node:http'
import type { ElementHandle, Frame, Page } from 'puppeteer-core'
import { baseUrl } from './browser'
import { workerIndex } from './workers'

/**
 * Another site's port on loopback for each worker (e2e/workers.ts), fixed so the worker's server
 * can list it in EMBED_ORIGINS (e2e/server-process.ts). As `localhost` it is another site than
 * the server's 127.0.0.1, so its frames are third-party; as `127.0.0.1` it is another origin the
 * allowlist leaves out. Below Linux's ephemeral range (32768–60999), so no browser connection
 * can be holding it already.
 */
export const embedHostPort = (worker: number) =>
  (Number(process.env.E2E_EMBED_HOST_PORT) || 29380) + worker
export const allowedHost = (worker: number) => `http://localhost:${embedHostPort(worker)}`
const EMBED_HOST_PORT = embedHostPort(workerIndex())
export const ALLOWED_HOST = allowedHost(workerIndex())
export const REFUSED_HOST = `http://127.0.0.1:${EMBED_HOST_PORT}`

/** A business's page: the snippet, the calls given, and every widget event kept in `seen`. */
export function hostPage(calls: string, body = '<div id="booking"></div>'): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Clinic</title></head><body>
<h1>Harbor Physio</h1>${body}
<script>
window.Harbor=window.Harbor||function(){(Harbor.q=Harbor.q||[]).push(arguments)};
window.seen=[];
Harbor('on','*',function(detail){seen.push(detail)});
${calls}
</script>
<script async src="${baseUrl()}/embed.js"></script>
</body></html>`
}

/** Serves `html` at / on EMBED_HOST_PORT until closed. */
export async function startHost(html: string): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(EMBED_HOST_PORT, '127.0.0.1', resolve))
  return server
}

export function stopHost(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

/**
 * Waits until `element` stays put on the host page. The host sizes the frame when the widget
 * reports its height, a message that can arrive between finding an element and clicking it; a
 * click at the old place then misses, as a visitor's would on something that just moved.
 */
async function still<T extends ElementHandle<Element>>(element: T): Promise<T> {
  let last = JSON.stringify(await element.boundingBox())
  for (let tries = 0; tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const box = JSON.stringify(await element.boundingBox())
    if (box === last) return element
    last = box
  }
  throw new Error(`kept moving: ${last}`)
}

async function click(frame: Frame, name: string, role = 'button') {
  const element = await frame.waitForSelector(`::-p-aria([name="${name}"][role="${role}"])`)
  await (await still(element!)).click()
}

/** Types into an empty field; a field the URL prefilled must hold `value` already. */
async function type(frame: Frame, label: string, value: string) {
  const field = await still(
    (await frame.waitForSelector(`::-p-aria([name="${label}"][role="textbox"])`))!,
  )
  const current = await field.evaluate((input) => (input as HTMLInputElement).value)
  if (current === '') await field.type(value)
  else expect(current).toBe(value)
}

/** The widget frame inside `container` on the host page. */
export async function widgetFrame(page: Page, container: string): Promise<Frame> {
  const iframe = await page.waitForSelector(`${container} iframe`)
  return (await iframe!.contentFrame()) as Frame
}

/** Books the consultation's first free slot inside the frame, as a visitor would. */
export async function bookConsultation(frame: Frame, email: string): Promise<void> {
  await click(frame, 'Any available staff')
  await click(frame, 'Find next available slot')
  const slot = await frame.waitForSelector('.widget-slot').catch(async (error: unknown) => {
    // What the frame shows instead of times says why, where a timeout alone would not.
    const shown = await frame.$eval('body', (body) => body.innerText).catch(() => '')
    throw new Error(`no time offered; the frame shows: ${shown.slice(0, 600)}`, { cause: error })
  })
  await (await still(slot!)).click()
  await type(frame, 'First name', 'Ana')
  await type(frame, 'Last name', 'Silva')
  await type(frame, 'Email', email)
  await type(frame, 'Phone', '+49 30 901820')
  await click(frame, 'Book now')
  await frame.waitForSelector('::-p-text(Thank you)')
}

/** The types of the events the host page saw, less resizes and route changes. */
export async function milestones(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { seen: { type: string }[] }).seen
      .map((event) => event.type)
      .filter((type) => type !== 'resize' && type !== 'route-changed'),
  )
}
