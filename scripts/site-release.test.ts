import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { BUILD_STAMP_FILE } from './site-build'
import { isReleased, liveSiteDir, RELEASE_KEEP_MS, releaseSite } from './site-release'

/** A project whose public/ holds build `n`: a page and a chunk named after it, and its stamp. */
async function build(root: string, n: number) {
  const publicDir = path.join(root, 'public')
  await fs.rm(publicDir, { recursive: true, force: true })
  await fs.mkdir(publicDir, { recursive: true })
  await fs.writeFile(path.join(publicDir, 'index.html'), `<script src="/app-${n}.js"></script>`)
  await fs.writeFile(path.join(publicDir, `app-${n}.js`), `build ${n}`)
  await fs.writeFile(path.join(publicDir, BUILD_STAMP_FILE), `stamp ${n}\n`)
}

const read = (root: string, file: string) =>
  fs.readFile(path.join(liveSiteDir(root), file), 'utf8').catch(() => undefined)

describe('site releases', () => {
  let root: string
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'release-'))
  })
  afterEach(() => fs.rm(root, { recursive: true, force: true }))

  it('serve a complete build, switched in one step, never public/ itself', async () => {
    await build(root, 1)
    expect(await isReleased(root)).toBe(false)
    await releaseSite(root)
    expect(await isReleased(root)).toBe(true)
    expect(await read(root, 'index.html')).toBe('<script src="/app-1.js"></script>')

    // Gatsby rewriting public/ does not reach visitors until the next release.
    await build(root, 2)
    expect(await isReleased(root)).toBe(false)
    expect(await read(root, 'index.html')).toBe('<script src="/app-1.js"></script>')
    expect(await read(root, 'app-2.js')).toBeUndefined()

    // During a release every page is read whole, of build 1 or build 2; its chunk is of the same
    // build, or gone once the switch has happened (the page then reloads at the new build).
    const seen = new Set<string>()
    let releasing = true
    const reader = (async () => {
      while (releasing) {
        const page = await read(root, 'index.html')
        expect(page).toMatch(/^<script src="\/app-[12]\.js"><\/script>$/)
        const n = page?.match(/app-(\d)/)?.[1]
        seen.add(`${n}:${await read(root, `app-${n}.js`)}`)
      }
    })()
    await releaseSite(root)
    releasing = false
    await reader
    expect(await read(root, 'index.html')).toBe('<script src="/app-2.js"></script>')
    for (const entry of seen) expect(['1:build 1', '1:undefined', '2:build 2']).toContain(entry)
  })

  it('keep only the live release, once the others are no longer recent', async () => {
    const start = Date.now()
    for (const n of [1, 2, 3]) {
      await build(root, n)
      await releaseSite(root, undefined, { now: () => start + n * RELEASE_KEEP_MS * 2 })
    }
    const releases = await fs.readdir(path.join(root, '.site', 'releases'))
    expect(releases).toHaveLength(1)
    expect(await read(root, 'app-3.js')).toBe('build 3')
  })

  it('stay live when several processes release the same build at once', async () => {
    // An earlier build, long released: pruning it must not disturb the releases under way.
    await build(root, 1)
    await releaseSite(root, undefined, { now: () => Date.now() - RELEASE_KEEP_MS * 2 })
    await build(root, 2)
    const releasing = Array.from({ length: 4 }, () => releaseSite(root))
    const released = await Promise.all(releasing)
    expect(new Set(released).size).toBe(1)
    expect(await read(root, 'index.html')).toBe('<script src="/app-2.js"></script>')
    expect(await read(root, 'app-2.js')).toBe('build 2')
    expect(await fs.readdir(path.join(root, '.site', 'releases'))).toEqual([
      path.basename(released[0]!),
    ])
    expect(await isReleased(root)).toBe(true)
  })

  it('keep a recent release that is not live: another process may be about to link it', async () => {
    await build(root, 1)
    const first = await releaseSite(root)
    await build(root, 2)
    await releaseSite(root)
    expect(await fs.readdir(path.join(root, '.site', 'releases'))).toContain(path.basename(first))
  })
})
