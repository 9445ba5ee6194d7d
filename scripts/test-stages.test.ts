import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  changedSinceRef,
  failuresOf,
  root,
  runStage,
  runStages,
  selectStages,
  slowestFiles,
  STAGES,
  summary,
  type JestReport,
  type Stage,
  type StageResult,
} from './test-stages'

const stage = (name: string, jest = false): Stage => ({ name, command: ['true'], jest })
const result = (of: Stage, code: number, extra: Partial<StageResult> = {}): StageResult => ({
  stage: of,
  code,
  seconds: 1.4,
  output: '',
  ...extra,
})

const report: JestReport = {
  testResults: [
    {
      name: path.join(root, 'server/a.test.ts'),
      status: 'failed',
      message: '',
      startTime: 0,
      endTime: 1,
      assertionResults: [
        { fullName: 'a keeps b', status: 'passed' },
        { fullName: 'a refuses c', status: 'failed' },
      ],
    },
    {
      name: path.join(root, 'server/b.test.ts'),
      status: 'failed',
      message: '  ● Test suite failed to run\n\n    Cannot find module "./gone"\n',
      startTime: 0,
      endTime: 1,
      assertionResults: [],
    },
    {
      name: path.join(root, 'server/c.test.ts'),
      status: 'passed',
      message: '',
      startTime: 0,
      endTime: 1,
      assertionResults: [{ fullName: 'c works', status: 'passed' }],
    },
  ],
}

describe('the stages of npm test', () => {
  it('runs each stage once, in the order of their measured cost', () => {
    expect(STAGES.map((each) => each.name)).toEqual([
      'lib',
      'prettier',
      'eslint',
      'typecheck',
      'components',
      'server',
      'e2e',
    ])
  })

  it('selects stages by name in the suite order, and refuses a name it does not know', () => {
    expect(selectStages(['e2e', 'lib']).map((each) => each.name)).toEqual(['lib', 'e2e'])
    expect(selectStages([])).toEqual(STAGES)
    expect(() => selectStages(['unit'])).toThrow(
      /^No stage named unit; the stages are lib, prettier, /,
    )
  })

  it('stops at the first stage that fails and ends with its failing tests', async () => {
    const [lint, server, e2e] = [stage('lint'), stage('server', true), stage('e2e', true)]
    const ran: string[] = []
    const outcome = await runStages([lint, server, e2e], async (each) => {
      ran.push(each.name)
      return result(each, each === server ? 1 : 0, each === server ? { report } : {})
    })
    expect(ran).toEqual(['lint', 'server'])
    expect(summary(outcome, [lint, server, e2e])).toEqual([
      'Stages run: lint 1 s, server 1 s; not run: e2e',
      'Stage "server" failed (exit 1):',
      '  server/a.test.ts › a refuses c',
      '  server/b.test.ts (Cannot find module "./gone")',
    ])
  })

  it('says every stage passed, and how long each took', async () => {
    const outcome = await runStages([stage('lib'), stage('e2e')], async (each) => result(each, 0))
    expect(summary(outcome, [stage('lib'), stage('e2e')])).toEqual([
      'All 2 stages passed in 3 s: lib 1 s, e2e 1 s',
    ])
  })

  it('names the type errors, the files eslint and prettier complain of, or the last lines', () => {
    const failing = (output: string) => failuresOf(result(stage('x'), 2, { output }))
    expect(
      failing(
        "server/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n" +
          'Found 1 error.\n',
      ),
    ).toEqual(["server/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'."])
    expect(
      failing(
        '\n/work/x/server/a.ts\n  3:7  error  Unexpected any  @typescript-eslint/no-explicit-any\n\n' +
          '✖ 1 problem (1 error, 0 warnings)\n',
      ),
    ).toEqual([
      '/work/x/server/a.ts',
      '  3:7  error  Unexpected any  @typescript-eslint/no-explicit-any',
    ])
    expect(
      failing(
        'Checking formatting...\n[warn] server/a.ts\n' +
          '[warn] Code style issues found in the above file. Run Prettier with --write to fix.\n',
      ),
    ).toEqual(['[warn] server/a.ts'])
    expect(failing('one\ntwo\n')).toEqual(['one', 'two'])
  })

  it('runs a command of node_modules/.bin, keeping its output and exit code', async () => {
    const ran = await runStage({
      name: 'x',
      command: ['tsx', '-e', 'console.log("said " + process.env.STAGE_SAYS); process.exit(3)'],
      env: { STAGE_SAYS: 'hello' },
    })
    expect(ran).toMatchObject({ code: 3, output: 'said hello\n' })
    expect(ran.seconds).toBeGreaterThan(0)
  }, 20_000)
})

describe('the slowest test files', () => {
  it('lists the longest first with their share of the time of all the files', () => {
    const timed = (name: string, seconds: number) => ({
      name: path.join(root, name),
      status: 'passed',
      message: '',
      startTime: 1_000,
      endTime: 1_000 + seconds * 1000,
      assertionResults: [],
    })
    const files = {
      testResults: [timed('a.test.ts', 1), timed('b.test.ts', 6), timed('c.test.ts', 3)],
    }
    expect(slowestFiles(files, 2)).toEqual([
      { file: 'b.test.ts', seconds: 6, share: 0.6 },
      { file: 'c.test.ts', seconds: 3, share: 0.3 },
    ])
  })
})

describe('npm run test:changed', () => {
  let repo: string
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' })

  beforeEach(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'changed-since-'))
    git('init', '--quiet', '--initial-branch=main')
    git(
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'x',
    )
  })
  afterEach(() => fs.rmSync(repo, { recursive: true, force: true }))

  it("compares with origin/main on a clone, else with the local main, else says what's missing", () => {
    expect(changedSinceRef(repo)).toBe('main')
    git('update-ref', 'refs/remotes/origin/main', 'HEAD')
    expect(changedSinceRef(repo)).toBe('origin/main')
    git('update-ref', '-d', 'refs/remotes/origin/main')
    git('branch', '-m', 'main', 'work')
    expect(() => changedSinceRef(repo)).toThrow('Neither origin/main nor main exists')
  })
})
