import type { GatsbyNode } from 'gatsby'
import { createContentSchema } from './src/gatsby/content-schema'
import { createContentPages, writeContentSiteMap } from './src/gatsby/create-pages'
import { fixLocaleMatchPaths } from './src/gatsby/locale-match-paths'
import { writeMatchPathsManifest } from './src/gatsby/match-paths-manifest'
import { sourceContentNodes } from './src/gatsby/source-nodes'
import { trimI18nBundle } from './src/gatsby/webpack-aliases'

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] =
  createContentSchema
export const sourceNodes: GatsbyNode['sourceNodes'] = sourceContentNodes
export const createPages: GatsbyNode['createPages'] = createContentPages
export const onCreatePage: GatsbyNode['onCreatePage'] = fixLocaleMatchPaths
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = trimI18nBundle

export const onPostBuild: GatsbyNode['onPostBuild'] = async (args) => {
  await writeMatchPathsManifest(args)
  await writeContentSiteMap(args)
}
