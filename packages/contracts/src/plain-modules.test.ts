import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/**
 * The modules the web app imports values from must not load Zod, or the browser downloads it (about 25 kB
 * gzipped). Zod schemas stay in account.ts, booking.ts and the like, which the web app imports only as types.
 */
const src = dirname(fileURLToPath(import.meta.url))
const PLAIN = ['dates.ts', 'time-zone.ts', 'uk-calendar.ts', 'consent.ts', ...readdirSync(join(src, 'rules')).map((name) => `rules/${name}`)].filter(
  (name) => !name.endsWith('.test.ts'),
)

/** Every module a file imports values from, followed through relative imports. */
function valueImports(file: string, seen = new Set<string>()): Set<string> {
  for (const [, spec] of readFileSync(join(src, file), 'utf8').matchAll(/^import (?!type )[^'"]*from '([^']+)'/gm)) {
    const target = spec!.startsWith('.') ? relative(src, join(src, dirname(file), spec!)) : spec!
    if (seen.has(target)) continue
    seen.add(target)
    if (spec!.startsWith('.')) valueImports(target, seen)
  }
  return seen
}

it.each(PLAIN)('%s loads no Zod and no module that does', (file) => {
  const imports = [...valueImports(file)]
  expect(imports.filter((name) => !PLAIN.includes(name))).toEqual([])
})
