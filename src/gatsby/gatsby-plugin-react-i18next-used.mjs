/*
 * What the site imports from gatsby-plugin-react-i18next (webpack-aliases.ts): its index would
 * bring all of react-i18next, the plugin's Link and its navigation helpers. A new need is added
 * here; a missing one fails the build ("export ... was not found").
 */
export { useTranslation } from 'react-i18next'
export { I18nextContext } from '../../node_modules/gatsby-plugin-react-i18next/dist/i18nextContext.js'
