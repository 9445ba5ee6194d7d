import { askedFields, nextPage, visibleFieldIds, visitedPages } from './rules'
import { SURVEY } from './test-forms'

const ids = (fields: { id: string }[]) => fields.map((f) => f.id)

describe('survey rules, top-down', () => {
  it('shows a field a show rule targets only while its condition holds', () => {
    expect(visibleFieldIds(SURVEY, {}).has('why')).toBe(false)
    expect(visibleFieldIds(SURVEY, { rating: 2 }).has('why')).toBe(true)
    expect(visibleFieldIds(SURVEY, { rating: 3 }).has('why')).toBe(false)
  })

  it('lets a later rule have the last word', () => {
    const survey = {
      ...SURVEY,
      rules: [
        ...SURVEY.rules!,
        {
          when: { field: 'topics', includes: 'back' },
          then: { action: 'hide', field: 'why' },
        } as const,
      ],
    }
    expect(visibleFieldIds(survey, { rating: 1 }).has('why')).toBe(true)
    expect(visibleFieldIds(survey, { rating: 1, topics: ['back'] }).has('why')).toBe(false)
  })

  it('jumps past a page, or goes on to the next one, and ends after the last', () => {
    expect(nextPage(SURVEY, 0, { rating: 5 })).toBe(2)
    expect(nextPage(SURVEY, 0, { rating: 4 })).toBe(1)
    expect(nextPage(SURVEY, 2, {})).toBe('end')
    expect(visitedPages(SURVEY, { rating: 5 })).toEqual([0, 2])
    expect(ids(askedFields(SURVEY, { rating: 5 }))).toEqual(['rating', 'topics', 'ok'])
    expect(ids(askedFields(SURVEY, { rating: 1 }))).toEqual([
      'rating',
      'why',
      'topics',
      'score',
      'email',
      'phone',
      'age',
      'when',
      'again',
      'name',
      'ok',
    ])
  })

  it('ends the survey where an end rule says', () => {
    const survey = {
      ...SURVEY,
      rules: [{ when: { field: 'rating', equals: 1 }, then: { action: 'end' } } as const],
    }
    expect(visitedPages(survey, { rating: 1 })).toEqual([0])
  })
})
