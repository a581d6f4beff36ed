import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc, createDatabase, eq, schema } from '@salon/db'
import { afterAll, describe, expect, it } from 'vitest'
import { run } from './test/run-command.ts'

/**
 * The salon, staff and import commands (docs/product.md §11, §10 and §10.5) run as a salon runs them: each a process
 * of its own on the server's settings, one after the other on the same database, as `npm run salon|staff|import` do.
 */

const OWNER_PASSWORD = 'Owner-pass-2026x'
const salonOptions = (name: string, ownerPhone: string, postcode = 'LS1 4AB') => [
  'create',
  '--name',
  name,
  '--address',
  '1 High Street',
  '--town',
  'Leeds',
  '--postcode',
  postcode,
  '--phone',
  '0113 496 0000',
  '--email',
  'hello@sun-test.example',
  '--bed',
  'Sunbed 1:lay-down:3-15',
  '--price',
  'lay-down=65',
  '--owner-phone',
  ownerPhone,
  '--owner-name',
  'Olive Owner',
]

/** A date as a salon's old system exports it (31/12/2030), `years` from today: the command reads the machine's clock. */
function yearsFromNow(years: number) {
  const date = new Date()
  date.setUTCFullYear(date.getUTCFullYear() + years)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`
}

/** The whole flow on one empty database, whose settings (DATA_DIR, DATABASE_URL) are `settings`. */
async function setUpAndImport(dir: string, settings: Record<string, string>, open: () => ReturnType<typeof createDatabase>) {
  const salon = (args: string[]) => run(dir, settings, 'salon-command.ts', args, { OWNER_PASSWORD })

  // 1. The first salon: set up, served by the web app, with the lines for .env.
  const created = await salon(salonOptions('Sun Test Salon', '07700 900555'))
  expect(created.stderr).toBe('')
  expect(created.code).toBe(0)
  const apiKey = /Its web app key is (pk_[0-9a-f]{32})\. The lines for \.env:/.exec(created.stdout)?.[1]
  expect(apiKey, created.stdout).toBeDefined()
  expect(created.stdout).toBe(
    [
      'The salon sun-test-salon is set up, and Olive Owner is its owner: sign in at /staff/ with 07700 900555.',
      'The web app serves it from the next start.',
      `Its web app key is ${apiKey}. The lines for .env:`,
      '',
      `SHOP_ID=sun-test-salon\nAPI_KEY=${apiKey}\nSEED_DEMO=false\n`,
    ].join('\n'),
  )

  // 2. The same command again. The command does not refuse a second salon as such (§11: a later one is made but not
  // served); here its owner is on the first salon's staff already, so the second salon is refused whole.
  const again = await salon(salonOptions('Sun Test Salon', '07700 900555'))
  expect(again.code).toBe(2)
  expect(again.stderr).toBe("This number is on another salon's staff. That salon must remove it before it can join yours.\n")
  expect(again.stdout).toBe('')

  // 3. An option that is not right: named, and nothing made.
  const badPostcode = await salon(salonOptions('Moon Tanning', '07700 900556', 'NOT A POSTCODE'))
  expect(badPostcode.code).toBe(2)
  expect(badPostcode.stderr).toContain('The salon cannot be set up: salon.postcode must be a UK postcode')
  expect(badPostcode.stdout).toBe('')

  // A second salon with an owner of its own is made, and the web app keeps serving the first (§11).
  const second = await salon(salonOptions('Moon Tanning', '07700 900556'))
  expect(second.code).toBe(0)
  expect(second.stdout).toContain('Another salon is served by the web app here: set these in .env to serve this one.')
  expect(second.stdout).toContain('SHOP_ID=moon-tanning\n')
  // The list names both, the first as the one served; neither refusal left a salon behind (the first would have been sun-test-salon-2).
  expect((await salon(['list'])).stdout).toBe('moon-tanning\nsun-test-salon  (served by the web app)\n')

  // 4. A member of staff, on the salon the web app serves.
  const staff = await run(dir, settings, 'staff-command.ts', ['add', '--phone', '07700 900666', '--name', 'Sam Staff', '--role', 'staff'], {
    STAFF_PASSWORD: 'Staff-pass-2026x',
  })
  expect(staff.stderr).toBe('')
  expect(staff.code).toBe(0)
  expect(staff.stdout).toBe('Sam Staff is now on the staff of sun-test-salon: sign in at /staff/ with 07700 900666.\n')

  // 5. Customers from the salon's previous system: one to import, one refused for its landline.
  const file = path.join(dir, 'customers.csv')
  writeFileSync(
    file,
    [
      'Forename,Surname,Mobile,DOB,Minutes left,Expires,Notes',
      `Amy,Archer,07700 900701,01/05/1990,45,${yearsFromNow(2)},"Prefers the stand-up booth, 9 minutes"`,
      'Lee,Land,01632 960001,1985-03-02,10,,',
      '',
    ].join('\r\n'),
  )
  const importing = (...args: string[]) => run(dir, settings, 'import-command.ts', [...args, file])
  const refusedRow =
    'Rows refused:\n  Row 3 (Lee Land, 01632 960001):\n    Mobile number "01632 960001" is a landline: customers sign in with a mobile number, which the salon’s texts reach.\n'

  const dryRun = await importing('--dry-run')
  expect(dryRun.stderr).toBe('')
  expect(dryRun.code).toBe(0)
  expect(dryRun.stdout).toMatch(/^Dry run on \d{4}-\d{2}-\d{2}: nothing was written\.\n/)
  expect(dryRun.stdout).toMatch(/Note +← "Notes"/)
  expect(dryRun.stdout).toContain('Rows:                 2\nNew customers:        1\n')
  expect(dryRun.stdout).toContain(refusedRow)
  expect(dryRun.stdout).toContain('Ready to import 1 new customer, with 45 minutes. 1 row is refused, each with its reason.\n')

  // The dry run wrote nothing: the import finds the same customer new.
  const imported = await importing()
  expect(imported.stderr).toBe('')
  expect(imported.code).toBe(0)
  expect(imported.stdout).toContain('New customers:        1\nAlready customers:    0\nImported before:      0\nMinutes:              45 in 1 lot\n')
  expect(imported.stdout).toContain(refusedRow)
  expect(imported.stdout).toMatch(
    /Imported 1 new customer, with 45 minutes\. 1 row is refused, each with its reason\.\nThe import's id in the audit log: [0-9a-f-]{36}\n$/,
  )

  // The same file again imports nobody twice.
  const twice = await importing()
  expect(twice.code).toBe(0)
  expect(twice.stdout).toContain('New customers:        0\nAlready customers:    0\nImported before:      1\nMinutes:              0 in 0 lots\n')
  expect(twice.stdout).toContain('Nothing was imported. 1 row was imported before and is left as it is. 1 row is refused, each with its reason.\n')
  expect(twice.stdout).not.toContain("The import's id")

  // What the database holds once every command has exited.
  const database = await open()
  try {
    const { db } = database
    expect((await db.select({ id: schema.shops.id }).from(schema.shops).orderBy(asc(schema.shops.id))).map((s) => s.id)).toEqual([
      'moon-tanning',
      'sun-test-salon',
    ])
    const team = await db
      .select({ name: schema.staffMembers.name, role: schema.staffMembers.role })
      .from(schema.staffMembers)
      .where(eq(schema.staffMembers.shopId, 'sun-test-salon'))
      .orderBy(asc(schema.staffMembers.name))
    expect(team).toEqual([
      { name: 'Olive Owner', role: 'owner' },
      { name: 'Sam Staff', role: 'staff' },
    ])
    const customers = await db.select().from(schema.customers).where(eq(schema.customers.shopId, 'sun-test-salon'))
    expect(customers).toHaveLength(1)
    expect(customers[0]).toMatchObject({
      firstName: 'Amy',
      lastName: 'Archer',
      phone: '+447700900701',
      dob: '1990-05-01',
      signupSource: 'in_salon',
      note: 'Prefers the stand-up booth, 9 minutes',
    })
    const lots = await db.select().from(schema.minuteLots).where(eq(schema.minuteLots.shopId, 'sun-test-salon'))
    expect(lots.map((lot) => ({ sub: lot.sub, source: lot.source, minutes: lot.minutes, remaining: lot.remaining }))).toEqual([
      { sub: customers[0]!.sub, source: 'import', minutes: 45, remaining: 45 },
    ])
  } finally {
    await database.close()
  }
}

/**
 * On the embedded database, which a salon running `npm start` has and these commands open from DATA_DIR: each
 * command a process of its own on the same data directory, as an owner runs them. What the commands write is the
 * API's own code (createSalon, the import service), which the API suites run on both databases.
 */
describe('the salon, staff and import commands', () => {
  const dirs: string[] = []
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'salon-commands-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('set up a salon, add its staff and import its customers on the embedded database', async () => {
    const dir = tempDir()
    const dataDir = path.join(dir, 'data')
    await setUpAndImport(dir, { DATA_DIR: dataDir, DATABASE_URL: '' }, () => createDatabase({ dataDir }))
  }, 180_000)
})
