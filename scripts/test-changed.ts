/**
 * npm run test:changed: the quick loop while changing code. Runs the Vitest tests that the working tree's changes
 * touch (files changed since the last commit, and the tests that import them, on both databases), then the
 * end-to-end spec files changed, if any, after a build. It is no substitute for npm test before a commit: a change
 * to the web app or the server is tested end to end only by the whole run.
 *   npm run test:changed                 changes since the last commit (staged, unstaged and new files)
 *   npm run test:changed -- main         changes since another commit or branch
 */
import { execFileSync, spawnSync } from 'node:child_process'

const say = (text: string) => process.stdout.write(`${text}\n`)

const since = process.argv[2] ?? 'HEAD'

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

// Vitest follows the imports from each changed file to the tests that use it.
step('Vitest, the tests the changes touch', 'npx', ['vitest', 'run', '--changed', since, '--passWithNoTests'])

const specs = files.filter((file) => /^e2e\/.+\.spec\.ts$/.test(file))
if (specs.length) {
  step('the build, for the end-to-end tests', 'npm', ['run', 'build', '--silent'])
  step('the end-to-end spec files changed', 'npx', ['playwright', 'test', ...specs])
} else say('\nNo end-to-end spec file has changed: npm test runs them all.')
