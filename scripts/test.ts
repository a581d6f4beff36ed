/**
 * npm test: every check and every suite, in stages (docs/speed.md, "The test run").
 *   1. the two type checks (server and web), lint, the format check and the build, at once: none needs another's output;
 *   2. Vitest (unit, API on PGlite, API on PostgreSQL), which the process tests need the build for;
 *   3. the end-to-end tests. Each suite keeps two cores busy on its own: run side by side they took as long in all,
 *      and their timings were less steady.
 * The output of steps side by side is printed whole as each ends, so they never interleave (a step alone shows its
 * output as it comes); a stage with a failed step ends the run after the stage, with the failed steps named; the
 * times of every step are printed at the end.
 *   npm test                      everything
 *   npm test -- --only vitest     the steps named (typecheck, typecheck-web, lint, format, build, vitest, e2e), comma-separated
 */
import { spawn } from 'node:child_process'

const say = (text: string) => process.stdout.write(`${text}\n`)
import { parseArgs } from 'node:util'

interface Step {
  name: string
  command: string
}

const STAGES: Step[][] = [
  [
    // `npm run typecheck`'s two programs as two steps, so that the longer one is not also waited for after the other.
    { name: 'typecheck', command: 'npx tsc -p tsconfig.json' },
    { name: 'typecheck-web', command: 'npm run typegen -w @salon/web && npx tsc -p apps/web/tsconfig.json' },
    { name: 'lint', command: 'npm run lint' },
    { name: 'format', command: 'npm run format:check' },
    { name: 'build', command: 'npm run build' },
  ],
  [{ name: 'vitest', command: 'npx vitest run' }],
  [{ name: 'e2e', command: 'npx playwright test' }],
]

interface Result {
  name: string
  ok: boolean
  seconds: number
}

/** Runs a step; its output is kept to be printed whole when it ends, or, for a step running alone, shown as it comes. */
function run(step: Step, alone: boolean): Promise<Result & { output: string }> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } })
    const chunks: Buffer[] = []
    const take = (chunk: Buffer) => (alone ? process.stdout.write(chunk) : chunks.push(chunk))
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    child.on('close', (code) =>
      resolve({ name: step.name, ok: code === 0, seconds: (performance.now() - started) / 1000, output: Buffer.concat(chunks).toString() }),
    )
  })
}

async function main() {
  const { values } = parseArgs({ options: { only: { type: 'string' } } })
  const only = values.only?.split(',').map((name) => name.trim())
  const known = STAGES.flat().map((step) => step.name)
  const unknown = only?.filter((name) => !known.includes(name)) ?? []
  if (unknown.length) {
    console.error(`No step is called ${unknown.join(', ')}: the steps are ${known.join(', ')}.`)
    process.exit(2)
  }

  const started = performance.now()
  const results: Result[] = []
  for (const stage of STAGES) {
    const steps = stage.filter((step) => !only || only.includes(step.name))
    if (!steps.length) continue
    say(`\n▶ ${steps.map((step) => step.name).join(', ')}`)
    const ended = await Promise.all(
      steps.map(async (step) => {
        const result = await run(step, steps.length === 1)
        say(`\n━━ ${step.name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(1)} s ━━\n${result.output.trimEnd()}`)
        return result
      }),
    )
    results.push(...ended)
    if (ended.some((result) => !result.ok)) break
  }

  const total = (performance.now() - started) / 1000
  const row = (name: string, time: string, result = '') => say(`${name.padEnd(14)} ${time.padStart(8)}  ${result}`.trimEnd())
  say('')
  row('Step', 'Time', 'Result')
  for (const result of results) row(result.name, `${result.seconds.toFixed(1)} s`, result.ok ? 'passed' : 'FAILED')
  row('all', `${total.toFixed(1)} s`)
  const failed = results.filter((result) => !result.ok)
  if (failed.length) {
    console.error(`\nFailed: ${failed.map((result) => result.name).join(', ')}`)
    process.exit(1)
  }
}

await main()
