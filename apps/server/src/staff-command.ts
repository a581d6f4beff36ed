/**
 * The staff command (docs/product.md §10): puts an account on a shop's team without an invitation, for a salon's
 * first owner, and lists a team.
 *
 *   npm run staff -- add --shop <shop id> --phone <mobile> --name "<name>" [--role owner|staff]
 *   npm run staff -- list --shop <shop id>
 *
 * The password is read from STAFF_PASSWORD, so it stays out of the shell's history. The command uses the server's
 * own settings (.env, DATABASE_URL or DATA_DIR); on the embedded database, stop the server first.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createDatabase } from '@salon/db'
import { readSettings } from './env.ts'
import { HttpError } from './lib/errors.ts'
import { createGroupsRepository, isStaffRole } from './modules/identity/public.ts'
import { createSalonSetupRepository } from './setup/salon-setup.repository.ts'
import { addStaffMember } from './staff-accounts.ts'

const USAGE = `Usage:
  STAFF_PASSWORD=… npm run staff -- add [--shop <shop id>] --phone <mobile> --name "<name>" [--role owner|staff]
  npm run staff -- list [--shop <shop id>]
Without --shop: the salon the web app serves.`

if (existsSync('.env')) process.loadEnvFile('.env')
const settings = readSettings()
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    shop: { type: 'string' },
    phone: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'owner' },
  },
})
const [command] = positionals

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

if (command !== 'add' && command !== 'list') fail(USAGE)
const database = await createDatabase(settings.DATABASE_URL ? { url: settings.DATABASE_URL } : { dataDir: settings.DATA_DIR })
try {
  await database.migrate()
  // The shop named, else the one the web app serves.
  const shopId = values.shop ?? settings.SHOP_ID ?? (await createSalonSetupRepository(database.db).site())?.shopId
  if (!shopId) fail('Name the shop with --shop <shop id> (npm run salon -- list shows them).')
  if (command === 'list') {
    const team = await createGroupsRepository(database.db).team(shopId)
    if (!team.length) process.stdout.write(`Nobody is on the team of ${shopId} yet.\n`)
    for (const member of team) process.stdout.write(`${member.role.padEnd(6)} ${member.phone.padEnd(14)} ${member.name}\n`)
  } else {
    const password = process.env.STAFF_PASSWORD
    if (!values.phone || !values.name) fail(USAGE)
    if (!password) fail('Set STAFF_PASSWORD to the password the new member will sign in with.')
    if (!isStaffRole(values.role)) fail('--role must be owner or staff.')
    const member = await addStaffMember(database.db, settings.USER_POOL_ID, {
      shopId,
      phone: values.phone,
      name: values.name,
      role: values.role,
      password,
    })
    process.stdout.write(
      `${member.name} is now ${member.role === 'owner' ? 'an owner' : 'on the staff'} of ${member.shopId}: sign in at /staff/ with ${values.phone}.\n`,
    )
  }
} catch (error) {
  if (error instanceof HttpError) fail(error.message)
  throw error
} finally {
  await database.close()
}
