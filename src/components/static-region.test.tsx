import { act, fireEvent, render, screen } from '@testing-library/react'
import { navigate } from 'gatsby'
import { hydrateRoot } from 'react-dom/client'
import { setHydratingServedPage } from './hydrating-served-page'
import { StaticRegion } from './static-region'

let renders = 0

/** Stands for the hours and prices: counts how often React renders it. */
function Hours({ text }: { text: string }) {
  renders++
  return (
    <p>
      {text} <a href="/en/privacy/">Privacy</a> <a href="mailto:desk@example.com">Mail</a>
    </p>
  )
}

/** What the build renders of `footer(text)` (react-dom/server). */
const built = (text: string) =>
  `<footer class="site-footer"><p>${text}<!-- --> <a href="/en/privacy/">Privacy</a> <a href="mailto:desk@example.com">Mail</a></p></footer>`

const footer = (text: string) => (
  <StaticRegion as="footer" className="site-footer">
    <Hours text={text} />
  </StaticRegion>
)

beforeEach(() => {
  renders = 0
  jest.mocked(navigate).mockClear()
})
afterEach(() => setHydratingServedPage(false))

/** Hydrates `html` as a built page is hydrated, with what React reports as recoverable. */
async function hydrate(html: string, element: React.ReactElement) {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const recoverable: unknown[] = []
  setHydratingServedPage(true)
  await act(async () => {
    hydrateRoot(container, element, { onRecoverableError: (error) => recoverable.push(error) })
  })
  setHydratingServedPage(false)
  return { container, recoverable }
}

describe('a static region', () => {
  it('renders its children when not hydrating a built page (the build, client-side navigation)', () => {
    render(footer('Monday 8:30 AM'))
    expect(screen.getByText(/Monday 8:30 AM/)).toBeInTheDocument()
    expect(renders).toBe(1)
  })

  it('keeps the built HTML when the served page hydrates, without rendering its children', async () => {
    const html = built('Monday 8:30 AM')
    // What the browser would render differs: had React hydrated the children, it would say so.
    const { container, recoverable } = await hydrate(html, footer('Montag 08:30'))
    expect(renders).toBe(0)
    expect(recoverable).toEqual([])
    expect(container.innerHTML).toBe(html)
  })

  it('sends a plain click on a kept link of the site through the router', async () => {
    const { container } = await hydrate(built('Monday'), footer('Monday'))
    const privacy = container.querySelector('a[href="/en/privacy/"]') as HTMLAnchorElement
    expect(fireEvent.click(privacy)).toBe(false)
    expect(navigate).toHaveBeenCalledWith('/en/privacy/')

    jest.mocked(navigate).mockClear()
    expect(fireEvent.click(privacy, { ctrlKey: true })).toBe(true)
    const mail = container.querySelector('a[href^="mailto:"]') as HTMLAnchorElement
    // jsdom does not follow mailto: links; the router must not be asked to.
    mail.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(mail)
    expect(navigate).not.toHaveBeenCalled()
  })
})
