import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { BUILD_STAMP_FILE } from './site-build'

/*
 * `npm start` serves a released copy of public/, never public/ itself: Gatsby rewrites public/ in
 * place for seconds to minutes while it builds, and a visitor would get half-written pages and
 * chunks of two builds. A release is a full copy under `.site/releases/`; `.site/live` is a
 * symbolic link to the current one, replaced by a rename, which is atomic: every file is read
 * whole from either the old release or the new one. A page of the old build that asks for one
 * of its chunks after the switch gets a 404, and the chunk-reload guard (gatsby-browser) loads
 * the new page, as after any deploy.
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

/** Whether `dir` (public/ unless given) holds a complete build: the build stamps it last. */
export async function hasBuild(root: string, dir = path.join(root, 'public')) {
  return (await stampOf(dir)) !== undefined
}

/** Whether the live release is the build now in public/ (same inputs' stamp). */
export async function isReleased(root: string, publicDir = path.join(root, 'public')) {
  const built = await stampOf(publicDir)
  return built !== undefined && built === (await stampOf(liveSiteDir(root)))
}

/**
 * Copies the build in `publicDir` into a new release, makes it live in one rename and removes
 * the others (a file already open stays readable). Returns the new release's directory.
 */
export async function releaseSite(
  root: string,
  publicDir = path.join(root, 'public'),
): Promise<string> {
  const releases = path.join(root, SITE_DIR, RELEASES)
  await fs.mkdir(releases, { recursive: true })
  const name = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`
  const release = path.join(releases, name)
  await fs.cp(publicDir, release, { recursive: true })
  const link = `${liveSiteDir(root)}.${process.pid}.tmp`
  await fs.rm(link, { force: true })
  // Relative, so the project folder can be moved with its releases.
  await fs.symlink(path.join(RELEASES, name), link, 'dir')
  await fs.rename(link, liveSiteDir(root))
  for (const entry of await fs.readdir(releases)) {
    if (entry !== name) await fs.rm(path.join(releases, entry), { recursive: true, force: true })
  }
  return release
}
