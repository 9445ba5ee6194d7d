import { definitionProblems, type FormDefinition } from './definition'
import { formDefinitionSchema } from './definition-schema'
import { SURVEY } from './test-forms'

const withRules = (rules: FormDefinition['rules']): FormDefinition => ({ ...SURVEY, rules })

describe('form definitions', () => {
  it('accepts the test survey', () => {
    expect(formDefinitionSchema.validate(SURVEY).error).toBeUndefined()
    expect(definitionProblems(SURVEY)).toEqual([])
  })

  it('refuses rules that could send a visitor round in a circle', () => {
    expect(
      definitionProblems(
        withRules([
          { when: { field: 'score', equals: 0 }, then: { action: 'jump', page: 'visit' } },
        ]),
      ),
    ).toEqual(['The rules can send a visitor round in a circle: visit → more → visit'])
    expect(
      definitionProblems(
        withRules([
          { when: { field: 'rating', equals: 3 }, then: { action: 'jump', page: 'visit' } },
        ]),
      ),
    ).toEqual(['The rules can send a visitor round in a circle: visit → visit'])
  })

  it('names rules that refer to fields, options or pages that do not exist', () => {
    expect(
      definitionProblems(
        withRules([
          { when: { field: 'nope', equals: 1 }, then: { action: 'end' } },
          { when: { field: 'again', equals: 'maybe' }, then: { action: 'end' } },
          { when: { field: 'topics', includes: 'hip' }, then: { action: 'hide', field: 'gone' } },
          { when: { field: 'rating', includes: 'x' }, then: { action: 'jump', page: 'nowhere' } },
        ]),
      ),
    ).toEqual([
      'Rule 1 depends on an unknown field "nope"',
      'Rule 2: "again" has no option "maybe"',
      'Rule 3: "topics" has no option "hip"',
      'Rule 3 hides an unknown field "gone"',
      'Rule 4: "includes" applies to multiple-choice fields only',
      'Rule 4 jumps to an unknown page "nowhere"',
    ])
  })

  it('refuses repeated ids, a missing English text and options on a text field', () => {
    const repeated = {
      ...SURVEY,
      pages: [SURVEY.pages[0]!, { id: 'again', fields: [SURVEY.pages[0]!.fields[0]!] }],
    }
    expect(definitionProblems(repeated)).toContain('Field ids must be unique across the form')
    expect(
      formDefinitionSchema.validate({ title: { de: 'Nur Deutsch' }, pages: SURVEY.pages }).error
        ?.message,
    ).toBe('"title.en" is required')
    const textWithOptions = {
      title: { en: 'x' },
      pages: [
        { id: 'p', fields: [{ id: 'a', type: 'shortText', label: { en: 'A' }, options: [] }] },
      ],
    }
    expect(formDefinitionSchema.validate(textWithOptions).error?.message).toBe(
      '"pages[0].fields[0].options" is not allowed',
    )
  })
})
