/*
 * What gatsby-plugin-react-i18next's page wrapper uses of `gatsby`, as an ES module
 * (webpack-aliases.ts): its CommonJS require took the whole browser entry, gatsby-script and all,
 * which webpack cannot trim.
 */
export { withPrefix } from 'gatsby'
