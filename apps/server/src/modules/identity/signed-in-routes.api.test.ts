import { randomUUID } from 'node:crypto'
import { needsIdentityToken, SIGNED_IN_OUTSIDE_THE_PATH_RULE } from '@salon/contracts/rules/identity-paths'
import { beforeAll, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'

interface Operation {
  method: string
  path: string
  signedIn: boolean
  security: string[]
}

type Document = { paths: Record<string, Record<string, { 'x-signed-in'?: boolean; 'x-staff-role'?: string; security?: Record<string, string[]>[] }>> }

/**
 * docs/product.md §7: a call that needs a signed-in customer says so at its route (signedInRoute), and the OpenAPI
 * document says so too. The web app attaches the identity token by its path rule (needsIdentityToken): the two are
 * held to each other here, and every signed-in call refuses a request without a token.
 */
describeApi('signed-in calls are declared at their routes', (get) => {
  let operations: Operation[]

  beforeAll(async () => {
    const document = (await get().api('openapi.json')).json as Document
    operations = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/staff/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, op]) => !op['x-staff-role'])
          .map(([method, op]) => ({
            method: method.toUpperCase(),
            path,
            signedIn: op['x-signed-in'] === true,
            security: (op.security ?? []).map((requirement) => Object.keys(requirement).sort().join('+')),
          })),
      )
  })

  it("declare the identity token exactly where the web app's rule sends it, and the calls it sends it to besides", () => {
    const declared = operations.filter((op) => op.signedIn).map((op) => `${op.method} ${op.path}`)
    const byRule = operations
      .filter((op) => needsIdentityToken(op.path) || SIGNED_IN_OUTSIDE_THE_PATH_RULE.includes(op.path))
      .map((op) => `${op.method} ${op.path}`)
    expect(declared.length).toBeGreaterThanOrEqual(15)
    expect(declared).toEqual(byRule)
    for (const op of operations.filter((o) => o.signedIn)) expect([op.path, op.security]).toEqual([op.path, ['apiKey+identityToken+shopId']])
  })

  it('refuse a call without a token with 401 and a sentence saying to sign in', async () => {
    for (const op of operations.filter((o) => o.signedIn)) {
      const answer = await get().api(op.path.replace(/\{[^}]+\}/g, randomUUID()).replace(/^\//, ''), {
        method: op.method,
        ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { body: {} } : {}),
      })
      expect([op.method, op.path, answer.status, answer.json?.message]).toEqual([
        op.method,
        op.path,
        401,
        'The Authorization header is missing: please sign in to do this.',
      ])
    }
  })
})
