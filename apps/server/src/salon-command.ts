/**
 * The salon command (docs/product.md §11): sets up a salon of one's own without the set-up page, and lists the
 * salons in the database. It uses the server's own settings (.env, DATABASE_URL or DATA_DIR); on the embedded
 * database, stop the server first. The first owner's password is read from OWNER_PASSWORD, so it stays out of the
 * shell's history. Run with --help for every option.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createDatabase } from '@salon/db'
import { SalonSetup, SETUP_BED_TYPE_CODES } from '@salon/contracts/salon-setup'
import { NATIONS } from '@salon/contracts/rules/sunbed-law'
import { readSettings } from './env.ts'
import { describeIssues, fieldIssues, HttpError } from './lib/errors.ts'
import { argon2Passwords } from './modules/identity/public.ts'
import { createSalon } from './setup/create-salon.ts'
import { DEFAULT_HOURS_TEXT, OptionError, parseBed, parseHours, parsePrice } from './setup/salon-options.ts'
import { createSalonSetupRepository } from './setup/salon-setup.repository.ts'
import { removeSetupToken } from './setup/setup-token.ts'

const USAGE = `Usage:
  OWNER_PASSWORD=… npm run salon -- create [options]   Set up a salon and its first owner
  npm run salon -- list                                The salons in the database

Options of create:
  --name "<name>"          The salon's name (required)
  --address "<line 1>"     First line of its address (required)
  --address2 "<line 2>"    Second line of its address
  --town "<town>"          Its town (required)
  --postcode "<postcode>"  A UK postcode (required)
  --phone "<number>"       The number customers call (required)
  --email "<address>"      The address customers write to (required)
  --nation <nation>        ${NATIONS.join(', ')} (default england): whose sunbed law it follows
  --tagline "<text>"       A line under its name
  --id <id>                Its shop id (default: made from the name)
  --hours "<hours>"        Opening hours (default "${DEFAULT_HOURS_TEXT}"; a day left out is closed, "wed closed" closes one)
  --bed "<bed>"            A sunbed, as name:kind:fewest-most minutes, for example "Sunbed 1:lay-down:3-15";
                           kinds: ${SETUP_BED_TYPE_CODES.join(', ')}; repeat for each sunbed (at least one)
  --price <kind>=<pence>   Pence per minute for a kind of sunbed the salon has, for example lay-down=65; repeat per kind
  --owner-phone "<mobile>" The first owner's mobile number (required); they sign in at /staff/ with it
  --owner-name "<name>"    The first owner's name (required)

The first salon set up serves the web app (unless SHOP_ID says otherwise) and the set-up page's link stops working.
Prints the salon's id and its web app key, and the lines for .env.`

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`)
  process.exit(2)
}

if (existsSync('.env')) process.loadEnvFile('.env')
const settings = readSettings()
let parsed: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      address: { type: 'string' },
      address2: { type: 'string', default: '' },
      town: { type: 'string' },
      postcode: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      nation: { type: 'string', default: 'england' },
      tagline: { type: 'string', default: '' },
      id: { type: 'string' },
      hours: { type: 'string', default: DEFAULT_HOURS_TEXT },
      bed: { type: 'string', multiple: true, default: [] },
      price: { type: 'string', multiple: true, default: [] },
      'owner-phone': { type: 'string' },
      'owner-name': { type: 'string' },
    },
  })
}
try {
  parsed = parse()
} catch (error) {
  fail(`${(error as Error).message}\n\n${USAGE}`)
}
const { positionals, values } = parsed
const [command] = positionals
if (command !== 'create' && command !== 'list') fail(USAGE)

function setupFromOptions() {
  const password = process.env.OWNER_PASSWORD
  if (!password) fail('Set OWNER_PASSWORD to the password the first owner will sign in with.')
  try {
    const checked = SalonSetup.safeParse({
      ...(values.id ? { id: values.id } : {}),
      salon: {
        name: values.name,
        tagline: values.tagline,
        addressLine1: values.address,
        addressLine2: values.address2,
        town: values.town,
        postcode: values.postcode,
        phone: values.phone,
        email: values.email,
      },
      nation: values.nation,
      hours: parseHours(values.hours),
      beds: values.bed.map(parseBed),
      prices: Object.fromEntries(values.price.map(parsePrice)),
      owner: { name: values['owner-name'], phone: values['owner-phone'], password },
    })
    if (!checked.success) fail(`The salon cannot be set up: ${describeIssues(fieldIssues(checked.error))}\n\nnpm run salon -- --help lists every option.`)
    return checked.data
  } catch (error) {
    if (error instanceof OptionError) fail(error.message)
    throw error
  }
}

const database = await createDatabase(settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR })
try {
  await database.migrate()
  const repo = createSalonSetupRepository(database.db)
  if (command === 'list') {
    const site = await repo.site()
    const ids = await repo.shopIds()
    if (!ids.length) process.stdout.write('There is no salon yet: npm run salon -- create sets one up.\n')
    for (const id of ids) process.stdout.write(`${id}${id === site?.shopId ? '  (served by the web app)' : ''}\n`)
  } else {
    const setup = setupFromOptions()
    const salon = await createSalon({ db: database.db, poolId: settings.USER_POOL_ID, passwords: argon2Passwords, now: Date.now }, setup, { claim: 'if-free' })
    if (salon.site) removeSetupToken(settings.DATA_DIR)
    process.stdout.write(
      [
        `The salon ${salon.shopId} is set up, and ${setup.owner.name} is its owner: sign in at /staff/ with ${values['owner-phone']}.`,
        salon.site ? 'The web app serves it from the next start.' : 'Another salon is served by the web app here: set these in .env to serve this one.',
        `Its web app key is ${salon.apiKey}. The lines for .env:`,
        '',
        salon.env,
      ].join('\n'),
    )
  }
} catch (error) {
  if (error instanceof HttpError) fail(error.message)
  throw error
} finally {
  await database.close()
}
