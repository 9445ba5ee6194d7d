import fc from 'fast-check'
import { propertyRuns, propertyTimeout } from '../testing/properties'
import { precheckAnswers } from './answer-rules'
import { checkAnswers } from './answers'
import { FIELD_TYPES, type AnswerValue, type FormDefinition, type FormField } from './definition'
import { SURVEY } from './test-forms'

const options = [
  { id: 'a', label: { en: 'A' } },
  { id: 'b', label: { en: 'B' } },
  { id: 'c', label: { en: 'C' } },
]

/** One field of each type, required or not, with ranges and limits drawn. */
const field: fc.Arbitrary<FormField> = fc
  .record({
    kind: fc.constantFrom(...FIELD_TYPES),
    required: fc.boolean(),
    min: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }),
    span: fc.integer({ min: 0, max: 10 }),
    minSelections: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
    maxSelections: fc.option(fc.integer({ min: 2, max: 3 }), { nil: undefined }),
  })
  .map(({ kind, required, min, span, minSelections, maxSelections }) => {
    const base = { label: { en: kind }, required }
    switch (kind) {
      case 'number':
        return {
          ...base,
          id: 'f',
          type: kind,
          min,
          max: min === undefined ? undefined : min + span,
        }
      case 'singleChoice':
        return { ...base, id: 'f', type: kind, options }
      case 'multipleChoice':
        return { ...base, id: 'f', type: kind, options, minSelections, maxSelections }
      default:
        return { ...base, id: 'f', type: kind }
    }
  })

const answer: fc.Arbitrary<AnswerValue | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('', '  ', 'Wrist', ' ana@example.com ', 'bo@', '+49 30 901820', '12', 'a', 'd'),
  fc.constantFrom('2030-02-30', '1799-12-31', '1800-01-01', '2030-03-05', '\0', '\uD800'),
  fc.string({ maxLength: 8 }),
  fc.string({ minLength: 495, maxLength: 5010 }),
  fc.integer({ min: -20, max: 20 }),
  fc.constantFrom(0.5, Number.NaN, 1e20, Infinity),
  fc.boolean(),
  fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'a'), { maxLength: 4 }),
)

const definitionOf = (fields: FormField[]): FormDefinition => ({
  title: { en: 'Intake' },
  pages: [{ id: 'p', fields: fields.map((f, index) => ({ ...f, id: `f${index}` })) }],
})

const RUNS = 400

describe("the booking widget's check of intake answers, without joi", () => {
  it(
    'refuses only what the server refuses, with the message it gives for that field',
    () => {
      let refused = 0
      fc.assert(
        fc.property(fc.array(fc.tuple(field, answer), { minLength: 1, maxLength: 4 }), (drawn) => {
          const definition = definitionOf(drawn.map(([f]) => f))
          const answers = Object.fromEntries(
            drawn.flatMap(([, value], index) =>
              value === undefined ? [] : [[`f${index}`, value]],
            ),
          )
          const light = precheckAnswers(definition, answers).errors
          const server = checkAnswers(definition, answers).errors
          if (Object.keys(light).length > 0) refused++
          for (const [id, message] of Object.entries(light)) {
            expect({ id, message: server[id] }).toEqual({ id, message })
          }
        }),
        propertyRuns(RUNS, 330036),
      )
      expect(refused).toBeGreaterThan(propertyRuns(RUNS, 0).numRuns / 4)
    },
    propertyTimeout(60_000, RUNS),
  )

  it('keeps the answers the server stores, for the questions the rules ask', () => {
    const answers = { rating: 5, why: ' skipped ', score: 9, ok: true }
    expect(precheckAnswers(SURVEY, answers)).toEqual(checkAnswers(SURVEY, answers))
    const low = { rating: 1, why: ' Too long a wait ', topics: ['back'], name: ' Ana ', ok: true }
    expect(precheckAnswers(SURVEY, low)).toEqual(checkAnswers(SURVEY, low))
    expect(precheckAnswers(SURVEY, { rating: 1, ok: false }).errors).toEqual({
      why: 'This field is required.',
      ok: 'This field is required.',
    })
  })
})
