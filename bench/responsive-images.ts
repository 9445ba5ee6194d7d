import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ContentItem } from '../src/lib/content/types'
import { MEDIA_PATH, variantWidths } from '../src/lib/content/media-sizes'
import { renderResponsiveImages } from '../src/lib/content/responsive-images'
import { renderBackgroundImages } from '../src/lib/visibility/background-images'
import { buildApp } from '../server/app'
import { readConfig } from '../server/config'

/**
 * The bytes of the images a demo page's body shows on a phone and on a desktop, before and after
 * the narrower copies (issue 31) and their AVIF (issue 33): starts the demo server on a fresh
 * embedded database, renders each English body as the site does (RichText), and for each
 * viewport at 1x, 2x and 3x picks from each image's srcset as the HTML spec's simplest rule
 * does (the narrowest candidate at least the slot's width times the pixel ratio, else the
 * widest), then downloads it as Chrome asks (AVIF), as a browser that takes WebP but no AVIF
 * asks, and as one that takes neither. "Before" is the image itself as a browser had it before
 * issue 31. AVIF copies are made on their first request (server/content/media.ts): the time of
 * the first and of a later one is shown, and at the end the time the server took to start on an
 * empty database (migrations and the demo seed) beside the time making every demo image's AVIF
 * copies took, which the seed would have added had it made them. Images the build processes with
 * gatsby-plugin-image (covers, avatars, products) are not in bodies and not here.
 *
 * Usage: tsx bench/responsive-images.ts [viewport widths, default 360 1280]
 */
const VIEWPORTS = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [360, 1280]
const RATIOS = [1, 2, 3]
const ACCEPTS = {
  avif: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
  webp: 'image/webp,*/*',
  original: '*/*',
}

/** The width `sizes` gives at the viewport; only the form responsive-images.ts writes. */
function slotOf(sizes: string, viewport: number): number {
  const match = /^\(max-width: (\d+)px\) 100vw, (\d+)px$/.exec(sizes)
  if (!match) throw new Error(`sizes not understood: ${sizes}`)
  return viewport <= Number(match[1]) ? viewport : Number(match[2])
}

function pick(srcset: string, wanted: number): string {
  const candidates = srcset
    .split(', ')
    .map((each) => each.split(' '))
    .map(([url = '', width = '']) => ({ url, width: parseInt(width, 10) }))
    .sort((a, b) => a.width - b.width)
  const chosen = candidates.find((each) => each.width >= wanted) ?? candidates.at(-1)
  return chosen?.url ?? ''
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-images-'))
  const config = { ...readConfig(), dataDir, port: 0, jobsPollMs: 0 }
  const started = performance.now()
  const app = await buildApp({ config, seedDemo: true, logger: false })
  const startMs = performance.now() - started
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 })
    const fetchImage = async (url: string, accept: string) => {
      const at = performance.now()
      const response = await fetch(`${base}${url}`, { headers: { accept } })
      const bytes = (await response.arrayBuffer()).byteLength
      const type = response.headers.get('content-type')?.replace('image/', '')
      return { bytes, type, ms: performance.now() - at }
    }
    const images: { page: string; src: string; srcset?: string; sizes: string }[] = []
    for (const kind of ['pages', 'posts']) {
      const response = await fetch(`${base}/api/content/${kind}`)
      const { items } = (await response.json()) as { items: (ContentItem & { slug: string })[] }
      for (const item of items) {
        const body = item.translations.find((each) => each.locale === 'en')?.body ?? ''
        const html = renderResponsiveImages(renderBackgroundImages(body))
        const found = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
          page: `${kind}/${item.slug}`,
          src: /\ssrc="([^"]*)"/.exec(tag)?.[1] ?? '',
          srcset: /\ssrcset="([^"]*)"/.exec(tag)?.[1],
          sizes: /\ssizes="([^"]*)"/.exec(tag)?.[1] ?? '',
        }))
        if (found.length === 0) console.log(`${kind}/${item.slug}: no image in its body`)
        images.push(...found)
      }
    }
    // Every AVIF copy of every demo image first, one at a time, as the seed would have had to
    // make them: the sizes the site asks for (MEDIA_WIDTHS below the image's width, and the
    // image itself); each first request makes one (server/content/media.ts).
    const { rows } = await app.db.query<{ name: string; width: number }>(
      'SELECT name, width FROM media ORDER BY name',
    )
    const madeMs = new Map<string, number>()
    const making = performance.now()
    for (const { name, width } of rows) {
      for (const query of [...variantWidths(width).map((each) => `?w=${each}`), '']) {
        const url = `${MEDIA_PATH}${name}${query}`
        const { type, ms } = await fetchImage(url, ACCEPTS.avif)
        if (type !== 'avif') throw new Error(`${url} answered ${type}`)
        madeMs.set(url, ms)
      }
    }
    const makingMs = performance.now() - making
    console.log(
      `First start on an empty database (migrations, demo seed): ${startMs.toFixed(0)} ms. ` +
        `Making every AVIF copy of the ${rows.length} demo images (${madeMs.size}), ` +
        `one at a time after it: ${makingMs.toFixed(0)} ms.`,
    )
    const shortName = (url: string) => url.replace(/^.*\//, '')
    for (const viewport of VIEWPORTS) {
      console.log(`\nAt ${viewport} px (bytes: AVIF / WebP / the image's own format):`)
      for (const image of images) {
        const before = await fetchImage(image.src, ACCEPTS.original)
        console.log(
          `${image.page} ${shortName(image.src)}: before ${before.bytes} B (${before.type})`,
        )
        for (const ratio of RATIOS) {
          const url = image.srcset
            ? pick(image.srcset, slotOf(image.sizes, viewport) * ratio)
            : image.src
          const avif = await fetchImage(url, ACCEPTS.avif)
          const webp = await fetchImage(url, ACCEPTS.webp)
          const own = await fetchImage(url, ACCEPTS.original)
          // A `?w=` the image is too narrow for is answered with the image itself.
          const made = madeMs.get(url) ?? madeMs.get(url.replace(/\?.*$/, ''))
          console.log(
            `  ${ratio}x ${shortName(url)}: ${avif.bytes} B (${avif.type}) / ${webp.bytes} B ` +
              `(${webp.type}) / ${own.bytes} B (${own.type}); AVIF made in ` +
              `${made?.toFixed(0)} ms on its first request, read in ${avif.ms.toFixed(0)} ms`,
          )
        }
      }
    }
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
