import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/**
 * Prints the JavaScript a first visit to a built page downloads: the scripts its HTML loads plus
 * its page component's chunks (Gatsby's chunk-map.json), raw and gzipped. Run `npm run build`
 * first. Usage: tsx bench/first-load-js.ts [/en/ /en/widget/[...]/ ...]
 */
const publicDir = path.resolve(__dirname, '..', 'public')
const read = (file: string) => fs.readFileSync(path.join(publicDir, file))
const chunkMap = JSON.parse(read('chunk-map.json').toString()) as Record<string, string[]>
const pages = process.argv.length > 2 ? process.argv.slice(2) : ['/en/', '/en/widget/[...]/']

for (const page of pages) {
  const html = read(path.join(page, 'index.html')).toString()
  const pageData = JSON.parse(read(path.join('page-data', page, 'page-data.json')).toString())
  const files = new Set([
    ...[...html.matchAll(/<script src="([^"]+\.js)"/g)].map((match) => match[1] ?? ''),
    ...(chunkMap[pageData.componentChunkName as string] ?? []),
  ])
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const body = read(file)
    raw += body.length
    gzip += zlib.gzipSync(body, { level: 9 }).length
  }
  console.log(
    `${page.padEnd(22)} ${files.size} files ${(raw / 1024).toFixed(1).padStart(7)} KiB raw ${(gzip / 1024).toFixed(1).padStart(6)} KiB gzip (${gzip} bytes)`,
  )
}
