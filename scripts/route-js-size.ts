/**
 * How much JavaScript each page of the web app loads, gzipped, from React Router's client manifest.
 * Run after `npm run build`:  npx tsx scripts/route-js-size.ts [route-id ...] [--build <dir>]
 *
 * For each route it prints two numbers: the route's own chunks (its module and the chunks that module imports)
 * and the whole page (the client entry plus every route from the root down to this one, each chunk counted once).
 * Chunks loaded later with import() (such as the identity library) are not counted: the page does not wait for them.
 * What a browser loads until the page is idle, those included, is e2e/page-weight.spec.ts's measure.
 * With route discovery 'initial' (apps/web/react-router.config.ts) every page also loads the routes' manifest, which
 * is counted in the whole page.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import reactRouterConfig from '../apps/web/react-router.config.ts'
import { gzipSync } from 'node:zlib'

interface ManifestRoute {
  id: string
  parentId?: string
  module: string
  imports?: string[]
}
interface Manifest {
  entry: { module: string; imports?: string[] }
  routes: Record<string, ManifestRoute>
}

export interface RouteJsSize {
  id: string
  /** The route's own chunks, gzipped bytes. */
  own: number
  /** Everything the page loads before it runs, gzipped bytes. */
  page: number
  /** The route's three largest chunks and their gzipped sizes. */
  largest: { chunk: string; bytes: number }[]
}

/** Gzipped JavaScript of each route with a module of its own (every route when `routeIds` is absent). */
export function routeJsSizes(buildDir: string, routeIds?: string[]): RouteJsSize[] {
  const clientDir = join(buildDir, 'client')
  const manifestFile = readdirSync(join(clientDir, 'assets')).find((name) => /^manifest-[\w-]+\.js$/.test(name))
  if (!manifestFile) throw new Error(`No React Router manifest in ${clientDir}/assets: run npm run build first.`)
  const source = readFileSync(join(clientDir, 'assets', manifestFile), 'utf8')
  const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as Manifest

  const manifestLoaded = reactRouterConfig.routeDiscovery?.mode === 'initial'
  const gzipped = new Map<string, number>()
  function gzipSize(chunk: string): number {
    let size = gzipped.get(chunk)
    if (size === undefined) {
      size = gzipSync(readFileSync(join(clientDir, chunk)), { level: 9 }).length
      gzipped.set(chunk, size)
    }
    return size
  }
  const chunksOf = (module: { module: string; imports?: string[] }) => [module.module, ...(module.imports ?? [])]
  const total = (chunks: Set<string>) => [...chunks].reduce((sum, chunk) => sum + gzipSize(chunk), 0)

  const ids = routeIds ?? Object.keys(manifest.routes).filter((id) => id !== 'root' && manifest.routes[id]!.module)
  return ids.map((id) => {
    const route = manifest.routes[id]
    if (!route) throw new Error(`No route ${id} in the manifest. Routes: ${Object.keys(manifest.routes).join(', ')}`)
    const own = new Set(chunksOf(route))
    const page = new Set(chunksOf(manifest.entry))
    if (manifestLoaded) page.add(`/assets/${manifestFile}`)
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
      for (const chunk of chunksOf(at)) page.add(chunk)
    }
    const largest = [...own]
      .sort((a, b) => gzipSize(b) - gzipSize(a))
      .slice(0, 3)
      .map((chunk) => ({ chunk: chunk.replace(/^\/assets\//, ''), bytes: gzipSize(chunk) }))
    return { id, own: total(own), page: total(page), largest }
  })
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  const buildFlag = args.indexOf('--build')
  const buildDir = resolve(buildFlag >= 0 ? args.splice(buildFlag, 2)[1]! : 'apps/web/build')
  const sizes = routeJsSizes(buildDir, args.length > 0 ? args : ['routes/sign-in', 'routes/sign-up', 'routes/account', 'routes/staff/sign-in'])
  const rows: string[][] = [['route', 'route chunks (gzip)', 'whole page (gzip)', 'largest route chunks']]
  for (const s of sizes) rows.push([s.id, kB(s.own), kB(s.page), s.largest.map((l) => `${l.chunk} ${kB(l.bytes)}`).join(', ')])
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  process.stdout.write(rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n') + '\n')
}
