// One thread of scripts/precompress.ts: compresses its share of the files with synchronous calls,
// which cost less per file than the promise round trips of the async ones, one thread per core.
import fs from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import zlib from 'node:zlib'

/** Below this, the headers of an encoded response cost about what compression saves. */
const MIN_BYTES = 1024

/**
 * Hashed bundles and stylesheets, built once per release and loaded by every visitor, get the
 * best qualities of both encodings. The tens of thousands of pages and page-data files get brotli
 * 5, within 0.1 % of quality 8's size here at two thirds of its time, and no gzip file: the few
 * browsers without brotli get them compressed per request by the server, which saves the build
 * a third of its compression time.
 */
function encodings(file) {
  if (/\.(js|mjs|css)$/.test(file)) return { brotli: 11, gzip: 9 }
  if (/\.(html|json)$/.test(file)) return { brotli: 5 }
  return { brotli: 8, gzip: 6 }
}

/**
 * A window just large enough for the file: brotli's default (4 MiB) is allocated for every call,
 * which made small pages cost several times their compression, for the same output.
 */
function windowBits(bytes) {
  const { BROTLI_MIN_WINDOW_BITS: min, BROTLI_MAX_WINDOW_BITS: max } = zlib.constants
  return Math.min(max, Math.max(min, Math.ceil(Math.log2(bytes)) + 1))
}

function encode(body, quality) {
  return {
    '.br': zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality.brotli,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
      },
    }),
    '.gz': quality.gzip === undefined ? undefined : zlib.gzipSync(body, { level: quality.gzip }),
  }
}

function precompressFile(file) {
  const source = fs.statSync(file)
  const compressed = fs.statSync(`${file}.br`, { throwIfNoEntry: false })
  // Unchanged since an earlier build compressed it: Gatsby rewrites only the pages that changed.
  if (compressed && compressed.mtimeMs > source.mtimeMs) return 0
  const body = fs.readFileSync(file)
  const encoded = body.length < MIN_BYTES ? {} : encode(body, encodings(file))
  let written = 0
  for (const suffix of ['.br', '.gz']) {
    const bytes = encoded[suffix]
    if (bytes && bytes.length < body.length) {
      fs.writeFileSync(file + suffix, bytes)
      written++
    } else {
      // A stale sibling from an earlier build would be served instead of the new file.
      fs.rmSync(file + suffix, { force: true })
    }
  }
  return written
}

let written = 0
for (const file of workerData.files) written += precompressFile(file)
parentPort.postMessage(written)
