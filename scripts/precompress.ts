import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text the browser loads; images, fonts and archives are compressed already. */
const TEXT = /\.(html|js|mjs|css|json|svg|xml|txt|webmanifest)$/
/** Below this, the headers of an encoded response cost about what compression saves. */
const MIN_BYTES = 1024
// Bounded, so tens of thousands of pages do not open tens of thousands of files at once; zlib
// runs in libuv's thread pool, which keeps both cores busy.
const CONCURRENCY = 16

/**
 * Brotli's and gzip's best qualities are worth their time on the bundles every visitor downloads
 * and that are built once per release. For the tens of thousands of pages and page-data files,
 * brotli 8 is within 1 % of 9's size at about a fiftieth of its time here (about 1 ms against
 * 60 ms for a 25 KB file), and gzip 6 serves the few browsers without brotli.
 */
function qualities(file: string): { brotli: number; gzip: number } {
  return /\.(js|mjs|css)$/.test(file) ? { brotli: 11, gzip: 9 } : { brotli: 8, gzip: 6 }
}

/**
 * A window just large enough for the file: brotli's default (4 MiB) is allocated for every call,
 * which made small pages cost several times their compression (1.2 against 0.4 ms here), for
 * the same output.
 */
function windowBits(bytes: number): number {
  const { BROTLI_MIN_WINDOW_BITS: min, BROTLI_MAX_WINDOW_BITS: max } = zlib.constants
  return Math.min(max, Math.max(min, Math.ceil(Math.log2(bytes)) + 1))
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

async function precompressFile(file: string): Promise<number> {
  const [source, compressed] = await Promise.all([
    fs.stat(file),
    fs.stat(`${file}.br`).catch(() => undefined),
  ])
  // Unchanged since an earlier build compressed it: Gatsby rewrites only the pages that changed.
  if (compressed && compressed.mtimeMs > source.mtimeMs) return 0
  const body = await fs.readFile(file)
  const quality = qualities(file)
  const small = body.length < MIN_BYTES
  const [br, gz] = small
    ? []
    : await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: quality.brotli,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
          },
        }),
        gzip(body, { level: quality.gzip }),
      ])
  let written = 0
  for (const [suffix, encoded] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (encoded && encoded.length < body.length) {
      await fs.writeFile(file + suffix, encoded)
      written++
    } else {
      // A stale sibling from an earlier build would be served instead of the new file.
      await fs.rm(file + suffix, { force: true })
    }
  }
  return written
}

/**
 * Writes `X.br` and `X.gz` beside every text file `X` of a built site, so the server sends the
 * smallest encoding the browser accepts without compressing on every request.
 */
export async function precompressDir(dir: string): Promise<{ files: number; written: number }> {
  const files = await listFiles(dir)
  let next = 0
  let written = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < files.length) {
        const count = await precompressFile(files[next++] as string)
        written += count
      }
    }),
  )
  return { files: files.length, written }
}
