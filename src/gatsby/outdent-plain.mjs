/*
 * gatsby-plugin-react-i18next imports outdent (1.1 KB gzip on every page) only to indent one
 * console message, about a page without translations, which this site never builds (every page
 * queries its locale). The message keeps its indentation instead (webpack-aliases.ts).
 */
export default function outdent(strings, ...values) {
  return strings.reduce((text, part, index) => text + values[index - 1] + part)
}
