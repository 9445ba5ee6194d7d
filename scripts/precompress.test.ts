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

  it('writes brotli and gzip beside every text file worth it, decoding to the original', async () => {
    const page = `<!doctype html><p>${'Harbor Physio '.repeat(200)}</p>`
    fs.mkdirSync(path.join(dir, 'en', 'about'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'en', 'about', 'index.html'), page)
    fs.writeFileSync(path.join(dir, 'app-0123456789abcdef0123.js'), 'const a = 1;\n'.repeat(500))
    fs.writeFileSync(path.join(dir, 'tiny.json'), '{"a":1}')
    fs.writeFileSync(path.join(dir, 'photo.jpg'), Buffer.alloc(4096, 7))

    await precompressDir(dir)

    const html = path.join(dir, 'en', 'about', 'index.html')
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${html}.br`)).toString()).toBe(page)
    expect(zlib.gunzipSync(fs.readFileSync(`${html}.gz`)).toString()).toBe(page)
    expect(fs.existsSync(path.join(dir, 'app-0123456789abcdef0123.js.br'))).toBe(true)
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
    expect(await precompressDir(dir)).toEqual({ files: 2, written: 4 })
    fs.writeFileSync(rewritten, page('new '))
    expect(await precompressDir(dir)).toEqual({ files: 2, written: 2 })
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${rewritten}.br`)).toString()).toBe(
      page('new '),
    )
  })
})
