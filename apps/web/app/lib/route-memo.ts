import { memo, type FunctionComponent } from 'react'

/**
 * A route component that renders again only when its own props change: its loader's or action's data, its params'
 * values or the matched routes. The router renders every route again on each change of its state, including its
 * own bookkeeping after a page has loaded (the routes it learns for the page's links), and hands each a new params
 * object every time, with the same values: a plain memo() would never skip a render.
 */
export function routeComponent<P extends object>(component: FunctionComponent<P>) {
  return memo(component, sameRouteProps)
}

function sameRouteProps(before: object, after: object): boolean {
  const a = before as Record<string, unknown>
  const b = after as Record<string, unknown>
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => Object.is(a[key], b[key]) || (key === 'params' && sameValues(a[key], b[key])))
}

function sameValues(a: unknown, b: unknown): boolean {
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  const keys = Object.keys(x)
  return keys.length === Object.keys(y).length && keys.every((key) => Object.is(x[key], y[key]))
}
