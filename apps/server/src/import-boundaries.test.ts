import { ESLint } from 'eslint'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { MODULE_DIRECTION } from '../../../eslint.server-boundaries.js'

// The server's import rule (eslint.server-boundaries.js), run as `npm run lint` runs it, on imports written into real paths.
const repo = fileURLToPath(new URL('../../../', import.meta.url))
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repo })
})

async function boundaryErrors(file: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const used = x\n`, { filePath: `${repo}apps/server/src/${file}` })
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message)
}

// The first lint loads ESLint's whole configuration: seconds, more on a machine busy with other suites.
describe('imports in the server run one way', { timeout: 60_000 }, () => {
  it('lib/ imports no module and no adapter', async () => {
    expect(await boundaryErrors('lib/example.ts', "import { x } from '../modules/identity/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('lib/example.ts', "import { x } from '../modules/booking/booking.service.ts'")).toHaveLength(1)
    expect(await boundaryErrors('lib/example.ts', "import { x } from '../adapters/payments/payments.ts'")).toHaveLength(1)
    expect(await boundaryErrors('lib/example.ts', "import { x } from './errors.ts'")).toEqual([])
  })

  it('an adapter imports no module', async () => {
    expect(await boundaryErrors('adapters/sms/example.ts', "import { x } from '../../modules/identity/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('adapters/sms/example.ts', "import { x } from '../../lib/logger.ts'")).toEqual([])
  })

  it("a module reaches another only through that module's public.ts", async () => {
    expect(await boundaryErrors('modules/booking/example.ts', "import { x } from '../commerce/lots.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/booking/example.ts', "import { x } from '../../modules/commerce/ledger.repository.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/booking/example.ts', "import type { x } from '../identity/api-identity.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/booking/example.ts', "import { x } from '../commerce/public.ts'")).toEqual([])
    expect(await boundaryErrors('modules/booking/example.ts', "import { x } from './booking.repository.ts'")).toEqual([])
    expect(await boundaryErrors('modules/booking/example.ts', "import { x } from '../../lib/local-time.ts'")).toEqual([])
  })

  it("inside a module, only a repository imports the database's query builders; other files may import its types", async () => {
    expect(await boundaryErrors('modules/booking/example.service.ts', "import { eq } from '@salon/db'")).toHaveLength(1)
    expect(await boundaryErrors('modules/shop/example.ts', "import { schema } from '@salon/db'")).toHaveLength(1)
    expect(await boundaryErrors('modules/booking/example.service.ts', "import { sql } from 'drizzle-orm'")).toHaveLength(1)
    expect(await boundaryErrors('modules/booking/example.service.ts', "import type { Db } from '@salon/db'")).toEqual([])
    expect(await boundaryErrors('modules/booking/example.repository.ts', "import { eq } from '@salon/db'")).toEqual([])
    // The module's other import rules still hold in a repository.
    expect(await boundaryErrors('modules/booking/example.repository.ts', "import { x } from '../commerce/lots.ts'")).toHaveLength(1)
  })

  it('a module uses only the modules below it, so no two modules need each other', async () => {
    expect(await boundaryErrors('modules/commerce/example.ts', "import { x } from '../booking/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/identity/example.ts', "import { x } from '../commerce/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/identity/example.ts', "import { x } from '../account/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/shop/example.ts', "import { x } from '../identity/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/content/example.ts', "import { x } from '../booking/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/account/example.ts', "import { x } from '../booking/public.ts'")).toEqual([])
    expect(await boundaryErrors('modules/account/example.ts', "import { x } from '../reports/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('modules/reports/example.ts', "import { x } from '../account/public.ts'")).toEqual([])
    expect(await boundaryErrors('modules/hosted-sign-in/example.ts', "import { x } from '../identity/public.ts'")).toEqual([])
  })

  it("the app's own files use modules through their public.ts; tests may look inside", async () => {
    expect(await boundaryErrors('example.ts', "import { x } from './modules/booking/booking.service.ts'")).toHaveLength(1)
    expect(await boundaryErrors('example.ts', "import { x } from './modules/booking/public.ts'")).toEqual([])
    expect(await boundaryErrors('jobs/example.ts', "import { x } from '../modules/identity/identity.service.ts'")).toHaveLength(1)
    expect(await boundaryErrors('jobs/example.ts', "import { x } from '../modules/identity/public.ts'")).toEqual([])
    expect(await boundaryErrors('modules/booking/example.test.ts', "import { x } from '../commerce/lots.ts'")).toEqual([])
  })
})

describe('the direction between modules', () => {
  it('has no circle: each module can be placed below every module that uses it', () => {
    const placed: string[] = []
    const direction = MODULE_DIRECTION
    let progress = true
    while (progress) {
      progress = false
      for (const [name, uses] of Object.entries(direction)) {
        if (!placed.includes(name) && uses.every((used) => placed.includes(used))) {
          placed.push(name)
          progress = true
        }
      }
    }
    expect(placed.sort()).toEqual(Object.keys(direction).sort())
  })
})

describe('the module table of docs/architecture.md and decision 025', () => {
  it('is MODULE_DIRECTION, row for row', () => {
    for (const doc of ['docs/architecture.md', 'docs/decisions/025-server-module-boundaries.md']) {
      const text = readFileSync(`${repo}${doc}`, 'utf8')
      const table = text.slice(text.indexOf('| module | may use |'))
      const rows = table
        .split('\n')
        .map((line) => line.trim())
        .slice(2)
        .filter((_, i, lines) => lines.slice(0, i + 1).every((line) => line.startsWith('|')))
        .map((line) => line.split('|').map((cell) => cell.trim()))
      const documented = Object.fromEntries(rows.map(([, name, uses]) => [name, uses === '—' ? [] : uses!.split(', ')]))
      expect(documented, doc).toEqual(MODULE_DIRECTION)
    }
  })
})
