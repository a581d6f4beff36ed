/**
 * The import command (docs/product.md §10.5): brings a salon's customers in from its previous system, through the
 * same import as the owner's page (POST /api/staff/customers/import), written in the audit log by the salon's owner.
 *
 *   npm run import -- [--shop <shop id>] [--map <field>=<column> ...] [--dry-run] <file.csv>
 *
 * It uses the server's own settings (.env, DATABASE_URL or DATA_DIR); on the embedded database, stop the server
 * first. --help lists every field. Exits 0 when the file was read, 1 when it or the salon was refused, 2 on bad usage.
 */
import { existsSync, readFileSync } from 'node:fs'
import { csvText } from '@salon/contracts/rules/customer-import'
import { createDatabase } from '@salon/db'
import { DEFAULT_POOL } from './app.ts'
import { quietApp } from './quiet-app.ts'
import { readSettings } from './env.ts'
import { HttpError } from './lib/errors.ts'
import { formatReport, IMPORT_USAGE, parseImportArgs, UsageError } from './modules/account/public.ts'
import { createGroupsRepository } from './modules/identity/public.ts'
import { createShopRepository } from './modules/shop/public.ts'
import { createSalonSetupRepository } from './setup/salon-setup.repository.ts'

function fail(message: string, code: 1 | 2): never {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}

/** A refusal once the database is open: the message is printed and the command exits with `code` after closing it. */
class Refused extends Error {
  constructor(
    message: string,
    readonly code: 1 | 2,
  ) {
    super(message)
  }
}

let args: ReturnType<typeof parseImportArgs>
try {
  args = parseImportArgs(process.argv.slice(2))
} catch (error) {
  if (error instanceof UsageError) fail(`${error.message}\n\n${IMPORT_USAGE}`, 2)
  throw error
}
if (args.help) {
  process.stdout.write(`${IMPORT_USAGE}\n`)
  process.exit(0)
}
let csv: string
try {
  csv = csvText(readFileSync(args.file))
} catch (error) {
  fail(`The file ${args.file} cannot be read: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.`, 2)
}

if (existsSync('.env')) process.loadEnvFile('.env')
const settings = readSettings()
const database = await createDatabase(settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR })
let code: 0 | 1 | 2 = 0
try {
  await database.migrate()
  // The shop named, else the one the web app serves.
  const shopId = args.shop ?? settings.SHOP_ID ?? (await createSalonSetupRepository(database.db).site())?.shopId
  if (!shopId) throw new Refused('Name the salon with --shop <shop id> (npm run salon -- list shows them).', 2)
  if (!(await createShopRepository(database.db).findShop(shopId))) throw new Refused(`There is no salon ${shopId} (npm run salon -- list shows them).`, 1)
  // The import is the owner's to make: the audit log names the salon's first owner, and says it came from this command.
  const owners = (await createGroupsRepository(database.db).team(shopId)).filter((member) => member.role === 'owner')
  const owner = owners.sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime())[0]
  if (!owner) throw new Refused(`The salon ${shopId} has no owner yet: add one first (npm run staff -- add --shop ${shopId} …), then import.`, 1)
  // The import sends no message; the outbox makes sure nothing could reach a customer from here.
  const app = quietApp(database, { identity: { ...DEFAULT_POOL, poolId: settings.USER_POOL_ID, defaultShopId: shopId } })
  const actor = { shopId, sub: owner.sub, role: 'owner' as const, name: `${owner.name} (import command)` }
  const request = { csv, mapping: args.mapping }
  const report = args.dryRun ? await app.customerImport.preview(actor, request) : await app.customerImport.import(actor, request)
  process.stdout.write(formatReport(report))
} catch (error) {
  if (!(error instanceof HttpError) && !(error instanceof Refused)) throw error
  process.stderr.write(`${error.message}\n`)
  code = error instanceof Refused ? error.code : 1
} finally {
  await database.close()
}
process.exit(code)
