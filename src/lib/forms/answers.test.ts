import { checkAnswers } from './answers'
import { SURVEY } from './test-forms'

const complete = { rating: 4, topics: ['back'], ok: true }

describe('answers to a form, as the widget and the server check them', () => {
  it('keeps the answers to the fields asked, trimmed, and drops the others', () => {
    expect(checkAnswers(SURVEY, { ...complete, name: '  Ana ', why: 'hidden' })).toEqual({
      value: { ...complete, name: 'Ana' },
      errors: {},
    })
  })

  it('says "This field is required." for a required field left empty', () => {
    expect(checkAnswers(SURVEY, { topics: ['back'], ok: true }).errors).toEqual({
      rating: 'This field is required.',
    })
    expect(
      checkAnswers(SURVEY, { rating: 1, topics: ['knee'], ok: true, why: '  ' }).errors,
    ).toEqual({ why: 'This field is required.' })
  })

  it('needs required consent given', () => {
    expect(checkAnswers(SURVEY, { ...complete, ok: false }).errors).toEqual({
      ok: 'This field is required.',
    })
  })

  it('counts the choices of a multiple choice', () => {
    expect(checkAnswers(SURVEY, { ...complete, topics: [] }).errors).toEqual({})
    const tooMany = checkAnswers(SURVEY, { ...complete, topics: ['back', 'knee', 'neck'] })
    expect(tooMany.errors).toEqual({ topics: 'Please choose at most 2 options' })
    const required = {
      ...SURVEY,
      pages: [
        {
          ...SURVEY.pages[0]!,
          fields: SURVEY.pages[0]!.fields.map((f) =>
            f.id === 'topics' ? { ...f, required: true } : f,
          ),
        },
        ...SURVEY.pages.slice(1),
      ],
    }
    expect(checkAnswers(required, { rating: 4, ok: true }).errors).toEqual({
      topics: 'Please choose at least one option',
    })
    expect(checkAnswers(SURVEY, { ...complete, topics: ['hip'] }).errors.topics).toMatch(
      /must be one of/,
    )
  })

  it('checks e-mail, phone, numbers, scores, dates and choices by type', () => {
    const { errors } = checkAnswers(SURVEY, {
      rating: 3,
      ok: true,
      email: 'not-an-email',
      phone: '12',
      age: 130,
      score: 11,
      when: '2026-02-30',
      again: 'maybe',
    })
    expect(errors).toEqual({
      email: 'Email is invalid!',
      phone: 'Invalid phone number',
      age: 'Please enter a number from 0 to 120',
      score: 'Please enter a number from 0 to 10',
      when: 'Invalid date',
      again: '"again" must be one of [yes, no]',
    })
    expect(checkAnswers(SURVEY, { ...complete, rating: 6 }).errors).toEqual({
      rating: 'Please enter a number from 1 to 5',
    })
  })

  it('refuses unknown field ids and answers that are not an object', () => {
    expect(checkAnswers(SURVEY, { ...complete, extra: 'x' }).errors).toEqual({
      extra: '"extra" is not allowed',
    })
    expect(checkAnswers(SURVEY, ['x']).errors).toEqual({ _: '"answers" must be an object' })
  })
})
