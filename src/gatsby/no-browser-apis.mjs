/*
 * Stands in, in the production browser bundle, for Gatsby's internal Partytown plugin's
 * gatsby-browser.js (webpack-aliases.ts). Its only browser API returns at once outside
 * `gatsby develop`, yet its CommonJS require of gatsby-script and of Partytown's snippet kept
 * both on every page's first load. Exporting no API, the plugin is skipped by the API runner.
 */
export {}
