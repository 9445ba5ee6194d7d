import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { precompressDir } from './precompress'

describe('precompressDir', () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('writes brotli beside every text file worth it, and gzip beside all but pages and page data', async () => {
    const page = `<!doctype html><p>${'Harbor Physio '.repeat(200)}</p>`
    fs.mkdirSync(path.join(dir, 'en', 'about'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'en', 'about', 'index.html'), page)
    fs.writeFileSync(path.join(dir, 'app-0123456789abcdef0123.js'), 'const a = 1;\n'.repeat(500))
    fs.writeFileSync(path.join(dir, 'tiny.json'), '{"a":1}')
    fs.writeFileSync(path.join(dir, 'photo.jpg'), Buffer.alloc(4096, 7))

    await precompressDir(dir)

    const html = path.join(dir, 'en', 'about', 'index.html')
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${html}.br`)).toString()).toBe(page)
    expect(fs.existsSync(`${html}.gz`)).toBe(false)
    const bundle = path.join(dir, 'app-0123456789abcdef0123.js')
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${bundle}.br`))).toEqual(
      fs.readFileSync(bundle),
    )
    expect(zlib.gunzipSync(fs.readFileSync(`${bundle}.gz`))).toEqual(fs.readFileSync(bundle))
    expect(fs.existsSync(path.join(dir, 'tiny.json.br'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'photo.jpg.br'))).toBe(false)
  })

  it('removes an encoding left by an earlier build when the new file is too small to need one', async () => {
    const file = path.join(dir, 'page-data.json')
    fs.writeFileSync(`${file}.br`, 'stale')
    fs.writeFileSync(file, '{}')
    await precompressDir(dir)
    expect(fs.existsSync(`${file}.br`)).toBe(false)
  })

  it('compresses again only the files a rebuild rewrote', async () => {
    const page = (text: string) => `<!doctype html><p>${text.repeat(300)}</p>`
    const kept = path.join(dir, 'kept.html')
    const rewritten = path.join(dir, 'rewritten.html')
    fs.writeFileSync(kept, page('kept '))
    fs.writeFileSync(rewritten, page('old '))
    // Both written a minute ago, as a build would have; compressed now.
    const past = new Date(Date.now() - 60_000)
    for (const file of [kept, rewritten]) fs.utimesSync(file, past, past)
    expect(await precompressDir(dir)).toEqual({ files: 2, written: 2 })
    fs.writeFileSync(rewritten, page('new '))
    expect(await precompressDir(dir)).toEqual({ files: 2, written: 1 })
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${rewritten}.br`)).toString()).toBe(
      page('new '),
    )
  })

  it('shares many files among threads and compresses each once', async () => {
    const page = (n: number) => `<!doctype html><p>${`page ${n} `.repeat(300)}</p>`
    for (let n = 0; n < 300; n++) fs.writeFileSync(path.join(dir, `${n}.html`), page(n))
    expect(await precompressDir(dir)).toEqual({ files: 300, written: 300 })
    for (const n of [0, 151, 299]) {
      const file = path.join(dir, `${n}.html`)
      expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(page(n))
    }
  })
})
