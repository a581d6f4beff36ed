/**
 * Compiles the server and the workspace packages it uses into one JavaScript module, apps/server/dist/main.js,
 * so that production runs plain Node with no TypeScript loader. Packages from npm stay where they are.
 *   npm run build:server
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outfile = path.join(root, 'apps/server/dist/main.js')
const outDir = path.dirname(outfile)

/** Our own packages (@salon/*) are TypeScript and are compiled in; everything else from npm is imported at run time. */
const npmPackagesStayExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@salon/') ? undefined : { path: args.path, external: true }))
  },
}

/**
 * A module that finds files beside itself (the migrations, the built web app) asks import.meta.url. In the bundle
 * that would be dist/main.js: each such use is rewritten to the address of the original source file, relative
 * to the bundle, so the files are found where they are in the repository.
 */
const keepImportMetaUrl: Plugin = {
  name: 'keep-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      const relative = path.relative(outDir, args.path).split(path.sep).join('/')
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' }
    })
  },
}

const result = await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [npmPackagesStayExternal, keepImportMetaUrl],
})
const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0
process.stdout.write(`server compiled: ${path.relative(root, outfile)} (${Math.round(bytes / 1024)} kB)\n`)
