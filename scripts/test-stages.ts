import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const root = path.resolve(__dirname, '..')

/** One step of `npm test`: a command, and whether it reports as jest does (`--json`). */
export interface Stage {
  name: string
  /** A binary of node_modules/.bin and its arguments. */
  command: [string, ...string[]]
  env?: Record<string, string>
  jest?: boolean
}

// PGlite's WebAssembly is loaded with import(), which jest's sandbox allows only with this flag.
const JEST_ENV = { NODE_OPTIONS: '--experimental-vm-modules' }
const jestProject = (name: string): Stage => ({
  name,
  command: ['jest', '--selectProjects', name],
  env: JEST_ENV,
  jest: true,
})

/**
 * Every stage of `npm test`, cheapest first, so a broken test is reported in seconds rather than
 * after the stages before it. Measured with `npm run bench:test-suite` on two busy cores: lib
 * 19 s, prettier 25 s, eslint 39-48 s, typecheck 44-49 s, components 106 s, server 595 s, e2e
 * 795 s (its site build included). Reorder when the measurements change (README, "Tests").
 */
export const STAGES: readonly Stage[] = [
  jestProject('lib'),
  { name: 'prettier', command: ['prettier', '--check', '.'] },
  { name: 'eslint', command: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'typecheck', command: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  jestProject('components'),
  jestProject('server'),
  {
    name: 'e2e',
    command: ['jest', '--config', 'e2e/jest.config.js'],
    jest: true,
  },
]

/** The stages named, in the order of STAGES; every stage when none is. */
export function selectStages(names: readonly string[], stages = STAGES): Stage[] {
  const unknown = names.filter((name) => !stages.some((stage) => stage.name === name))
  if (unknown.length > 0) {
    throw new Error(
      `No stage named ${unknown.join(', ')}; the stages are ${stages.map((s) => s.name).join(', ')}`,
    )
  }
  return names.length === 0 ? [...stages] : stages.filter((stage) => names.includes(stage.name))
}

/**
 * The branch `npm run test:changed` compares with: origin/main on a clone, else a local main;
 * jest runs the tests of the files changed since, committed or not.
 */
export function changedSinceRef(cwd = root): string {
  for (const ref of ['origin/main', 'main']) {
    const found = spawnSync('git', ['rev-parse', '--verify', '--quiet', ref], { cwd })
    if (found.status === 0) return ref
  }
  throw new Error('Neither origin/main nor main exists to compare with: fetch or name a branch')
}

export function changedStage(ref: string): Stage {
  return { name: 'changed', command: ['jest', `--changedSince=${ref}`], env: JEST_ENV, jest: true }
}

/** What jest's `--json` writes, as far as this file reads it. */
export interface JestReport {
  testResults: {
    name: string
    status: string
    message: string
    startTime: number
    endTime: number
    assertionResults: { fullName: string; status: string }[]
  }[]
}

export interface StageResult {
  stage: Stage
  code: number
  seconds: number
  /** What the stage printed, for the stages that do not report as jest does. */
  output: string
  report?: JestReport
}

/** Runs one stage, printing as it goes; jest stages also leave their report. */
export async function runStage(stage: Stage, cwd = root): Promise<StageResult> {
  const [bin, ...args] = stage.command
  const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'test-stage-')), 'report.json')
  const started = performance.now()
  // Jest's own output goes straight to the terminal (with its colours); the others are kept.
  const child = spawn(
    path.join(cwd, 'node_modules', '.bin', bin),
    stage.jest ? [...args, '--json', `--outputFile=${reportFile}`] : args,
    {
      cwd,
      env: { ...process.env, ...stage.env },
      stdio: ['inherit', stage.jest ? 'inherit' : 'pipe', stage.jest ? 'inherit' : 'pipe'],
    },
  )
  let output = ''
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      ;(stream === child.stdout ? process.stdout : process.stderr).write(chunk)
    })
  }
  const code = await new Promise<number>((resolve) => {
    child.on('close', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
    child.on('error', () => resolve(127))
  })
  const seconds = (performance.now() - started) / 1000
  const report = fs.existsSync(reportFile)
    ? (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as JestReport)
    : undefined
  fs.rmSync(path.dirname(reportFile), { recursive: true, force: true })
  return { stage, code, seconds, output, ...(report ? { report } : {}) }
}

