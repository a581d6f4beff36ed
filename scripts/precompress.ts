/**
 * Writes Brotli (.br) and gzip (.gz) copies beside each text file of the built web app, compressed as hard as
 * the formats go: the server answers with them from memory and never compresses a file per request. The files are
 * compressed side by side on libuv's threads, which halves the time on two cores.
 *   npx tsx scripts/precompress.ts [dir]      (default apps/web/build/client; `npm run build` runs it)
 */
import { readdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

const COMPRESSIBLE = /\.(js|mjs|css|json|map|svg|txt|xml|webmanifest|ico)$/i
const MIN_BYTES = 1024
const dir = path.resolve(process.argv[2] ?? 'apps/web/build/client')

let before = 0
let after = 0
const files = readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name))
await Promise.all(
  files.map(async (file) => {
    const body = await readFile(file)
    if (body.length < MIN_BYTES) return
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipped(body, { level: 9 }),
    ])
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    before += body.length
    after += br.length
  }),
)
process.stdout.write(
  `precompressed ${path.relative(process.cwd(), dir)}: ${Math.round(before / 1024)} kB of text is ${Math.round(after / 1024)} kB in Brotli\n`,
)
