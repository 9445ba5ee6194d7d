import os from 'node:os'
import path from 'node:path'
import {
  root,
  runStage,
  selectStages,
  slowestFiles,
  type StageResult,
} from '../scripts/test-stages'

/**
 * Times every stage of `npm test` (or those named), running each even when one before failed,
 * and prints each stage's seconds and share of the whole, then the ten slowest files of each
 * jest runner with their share of that runner's file time (files run in parallel, so a runner's
 * file time exceeds its wall time). A test that makes the suite slow shows up here when added.
 * Usage: tsx bench/test-suite.ts [stage…] [--root DIR]
 * `--root` runs the stages in another checkout (say an older commit's) to compare in one run.
 */
async function main() {
  const args = process.argv.slice(2)
  const rootAt = args.indexOf('--root')
  const cwd = rootAt >= 0 ? path.resolve(args.splice(rootAt, 2)[1] ?? '.') : root
  const stages = selectStages(args)
  const results: StageResult[] = []
  for (const stage of stages) {
    console.log(`\n▶ ${stage.name}: ${stage.command.join(' ')} (in ${cwd})`)
    results.push(await runStage(stage, cwd))
  }
  const total = results.reduce((sum, result) => sum + result.seconds, 0)
  const percent = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`
  const lines = [
    '',
    `Stages (${total.toFixed(0)} s in all, on ${os.availableParallelism()} cores):`,
    ...results.map(
      (result) =>
        `  ${result.stage.name.padEnd(12)}${result.seconds.toFixed(1).padStart(7)} s` +
        `${percent(result.seconds / total)}${result.code === 0 ? '' : `  FAILED (exit ${result.code})`}`,
    ),
  ]
  for (const result of results) {
    if (!result.report) continue
    const files = result.report.testResults.length
    lines.push('', `Slowest files of ${result.stage.name} (${files} files):`)
    for (const file of slowestFiles(result.report, 10, cwd)) {
      lines.push(`  ${file.seconds.toFixed(1).padStart(7)} s${percent(file.share)}  ${file.file}`)
    }
  }
  lines.forEach((line) => console.log(line))
  process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