const MAX_LINES = 30

/**
 * What failed, a line each: the failing tests of a jest stage (or the file that did not run),
 * the errors of typecheck, the files eslint or prettier complained about.
 */
export function failuresOf(result: StageResult, cwd = root): string[] {
  const { report, output } = result
  if (report) {
    const failed = report.testResults.filter((file) => file.status === 'failed')
    const lines = failed.flatMap((file) => {
      const name = path.relative(cwd, file.name)
      const tests = file.assertionResults.filter((test) => test.status === 'failed')
      if (tests.length > 0) return tests.map((test) => `${name} › ${test.fullName}`)
      // The file failed outside its tests: it did not compile, or a hook or the time-out broke.
      const reason = file.message
        .split('\n')
        .map((line) => line.trim())
        .find((line) => line && !line.startsWith('●'))
      return [`${name}${reason ? ` (${reason})` : ''}`]
    })
    if (lines.length > 0) return lines.slice(0, MAX_LINES)
  }
  const lines = output.split('\n').map((line) => line.trimEnd())
  const found = lines.filter(
    (line) =>
      /\berror TS\d+:/.test(line) ||
      // eslint names each file on a line of its own, then its problems indented.
      /^\/\S+$/.test(line) ||
      /^\s+\d+:\d+\s+(error|warning)\s/.test(line) ||
      (/^\[warn\] /.test(line) && !/Code style issues|Run Prettier/.test(line)),
  )
  return (found.length > 0 ? found : lines.filter(Boolean).slice(-10)).slice(0, MAX_LINES)
}

export interface SuiteOutcome {
  results: StageResult[]
  failed?: StageResult
}

/** Runs the stages in order and stops at the first that fails. */
export async function runStages(
  stages: readonly Stage[],
  run: (stage: Stage) => Promise<StageResult> = (stage) => runStage(stage),
): Promise<SuiteOutcome> {
  const results: StageResult[] = []
  for (const stage of stages) {
    const result = await run(stage)
    results.push(result)
    if (result.code !== 0) return { results, failed: result }
  }
  return { results }
}

const seconds = (value: number) => `${Math.round(value)} s`

/** The closing lines: each stage's time, then what failed, so the last lines say what broke. */
export function summary(outcome: SuiteOutcome, stages: readonly Stage[], cwd = root): string[] {
  const times = outcome.results.map((result) => `${result.stage.name} ${seconds(result.seconds)}`)
  const total = outcome.results.reduce((sum, result) => sum + result.seconds, 0)
  const { failed } = outcome
  if (!failed) {
    return [`All ${outcome.results.length} stages passed in ${seconds(total)}: ${times.join(', ')}`]
  }
  const skipped = stages.slice(outcome.results.length).map((stage) => stage.name)
  return [
    `Stages run: ${times.join(', ')}${skipped.length > 0 ? `; not run: ${skipped.join(', ')}` : ''}`,
    `Stage "${failed.stage.name}" failed (exit ${failed.code}):`,
    ...failuresOf(failed, cwd).map((line) => `  ${line}`),
  ]
}

export interface FileTime {
  file: string
  seconds: number
  /** The file's part of the time all the runner's files took together. */
  share: number
}

/** The `count` test files of a jest report that took longest, with their share of the whole. */
export function slowestFiles(report: JestReport, count = 10, cwd = root): FileTime[] {
  const times = report.testResults.map((file) => ({
    file: path.relative(cwd, file.name),
    seconds: Math.max(0, file.endTime - file.startTime) / 1000,
  }))
  const total = times.reduce((sum, each) => sum + each.seconds, 0)
  return times
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((each) => ({ ...each, share: total > 0 ? each.seconds / total : 0 }))
}
