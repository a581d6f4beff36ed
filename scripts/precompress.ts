/**
 * Writes Brotli (.br) and gzip (.gz) copies beside each text file of the built web app, compressed as hard as
 * the formats go: the server answers with them from memory and never compresses a file per request.
 *   npx tsx scripts/precompress.ts [dir]      (default apps/web/build/client; `npm run build` runs it)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = /\.(js|mjs|css|json|map|svg|txt|xml|webmanifest|ico)$/i
const MIN_BYTES = 1024
const dir = path.resolve(process.argv[2] ?? 'apps/web/build/client')

let before = 0
let after = 0
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  const body = readFileSync(file)
  if (body.length < MIN_BYTES) continue
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  before += body.length
  after += br.length
}
process.stdout.write(
  `precompressed ${path.relative(process.cwd(), dir)}: ${Math.round(before / 1024)} kB of text is ${Math.round(after / 1024)} kB in Brotli\n`,
)
