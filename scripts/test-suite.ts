import {
  STAGES,
  changedSinceRef,
  changedStage,
  runStage,
  runStages,
  selectStages,
  summary,
} from './test-stages'

/**
 * `npm test`: every stage of scripts/test-stages.ts, cheapest first, stopping at the first that
 * fails; the last lines name the failing stage and its failing tests (or type errors, or files).
 * Usage: tsx scripts/test-suite.ts [stage…]     only those stages (e.g. `lib typecheck`)
 *        tsx scripts/test-suite.ts --changed    jest on the files changed since origin/main or main
 *        tsx scripts/test-suite.ts --list       the stages and their commands
 */
async function main() {
  const args = process.argv.slice(2)
  if (args.includes('--list')) {
    STAGES.forEach((stage) => console.log(`${stage.name.padEnd(12)}${stage.command.join(' ')}`))
    return
  }
  const stages = args.includes('--changed') ? [changedStage(changedSinceRef())] : selectStages(args)
  const outcome = await runStages(stages, (stage) => {
    console.log(`\n▶ ${stage.name}: ${stage.command.join(' ')}`)
    return runStage(stage)
  })
  console.log('')
  summary(outcome, stages).forEach((line) => console.log(line))
  process.exitCode = outcome.failed ? 1 : 0
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
