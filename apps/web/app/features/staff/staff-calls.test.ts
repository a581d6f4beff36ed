import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// docs/decisions/037: a staff page's calls are declared once, in its feature's *-calls.ts; pages and components use them.
const app = fileURLToPath(new URL('../../', import.meta.url))
const places = [
  ...readdirSync(path.join(app, 'features'))
    .filter((name) => name.startsWith('staff'))
    .map((name) => `features/${name}`),
  'routes/staff',
]

function files(dir: string): string[] {
  return readdirSync(path.join(app, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(`${dir}/${entry.name}`) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [`${dir}/${entry.name}`] : [],
  )
}

/** A string or template that starts with an API path of the staff pages (pages' own links start with a slash). */
const API_PATH = /['`](staff\/|staff_|website\/)/

describe("the staff pages' calls", () => {
  it('are written in the *-calls.ts files only: no API path elsewhere in the staff features and routes', () => {
    const stray = places
      .flatMap(files)
      .filter((file) => !file.endsWith('-calls.ts'))
      .flatMap((file) =>
        readFileSync(path.join(app, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ line: line.trim(), at: `${file}:${index + 1}` }))
          .filter(({ line }) => API_PATH.test(line) && !/^(\/\*|\*|\/\/)/.test(line)),
      )
      .map(({ at, line }) => `${at} ${line}`)
    expect(stray).toEqual([])
  })

  it('the check finds a path written in a component', () => {
    expect(API_PATH.test("staffApi.put('staff/salon', values)")).toBe(true)
    expect(API_PATH.test('`staff/blog/${slug}`')).toBe(true)
    expect(API_PATH.test("<Link to='/staff/customers/'>")).toBe(false)
  })
})
