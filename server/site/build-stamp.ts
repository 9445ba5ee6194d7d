import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * The file a site build writes last into its folder (scripts/site-build.ts), so a folder holding
 * it holds a complete build. Its first line is the hash of what the build was made from; its
 * second the SITE_URL it was made for, as canonical links, the sitemap and robots.txt carry that
 * address and the hash cannot be read back. A dotfile, so the site never serves it.
 */
export const BUILD_STAMP_FILE = '.build-hash'

export interface BuildStamp {
  inputsHash: string
  /** Unknown for a build stamped before the address was recorded, or built without SITE_URL. */
  siteUrl: string | undefined
}

/** The stamp's text for a build of `inputsHash` for `siteUrl`. */
export function formatBuildStamp(inputsHash: string, siteUrl: string | undefined): string {
  return siteUrl ? `${inputsHash}\n${siteUrl}\n` : `${inputsHash}\n`
}

/** The stamp of the build in `dir`, or undefined when it holds no complete build. */
export async function readBuildStamp(dir: string): Promise<BuildStamp | undefined> {
  const text = await fs.readFile(path.join(dir, BUILD_STAMP_FILE), 'utf8').catch(() => undefined)
  if (text === undefined) return undefined
  const [inputsHash = '', siteUrl] = text.trim().split('\n')
  // Compared as the server's config reads SITE_URL: without a trailing slash.
  return { inputsHash, siteUrl: siteUrl?.trim().replace(/\/$/, '') || undefined }
}

/**
 * Why the build in `dir` cannot be served at `siteUrl`: it was built for another address (its
 * links, sitemap and robots.txt would send visitors and search engines there). Undefined when it
 * can, or when the build does not say.
 */
export async function siteUrlMismatch(dir: string, siteUrl: string): Promise<string | undefined> {
  const builtFor = (await readBuildStamp(dir))?.siteUrl
  if (builtFor === undefined || builtFor === siteUrl) return undefined
  return (
    `the site in ${dir} was built for ${builtFor}, not for SITE_URL ${siteUrl}: ` +
    `run \`npm run build\` with SITE_URL=${siteUrl}, then restart`
  )
}
