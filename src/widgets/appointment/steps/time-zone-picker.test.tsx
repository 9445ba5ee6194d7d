import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextContext } from 'gatsby-plugin-react-i18next'
import { timeZoneAtom } from '../state'
import { flowStore, renderWithStore } from '../test-support'
import { TimeZonePicker } from './time-zone-picker'

// 06:45 UTC: 15:45 in Tokyo. The list shows each zone's time now; the test fixes now.
const NOW = Date.UTC(2030, 2, 1, 6, 45)
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW))
afterEach(() => jest.restoreAllMocks())

function setup(language = 'en') {
  const store = flowStore({ staff: 'any' })
  renderWithStore(
    store,
    <I18nextContext.Provider
      value={{
        language,
        languages: [language],
        routed: true,
        defaultLanguage: 'en',
        generateDefaultLanguagePage: false,
        originalPath: '/',
        path: '/',
      }}
    >
      <TimeZonePicker />
    </I18nextContext.Provider>,
  )
  return { store, field: screen.getByRole('combobox', { name: 'Time zone' }) }
}

/**
 * Puts `text` in the field at once: each typed letter searches every zone again, and typed letter
 * by letter a long name outlasted the test's time on a busy machine.
 */
async function search(field: HTMLElement, text: string) {
  await userEvent.clear(field)
  await userEvent.click(field)
  await userEvent.paste(text)
}

// Regression: only raw zone names were accepted, so 'Tokyo' then Tab said "No Timezone found!".
describe('TimeZonePicker search', () => {
  it('takes the city a visitor types when they Tab away', async () => {
    const { store, field } = setup()
    await search(field, 'Tokyo')
    await userEvent.tab()
    expect(store.get(timeZoneAtom)).toBe('Asia/Tokyo')
    expect(field).toHaveValue('Asia/Tokyo')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('finds a zone by country and shows its current time', async () => {
    const { store, field } = setup()
    await search(field, 'Japan')
    const option = screen.getByRole('option', { name: 'Tokyo, Japan 3:45 PM' })
    expect(option).toHaveAttribute('aria-selected', 'true')
    expect(field).toHaveAttribute('aria-activedescendant', option.id)
    await userEvent.keyboard('{Enter}')
    expect(store.get(timeZoneAtom)).toBe('Asia/Tokyo')
  })

  it('finds a zone by its abbreviation', async () => {
    const { store, field } = setup()
    await search(field, 'JST')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tokyo, Japan 3:45 PM',
    ])
    await userEvent.tab()
    expect(store.get(timeZoneAtom)).toBe('Asia/Tokyo')
  })

  it("searches in the visitor's language: 'Tokio' and the country in German", async () => {
    const { store, field } = setup('de')
    await search(field, 'Tokio')
    expect(screen.getByRole('option', { name: 'Tokyo, Japan 15:45' })).toBeInTheDocument()
    await search(field, 'Vereinigte Staaten')
    expect(
      screen.getAllByRole('option', { name: /^.+, Vereinigte Staaten \d{1,2}:\d\d$/ }),
    ).toHaveLength(8)
    await userEvent.keyboard('{Escape}')
    expect(store.get(timeZoneAtom)).toBe('Europe/Berlin')
  })

  it('says "No Timezone found!" for text that finds no zone', async () => {
    const { store, field } = setup()
    await search(field, 'Mars/Olympus')
    await userEvent.tab()
    expect(screen.getByRole('alert')).toHaveTextContent(/^No Timezone found!$/)
    expect(field).toHaveValue('Mars/Olympus')
    expect(store.get(timeZoneAtom)).toBe('Europe/Berlin')
  })
})

describe('TimeZonePicker clock', () => {
  it('offers a 24-hour switch where the language uses both clocks', async () => {
    const { field } = setup('en')
    const switch24 = screen.getByRole('checkbox', { name: '24-hour clock' })
    expect(switch24).not.toBeChecked()
    await userEvent.click(switch24)
    await search(field, 'Tokyo')
    expect(screen.getByRole('option', { name: 'Tokyo, Japan 15:45' })).toBeInTheDocument()
    await userEvent.click(switch24)
    await search(field, 'Tokyo')
    expect(screen.getByRole('option', { name: 'Tokyo, Japan 3:45 PM' })).toBeInTheDocument()
  })

  it('offers no switch where the language has one clock (German: 24 hours)', () => {
    setup('de')
    expect(screen.queryByRole('checkbox', { name: '24-hour clock' })).toBeNull()
  })
})
