/**
 * npm run test:changed: the quick loop while changing code. Runs the Vitest test files changed since the last commit
 * and those beside each changed file (its folder's tests, on both databases), then the end-to-end spec files
 * changed, if any, after a build. With --related it runs instead every Vitest test that imports a changed file,
 * which for a shared rule or a module the app wires in is most of the suite. It is no substitute for npm test
 * before a commit.
 *   npm run test:changed                     changes since the last commit (staged, unstaged and new files)
 *   npm run test:changed -- main             changes since another commit or branch
 *   npm run test:changed -- --related        every test that imports what changed
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const say = (text: string) => process.stdout.write(`${text}\n`)

const related = process.argv.includes('--related')
const since = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'HEAD'
const VITEST_FILE = /\.test\.tsx?$/

function changedFiles(): string[] {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean)
  return [...new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')])]
}

function step(title: string, command: string, args: string[]) {
  say(`\n▶ ${title}: ${[command, ...args].join(' ')}`)
  const { status } = spawnSync(command, args, { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}

const files = changedFiles()
if (!files.length) {
  say(`Nothing has changed since ${since}.`)
  process.exit(0)
}

/** The changed test files, and the tests in the folder of each changed source file. */
function besideTheChanges(): string[] {
  const tests = new Set(files.filter((file) => VITEST_FILE.test(file)))
  for (const file of files.filter((file) => /\.tsx?$/.test(file) && !VITEST_FILE.test(file) && !file.startsWith('e2e/'))) {
    const folder = path.dirname(file)
    let names: string[] = []
    try {
      names = readdirSync(folder)
    } catch {
      continue // a deleted folder
    }
    for (const name of names) if (VITEST_FILE.test(name)) tests.add(path.join(folder, name))
  }
  return [...tests]
}

if (related) step('Vitest, every test that imports what changed', 'npx', ['vitest', 'run', '--changed', since, '--passWithNoTests'])
else {
  const tests = besideTheChanges()
  if (tests.length) step('Vitest, the tests beside the changes', 'npx', ['vitest', 'run', ...tests])
  else say('\nNo Vitest test is beside the changes.')
}

const specs = files.filter((file) => /^e2e\/.+\.spec\.ts$/.test(file))
if (specs.length) {
  step('the build, for the end-to-end tests', 'npm', ['run', 'build', '--silent'])
  step('the end-to-end spec files changed', 'npx', ['playwright', 'test', ...specs])
} else say('\nNo end-to-end spec file has changed: npm test runs them all.')
