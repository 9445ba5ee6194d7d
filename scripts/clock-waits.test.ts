import fs from 'node:fs'
import path from 'node:path'
import { clockWaits, testFiles } from './clock-waits'

const root = path.resolve(__dirname, '..')

describe('waits on the wall clock in tests and journeys', () => {
  it('finds none longer than 5 s: a test moves a clock instead (or says why it cannot)', () => {
    const files = testFiles(root)
    expect(files).toEqual(expect.arrayContaining(['e2e/server-process.ts', 'server/fuzz.test.ts']))
    const waits = files.flatMap((file) =>
      clockWaits(file, fs.readFileSync(path.join(root, file), 'utf8')),
    )
    expect(waits).toEqual([])
  })

  it('finds a sleep, a setTimeout or a waitForTimeout of a literal or a constant over 5 s', () => {
    const source = [
      'const MINUTE = 60_000',
      'const EXPIRY_WAIT_MS = 1 * MINUTE + 45_000',
      'await new Promise((resolve) => setTimeout(resolve, 5_000))',
      'await new Promise((resolve) => setTimeout(resolve, 5_001))',
      'await page.waitForTimeout(EXPIRY_WAIT_MS)',
      'await sleep((MINUTE))',
      "await setTimeout(10_000) // from 'node:timers/promises'",
      'setTimeout(tick, ms)',
    ].join('\n')
    expect(clockWaits('x.test.ts', source)).toEqual([
      { file: 'x.test.ts', line: 4, ms: 5001 },
      { file: 'x.test.ts', line: 5, ms: 105_000 },
      { file: 'x.test.ts', line: 6, ms: 60_000 },
      { file: 'x.test.ts', line: 7, ms: 10_000 },
    ])
  })

  it('lets a wait through when a comment on its line or the line above gives the reason', () => {
    const source = [
      '// clock-wait-ok: the child process has a timer of its own',
      'await sleep(30_000)',
      'await sleep(30_000) // clock-wait-ok: the same',
      '// clock-wait-ok:',
      'await sleep(30_000)',
    ].join('\n')
    expect(clockWaits('x.test.ts', source)).toEqual([{ file: 'x.test.ts', line: 5, ms: 30_000 }])
  })

  it("does not take jest's time limit for a wait, but a timers' setTimeout still counts", () => {
    const source = ['jest.setTimeout(60_000)', 'await timers.setTimeout(30_000)'].join('\n')
    expect(clockWaits('x.test.ts', source)).toEqual([{ file: 'x.test.ts', line: 2, ms: 30_000 }])
  })
})
