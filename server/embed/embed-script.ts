import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { transform } from 'esbuild'
import { projectRoot } from '../config'

/** The most the embed script may weigh gzipped: it loads on every page of a business's site. */
export const EMBED_SCRIPT_BUDGET_BYTES = 2048

export interface EmbedScript {
  code: string
  /** The first 16 hex digits of the code's SHA-256: its long-cached URL is /embed-<hash>.js. */
  hash: string
  gzipBytes: number
}

/**
 * src/embed/embed.ts minified for browsers of the site's support range (all with ES modules).
 * esbuild comes with tsx, which runs the server, so the script is built where it is served, and
 * always matches the source.
 */
export async function buildEmbedScript(): Promise<EmbedScript> {
  const source = await fs.readFile(path.join(projectRoot, 'src/embed/embed.ts'), 'utf8')
  const { code } = await transform(source, {
    loader: 'ts',
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
  })
  return {
    code,
    hash: crypto.createHash('sha256').update(code).digest('hex').slice(0, 16),
    gzipBytes: zlib.gzipSync(code, { level: 9 }).length,
  }
}
