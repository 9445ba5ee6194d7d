/**
 * Whether React is hydrating HTML the build rendered: set by gatsby-browser around the first
 * render of a built page (`gatsby develop` renders instead, so it never sets it). Its own module,
 * so that gatsby-browser (in every page's app.js) does not import the components that read it.
 */
let hydrating = false

export function setHydratingServedPage(value: boolean): void {
  hydrating = value
}

export const isHydratingServedPage = (): boolean => hydrating
