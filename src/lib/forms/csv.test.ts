import { answerCell, csvCell, csvColumns, csvLine } from './csv'
import { SURVEY } from './test-forms'

describe('CSV export of responses', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', 'plain'].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
      'plain',
    ])
  })

  it('neutralises the full-width formula starters and a leading carriage return', () => {
    // Spreadsheets read U+FF1D and its kin as = + - @ (OWASP's list adds tab and carriage return).
    expect(['\uFF1DSUM(A1)', '\uFF0B1', '\uFF0D2', '\uFF20cmd', '\r=1'].map(csvCell)).toEqual([
      "'\uFF1DSUM(A1)",
      "'\uFF0B1",
      "'\uFF0D2",
      "'\uFF20cmd",
      '"\'\r=1"',
    ])
  })

  it('quotes commas, quotes and line breaks', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', '=1,2'])).toBe(
      '"a,b","say ""hi""","two\nlines","\'=1,2"\r\n',
    )
  })

  it('keeps a column for a field only an older version had, marked deleted', () => {
    const current = { ...SURVEY, pages: SURVEY.pages.slice(0, 1) }
    const columns = csvColumns([current, SURVEY])
    expect(columns.map((c) => c.label)).toEqual([
      'Your visit',
      'What went wrong?',
      'What did we treat?',
      'Recommend us? (deleted)',
      'E-mail (deleted)',
      'Phone (deleted)',
      'Age (deleted)',
      'Date (deleted)',
      'Come again? (deleted)',
      'Name (deleted)',
      'You may contact me (deleted)',
    ])
  })

  it('names choices by their labels, several joined with " | "', () => {
    const [, , topics] = csvColumns([SURVEY])
    expect(answerCell(topics!, ['back', 'neck'])).toBe('Back | =Neck')
    expect(csvCell(answerCell(topics!, ['neck']))).toBe("'=Neck")
    expect(answerCell(topics!, undefined)).toBe('')
  })
})
