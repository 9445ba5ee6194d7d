import type { ReactNode } from 'react'

export const graphql = () => ''

export function Link({ to, children, ...rest }: { to: string; children: ReactNode }) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  )
}

export const navigate = jest.fn()

/** Components under test see a site without content, unless a test gives its own. */
export const useStaticQuery = jest.fn(() => ({ contentSite: null, allContentPage: { nodes: [] } }))
