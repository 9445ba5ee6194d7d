import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ContentItem } from '../src/lib/content/types'
import { renderResponsiveImages } from '../src/lib/content/responsive-images'
import { renderBackgroundImages } from '../src/lib/visibility/background-images'
import { buildApp } from '../server/app'
import { readConfig } from '../server/config'

/**
 * The bytes of the images a demo page's body shows on a phone, before and after the narrower
 * copies (issue 31): starts the demo server on a fresh embedded database, renders each English
 * body as the site does (RichText), and for a 360 px wide screen at 1x, 2x and 3x picks from
 * each image's srcset as the HTML spec's simplest rule does (the narrowest candidate at least
 * the slot's width times the pixel ratio, else the widest), then downloads it with Chrome's
 * Accept header. "Before" is the image itself, which was all a browser had. Images the build
 * processes with gatsby-plugin-image (covers, avatars, products) are not in bodies and not here.
 *
 * Usage: tsx bench/responsive-images.ts [viewport width, default 360]
 */
const VIEWPORT = Number(process.argv[2] ?? 360)
const RATIOS = [1, 2, 3]
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

/** The width `sizes` gives at the viewport; only the form responsive-images.ts writes. */
function slotOf(sizes: string): number {
  const match = /^\(max-width: (\d+)px\) 100vw, (\d+)px$/.exec(sizes)
  if (!match) throw new Error(`sizes not understood: ${sizes}`)
  return VIEWPORT <= Number(match[1]) ? VIEWPORT : Number(match[2])
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
  const app = await buildApp({ config, seedDemo: true, logger: false })
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 })
    const bytesOf = async (url: string) => {
      const response = await fetch(`${base}${url}`, { headers: { accept: CHROME_ACCEPT } })
      const type = response.headers.get('content-type')
      return { bytes: (await response.arrayBuffer()).byteLength, type }
    }
    for (const kind of ['pages', 'posts']) {
      const response = await fetch(`${base}/api/content/${kind}`)
      const { items } = (await response.json()) as { items: (ContentItem & { slug: string })[] }
      for (const item of items) {
        const body = item.translations.find((each) => each.locale === 'en')?.body ?? ''
        const html = renderResponsiveImages(renderBackgroundImages(body))
        const images = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
          src: /\ssrc="([^"]*)"/.exec(tag)?.[1] ?? '',
          srcset: /\ssrcset="([^"]*)"/.exec(tag)?.[1],
          sizes: /\ssizes="([^"]*)"/.exec(tag)?.[1] ?? '',
        }))
        if (images.length === 0) {
          console.log(`${kind}/${item.slug}: no image in its body`)
          continue
        }
        for (const image of images) {
          const before = await bytesOf(image.src)
          const after = []
          for (const ratio of RATIOS) {
            const url = image.srcset ? pick(image.srcset, slotOf(image.sizes) * ratio) : image.src
            const got = await bytesOf(url)
            after.push(`${ratio}x ${url.replace(/^.*\//, '')} ${got.bytes} B (${got.type})`)
          }
          console.log(
            `${kind}/${item.slug} ${image.src.replace(/^.*\//, '')}: before ${before.bytes} B ` +
              `(${before.type}); after at ${VIEWPORT} px: ${after.join('; ')}`,
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
