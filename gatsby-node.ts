import type { GatsbyNode } from 'gatsby'
import { createContentResolvers, createContentSchema } from './src/gatsby/content-schema'
import {
  createContentPages,
  writeContentSiteMap,
  writePageAliases,
} from './src/gatsby/create-pages'
import { createWidgetFirstStepPages } from './src/gatsby/create-pages/widget'
import { fixLocalizedPages } from './src/gatsby/localized-pages'
import { writeMatchPathsManifest } from './src/gatsby/match-paths-manifest'
import { sourceContentNodes } from './src/gatsby/source-nodes'
import { trimI18nBundle } from './src/gatsby/webpack-aliases'

export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] =
  createContentSchema
export const createResolvers: GatsbyNode['createResolvers'] = createContentResolvers
export const sourceNodes: GatsbyNode['sourceNodes'] = sourceContentNodes
export const createPages: GatsbyNode['createPages'] = async (args) => {
  await createContentPages(args)
  await createWidgetFirstStepPages(args)
}
export const onCreatePage: GatsbyNode['onCreatePage'] = fixLocalizedPages
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = trimI18nBundle

export const onPostBuild: GatsbyNode['onPostBuild'] = async (args) => {
  await writeMatchPathsManifest(args)
  await writeContentSiteMap(args)
  await writePageAliases(args)
}
