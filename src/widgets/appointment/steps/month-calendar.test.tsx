import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MonthCalendar } from './month-calendar'

function renderCalendar(selectedDay: string | null, availableDays: string[]) {
  render(
    <MonthCalendar
      month="2030-03"
      firstMonth="2030-03"
      lastMonth="2030-06"
      selectedDay={selectedDay}
      availableDays={new Set(availableDays)}
      languageTag="en-US"
      onMonthChange={() => undefined}
      onSelectDay={() => undefined}
    />,
  )
}

// Regression: Tab entered the grid at the 1st, so reaching the 27th took 26 arrow presses.
describe('MonthCalendar keyboard entry', () => {
  it('lets Tab land on the first day with times when no day is chosen', async () => {
    renderCalendar(null, ['2030-03-27', '2030-03-28'])
    await userEvent.tab()
    await userEvent.tab()
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Wednesday, March 27, times available' }),
    )
  })

  it('lets Tab land on the chosen day, even before the first day with times', async () => {
    renderCalendar('2030-03-12', ['2030-03-27'])
    await userEvent.tab()
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tuesday, March 12' }))
  })

  it('keeps exactly one day in the tab order', () => {
    renderCalendar(null, ['2030-03-27'])
    const reachable = screen
      .getAllByRole('button')
      .filter((button) => button.dataset.date && button.tabIndex === 0)
    expect(reachable.map((button) => button.dataset.date)).toEqual(['2030-03-27'])
  })

  it('falls back to the 1st in a month without times', () => {
    renderCalendar(null, [])
    expect(screen.getByRole('button', { name: 'Friday, March 1' })).toHaveAttribute('tabindex', '0')
  })
})
