import path from 'node:path'
import type { GatsbyNode } from 'gatsby'

const root = path.resolve(__dirname, '..', '..')

/**
 * Every page's first load carries the i18n runtime, and its CommonJS packaging kept far more of
 * it than the site uses: gatsby-plugin-react-i18next re-exports all of react-i18next (Trans, its
 * HTML parser, the HOCs and SSR helpers) and its own Link and navigation helpers, so webpack
 * could drop none of them; and the plugin's require() of i18next took its CommonJS build, which
 * minifies worse than the ES one. The aliases point both names at modules naming just what is
 * used, and i18next at its ES build (same version): 4.9 KB gzip off every page.
 */
export const trimI18nBundle: GatsbyNode['onCreateWebpackConfig'] = ({ actions }) => {
  actions.setWebpackConfig({
    resolve: {
      alias: {
        'react-i18next$': path.join(__dirname, 'react-i18next-used.mjs'),
        'gatsby-plugin-react-i18next$': path.join(
          __dirname,
          'gatsby-plugin-react-i18next-used.mjs',
        ),
        i18next$: path.join(root, 'node_modules', 'i18next', 'dist', 'esm', 'i18next.js'),
      },
    },
  })
}
