import type { AnswerValue, Answers, FormDefinition, FormField, RuleCondition } from './definition'

/** Whether a rule's condition holds for these answers (an unanswered field never matches). */
export function conditionHolds(when: RuleCondition, answers: Answers): boolean {
  const answer: AnswerValue | undefined = answers[when.field]
  if (answer === undefined) return false
  if (when.includes !== undefined) return Array.isArray(answer) && answer.includes(when.includes)
  return answer === when.equals
}

/**
 * The fields shown, for these answers. A field that a `show` rule targets starts hidden, every
 * other one shown; then the rules apply top-down, each matching one showing or hiding its field,
 * so a later rule has the last word.
 */
export function visibleFieldIds(definition: FormDefinition, answers: Answers): Set<string> {
  const rules = definition.rules ?? []
  const startHidden = new Set(
    rules.flatMap(({ then }) => (then.action === 'show' ? [then.field] : [])),
  )
  const visible = new Set(
    definition.pages
      .flatMap((page) => page.fields.map((f) => f.id))
      .filter((id) => !startHidden.has(id)),
  )
  for (const { when, then } of rules) {
    if (!conditionHolds(when, answers)) continue
    if (then.action === 'show') visible.add(then.field)
    if (then.action === 'hide') visible.delete(then.field)
  }
  return visible
}

/**
 * Where the visitor goes after page `index`: the first jump or end rule (top-down) whose condition
 * is answered on that page and holds, or else the next page; 'end' after the last one.
 */
export function nextPage(
  definition: FormDefinition,
  index: number,
  answers: Answers,
): number | 'end' {
  const page = definition.pages[index]
  const onPage = new Set(page?.fields.map((f) => f.id))
  for (const { when, then } of definition.rules ?? []) {
    if (!onPage.has(when.field) || !conditionHolds(when, answers)) continue
    if (then.action === 'end') return 'end'
    if (then.action === 'jump') {
      const target = definition.pages.findIndex((p) => p.id === then.page)
      if (target >= 0) return target
    }
  }
  return index + 1 < definition.pages.length ? index + 1 : 'end'
}

/**
 * The pages a visitor with these answers passes through, from the first. Saved definitions have
 * no circles (definitionProblems); the bound only keeps a bad one from looping.
 */
export function visitedPages(definition: FormDefinition, answers: Answers): number[] {
  const visited: number[] = []
  for (let page: number | 'end' = 0; page !== 'end'; page = nextPage(definition, page, answers)) {
    if (visited.includes(page)) break
    visited.push(page)
  }
  return visited
}

/** The fields a visitor with these answers is asked: those shown on the pages they pass. */
export function askedFields(definition: FormDefinition, answers: Answers): FormField[] {
  const visible = visibleFieldIds(definition, answers)
  return visitedPages(definition, answers).flatMap((index) =>
    (definition.pages[index]?.fields ?? []).filter((f) => visible.has(f.id)),
  )
}
