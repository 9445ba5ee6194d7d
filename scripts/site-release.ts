import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { BUILD_STAMP_FILE } from './site-build'

/*
 * `npm start` serves a released copy of public/, never public/ itself: Gatsby rewrites public/ in
 * place for seconds to minutes while it builds, and a visitor would get half-written pages and
 * chunks of two builds. A release is a full copy under `.site/releases/`; `.site/live` is a
 * symbolic link to the current one, replaced by a rename, which is atomic: every file is opened
 * through either the old release or the new one. The release before stays, so a page loaded just
 * before the switch still finds its chunks.
 */
const SITE_DIR = '.site'
const RELEASES = 'releases'
const LIVE = 'live'

/** The directory `npm start` serves: the current release, through its link. */
export function liveSiteDir(root: string): string {
  return path.join(root, SITE_DIR, LIVE)
}

async function stampOf(dir: string): Promise<string | undefined> {
  return fs
    .readFile(path.join(dir, BUILD_STAMP_FILE), 'utf8')
    .then((stamp) => stamp.trim())
    .catch(() => undefined)
}

/** Whether the live release is the build now in public/ (same inputs' stamp). */
export async function isReleased(root: string, publicDir = path.join(root, 'public')) {
  const built = await stampOf(publicDir)
  return built !== undefined && built === (await stampOf(liveSiteDir(root)))
}

/**
 * Copies the build in `publicDir` into a new release and makes it live in one rename; removes
 * every release but the new one and the one it replaced. Returns the new release's directory.
 */
export async function releaseSite(
  root: string,
  publicDir = path.join(root, 'public'),
): Promise<string> {
  const releases = path.join(root, SITE_DIR, RELEASES)
  await fs.mkdir(releases, { recursive: true })
  const previous = await fs.readlink(liveSiteDir(root)).catch(() => undefined)
  const name = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`
  const release = path.join(releases, name)
  await fs.cp(publicDir, release, { recursive: true })
  const link = `${liveSiteDir(root)}.${process.pid}.tmp`
  await fs.rm(link, { force: true })
  // Relative, so the project folder can be moved with its releases.
  await fs.symlink(path.join(RELEASES, name), link, 'dir')
  await fs.rename(link, liveSiteDir(root))
  const keep = new Set([name, previous && path.basename(previous)])
  for (const entry of await fs.readdir(releases)) {
    if (!keep.has(entry)) await fs.rm(path.join(releases, entry), { recursive: true, force: true })
  }
  return release
}
