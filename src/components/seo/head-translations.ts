/** The shape gatsby-plugin-react-i18next's page query returns for the page's language. */
export interface LocalesData {
  locales: { edges: { node: { ns: string; data: string; language: string } }[] }
}

/**
 * Gatsby's Head export renders outside the i18next provider, so it reads the page's messages from
 * the page query's data directly.
 */
export function headTranslator(
  data: LocalesData,
): (key: string, values?: Record<string, string>) => string {
  const messages: Record<string, string> = {}
  for (const { node } of data.locales.edges) {
    Object.assign(messages, JSON.parse(node.data) as Record<string, string>)
  }
  return (key, values = {}) =>
    (messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
