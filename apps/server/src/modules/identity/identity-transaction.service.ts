import type { Db } from '@salon/db'
import { createCustomersRepository } from './customers.repository.ts'
import { eraseCustomer } from './erasure.service.ts'
import type { IdentityServiceDeps } from './identity.service.ts'
import { createIdentityRepository } from './identity.repository.ts'

/** The identity service's transactions: the pool's records and the salons' customer records commit together. */
export function identityTransaction(db: Db): IdentityServiceDeps['transaction'] {
  return (work) =>
    db.transaction((tx) =>
      work({ identity: createIdentityRepository(tx), customers: createCustomersRepository(tx), erase: (request, at) => eraseCustomer(tx, request, at) }),
    )
}
