import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

// The one-way import rule of eslint.web-boundaries.js, run as `npm run lint` runs it, on imports written into real paths.
const repo = fileURLToPath(new URL('../../../', import.meta.url))
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repo })
})

async function boundaryErrors(file: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const used = x\n`, { filePath: `${repo}apps/web/app/${file}` })
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message)
}

// The first lint loads ESLint's whole configuration: seconds, more on a machine busy with other suites.
describe('imports in the web app run one way', { timeout: 60_000 }, () => {
  it('shared building blocks import no feature, route or the root route', async () => {
    expect(await boundaryErrors('lib/example.ts', "import { x } from '../features/auth/auth-context.tsx'")).toHaveLength(1)
    expect(await boundaryErrors('components/ui/example.tsx', "import { x } from '../../features/booking/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('lib/example.ts', "import { x } from '../root.tsx'")).toHaveLength(1)
    expect(await boundaryErrors('lib/example.ts', "import { x } from '../routes/layout.tsx'")).toHaveLength(1)
    expect(await boundaryErrors('lib/example.ts', "import { x } from './api.ts'")).toEqual([])
  })

  it("a feature reaches another only through that feature's public.ts", async () => {
    expect(await boundaryErrors('features/account/example.tsx', "import { x } from '../auth/auth-context.tsx'")).toHaveLength(1)
    expect(await boundaryErrors('features/account/example.tsx', "import { x } from '../../features/auth/validation.ts'")).toHaveLength(1)
    expect(await boundaryErrors('features/account/example.tsx', "import { x } from '../auth/public.ts'")).toEqual([])
    expect(await boundaryErrors('features/account/example.tsx', "import { x } from './profile-form.tsx'")).toEqual([])
    expect(await boundaryErrors('features/account/example.tsx', "import { x } from '../../lib/api.ts'")).toEqual([])
    expect(await boundaryErrors('features/account/example.tsx', "import { x } from '../../root.tsx'")).toHaveLength(1)
  })

  it("a route imports no other route, except for its loader's types", async () => {
    expect(await boundaryErrors('routes/example.tsx', "import { x } from './layout.tsx'")).toHaveLength(1)
    expect(await boundaryErrors('routes/example.tsx', "import type { x } from './protected.tsx'")).toEqual([])
    expect(await boundaryErrors('routes/example.tsx', "import type { x } from './+types/example'")).toEqual([])
    expect(await boundaryErrors('routes/example.tsx', "import { x } from '../features/auth/auth-context.tsx'")).toEqual([])
  })

  it('code that runs in the browser takes only types from the contracts modules that load Zod', async () => {
    expect(await boundaryErrors('features/booking/example.tsx', "import { x } from '@salon/contracts/booking'")).toHaveLength(1)
    expect(await boundaryErrors('routes/example.tsx', "import { x } from '@salon/contracts/account'")).toHaveLength(1)
    expect(await boundaryErrors('features/booking/example.tsx', "import type { x } from '@salon/contracts/booking'")).toEqual([])
    expect(await boundaryErrors('features/auth/example.tsx', "import { x } from '@salon/contracts/rules/phone'")).toEqual([])
    expect(await boundaryErrors('features/content/example.server.ts', "import { x } from '@salon/contracts/content'")).toEqual([])
  })

  it('no customer page imports staff code: only the staff features and pages do', async () => {
    expect(await boundaryErrors('routes/home.tsx', "import { x } from '../features/staff/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('routes/home.tsx', "import { x } from '../features/staff-manage/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('root.tsx', "import { x } from './features/staff/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('features/booking/example.tsx', "import { x } from '../staff/public.ts'")).toHaveLength(1)
    expect(await boundaryErrors('routes/staff/example.tsx', "import { x } from '../../features/staff/public.ts'")).toEqual([])
    expect(await boundaryErrors('routes/staff/example.tsx', "import { x } from './layout.tsx'")).toHaveLength(1)
    expect(await boundaryErrors('features/staff-manage/example.tsx', "import { x } from '../staff/public.ts'")).toEqual([])
    expect(await boundaryErrors('features/staff/example.tsx', "import type { x } from '@salon/contracts/staff'")).toEqual([])
    expect(await boundaryErrors('features/staff/example.tsx', "import { x } from '@salon/contracts/staff-day'")).toHaveLength(1)
  })
})
