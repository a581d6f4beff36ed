import { randomBytes } from 'node:crypto'
import type { Db } from '@salon/db'
import { shopIdFromName, type SalonSetup } from '@salon/contracts/salon-setup'
import { HttpError } from '../lib/errors.ts'
import { addStaffDirectly, type PasswordHasher } from '../modules/identity/public.ts'
import { createShopRepository, hashApiKey } from '../modules/shop/public.ts'
import { createSalonSetupRepository } from './salon-setup.repository.ts'

export const ALREADY_SET_UP = 'This salon is set up already: sign in at /staff/ with the owner’s mobile number and password.'

/** How a new salon's web app key looks: a client key, sent to every visitor's browser, so not a secret. */
export const newWebApiKey = () => `pk_${randomBytes(16).toString('hex')}`

export interface CreateSalonDeps {
  db: Db
  poolId: string
  passwords: PasswordHasher
  now: () => number
}

export interface CreatedSalon {
  shopId: string
  apiKey: string
  /** Whether this installation now serves it (the first salon set up does). */
  site: boolean
  /** The lines for .env that name it. */
  env: string
}

/**
 * Makes a salon of one's own (docs/product.md §11), in one transaction: the shop, its hours, sunbeds and prices,
 * its booking rules, the web app's key and its first owner. `claim: 'required'` (the set-up page) refuses when this
 * installation serves a salon already; `'if-free'` (the salon command) makes the salon either way and serves it
 * only if none is served yet. Two set-ups at once: the site's one row lets one through and the other changes nothing.
 */
export async function createSalon(deps: CreateSalonDeps, setup: SalonSetup, options: { claim: 'required' | 'if-free' }): Promise<CreatedSalon> {
  const apiKey = newWebApiKey()
  const at = new Date(deps.now())
  return deps.db.transaction(async (tx) => {
    const repo = createSalonSetupRepository(tx)
    const shopId = await insertWithFreeId(repo, setup, hashApiKey(apiKey), at)
    const site = await repo.claimSite({ shopId, webApiKey: apiKey }, at)
    if (!site && options.claim === 'required') throw new HttpError(409, ALREADY_SET_UP)
    await addStaffDirectly(
      { db: tx, poolId: deps.poolId, passwords: deps.passwords, shops: createShopRepository(tx) },
      { shopId, phone: setup.owner.phone, name: setup.owner.name, role: 'owner', password: setup.owner.password },
    )
    if (site) await repo.forgetCodes()
    return { shopId, apiKey, site, env: `SHOP_ID=${shopId}\nAPI_KEY=${apiKey}\nSEED_DEMO=false\n` }
  })
}

/** The id asked for, or made from the name; a name's id already taken gets -2, -3 … */
async function insertWithFreeId(repo: ReturnType<typeof createSalonSetupRepository>, setup: SalonSetup, keyHash: string, at: Date): Promise<string> {
  if (setup.id) {
    if (await repo.insertSalon(setup.id, setup, keyHash, at)) return setup.id
    throw new HttpError(409, `There is a salon with the id ${setup.id} already: choose another.`)
  }
  const base = shopIdFromName(setup.salon.name)
  for (let n = 1; n <= 50; n++) {
    const id = n === 1 ? base : `${base.slice(0, 44)}-${n}`
    if (await repo.insertSalon(id, setup, keyHash, at)) return id
  }
  throw new HttpError(409, 'Every id made from this name is taken: choose an id for the salon.')
}
