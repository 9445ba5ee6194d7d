import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/** What the built site is made from: a change to any of these makes `public/` stale. */
const SITE_INPUTS = [
  'src',
  'locales',
  'static',
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'package-lock.json',
  'server/site/match-paths.ts',
]

// Tests and the types Gatsby generates during the build itself do not change the output.
const IGNORED = /(\.test\.tsx?$)|(gatsby-types\.d\.ts$)/

export const BUILD_STAMP_FILE = '.build-hash'

async function listFiles(root: string, relative: string): Promise<string[]> {
  const full = path.join(root, relative)
  const stat = await fs.stat(full).catch(() => undefined)
  if (!stat) return []
  if (stat.isFile()) return IGNORED.test(relative) ? [] : [relative]
  const entries = await fs.readdir(full)
  const nested = await Promise.all(
    entries.map((entry) => listFiles(root, path.join(relative, entry))),
  )
  return nested.flat()
}

/**
 * A content hash of every site input, so a fresh clone and an edited file are both caught; the
 * content API's version joins it, so an editor's publish is built too.
 */
export async function siteInputsHash(root: string, contentVersion = ''): Promise<string> {
  const hash = crypto.createHash('sha256').update(contentVersion).update('\0')
  const files = (await Promise.all(SITE_INPUTS.map((input) => listFiles(root, input)))).flat()
  for (const file of files.sort()) {
    hash
      .update(file)
      .update('\0')
      .update(await fs.readFile(path.join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

export async function isSiteStale(root: string, contentVersion = ''): Promise<boolean> {
  const stamp = await fs
    .readFile(path.join(root, 'public', BUILD_STAMP_FILE), 'utf8')
    .catch(() => undefined)
  const built = await fs.stat(path.join(root, 'public', 'index.html')).catch(() => undefined)
  return !built || stamp?.trim() !== (await siteInputsHash(root, contentVersion))
}

/** Runs `gatsby build` and stamps `public/` with the inputs it was built from. */
export async function buildSite(
  root: string,
  env: NodeJS.ProcessEnv = {},
  contentVersion = '',
): Promise<void> {
  const hash = await siteInputsHash(root, contentVersion)
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'gatsby'), ['build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', ...env },
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`gatsby build exited with code ${code}`)),
    )
  })
  await fs.writeFile(path.join(root, 'public', BUILD_STAMP_FILE), hash + '\n')
}
