import { SURVEY } from '../../lib/forms/test-forms'
import { idFrom, problemsOf, renameField, renameOption, withText } from './definition-edit'

describe("the form editor's edits", () => {
  it('makes ids from labels as the schema allows them, unlike those taken', () => {
    expect(idFrom('Ihre E-Mail-Adresse?', new Set(), 'question')).toBe('ihre-e-mail-adresse')
    expect(idFrom('Café', new Set(['cafe', 'cafe-2']), 'question')).toBe('cafe-3')
    expect(idFrom('!!!', new Set(), 'question')).toBe('question')
    expect(idFrom('x'.repeat(100), new Set(), 'question')).toHaveLength(60)
  })

  it('keeps a language empty as none, and an optional text empty everywhere as none', () => {
    expect(withText({ en: 'Hi', de: 'Hallo' }, 'de', '', false)).toEqual({ en: 'Hi' })
    expect(withText(undefined, 'fr', 'Salut', true)).toEqual({ en: '', fr: 'Salut' })
    expect(withText({ en: 'Help' }, 'en', '', true)).toBeUndefined()
    expect(withText({ en: 'Label' }, 'en', '', false)).toEqual({ en: '' })
  })

  it('renames what rules refer to when a new field or option gets another id', () => {
    const renamed = renameField(SURVEY, 'why', 'reason')
    expect(renamed.rules![0]).toEqual({
      when: { field: 'rating', equals: 1 },
      then: { action: 'show', field: 'reason' },
    })
    const definition = {
      ...SURVEY,
      rules: [{ when: { field: 'topics', includes: 'back' }, then: { action: 'end' as const } }],
    }
    expect(renameOption(definition, 'topics', 'back', 'spine').rules![0]!.when).toEqual({
      field: 'topics',
      includes: 'spine',
    })
  })

  it("finds what the server's schemas and checks would refuse", () => {
    expect(problemsOf({ slug: 'ok', kind: 'survey', definition: SURVEY }, 'survey', true)).toEqual(
      [],
    )
    expect(problemsOf({ slug: 'ok', kind: 'form', definition: SURVEY }, 'form', true)).toEqual([
      { path: [], message: 'A form has one page; a survey has several' },
      { path: [], message: 'Only surveys jump between pages or end early' },
    ])
    expect(problemsOf({ slug: 'Bad slug' }, 'form', false)).toEqual([
      { path: ['slug'], message: 'must be lower-case letters, digits and -' },
    ])
  })
})
