/*
 * What the site and gatsby-plugin-react-i18next use of react-i18next, from its ES modules, so the
 * browser bundle keeps only these (webpack-aliases.ts). Reached by relative path, as the
 * package's exports map does not list them. A new need is added here; a missing one fails the
 * build ("export ... was not found").
 */
export { I18nextProvider } from '../../node_modules/react-i18next/dist/es/I18nextProvider.js'
export { initReactI18next } from '../../node_modules/react-i18next/dist/es/initReactI18next.js'
export { useTranslation } from '../../node_modules/react-i18next/dist/es/useTranslation.js'
