import type { Page } from 'puppeteer-core'

/**
 * axe-core's rules on the page as it stands, as `rule: element, …` lines, of the given impacts
 * (all by default). The script is added to the page as it is, past the site's
 * Content-Security-Policy.
 */
export async function axeViolations(
  page: Page,
  impacts: string[] = ['minor', 'moderate', 'serious', 'critical'],
): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
  return page.evaluate(async (shown: string[]) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') }
    const { violations } = await axe.run(document)
    return violations
      .filter((violation) => shown.includes(violation.impact ?? 'minor'))
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
  }, impacts)
}
