import type { Account, AccountUpdateRequest } from '@salon/contracts/account'
import { type CustomerRow, type CustomersRepository, type Identity } from '../identity/public.ts'
import type { BookingRepository, sunbedSafetyExport } from '../booking/public.ts'
import type { LedgerRepository } from '../commerce/public.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)
/** No profile from a token: the salon's record answers every field. */
const NO_PROFILE: Identity['profile'] = { firstName: null, lastName: null, email: null, phone: null, dob: null, skinType: null }

export function toAccount(row: CustomerRow, identity: Identity): Account {
  const p = identity.profile
  return {
    sub: row.sub,
    phone: p.phone ?? row.phone ?? '',
    email: p.email ?? row.email ?? '',
    firstName: p.firstName ?? row.firstName ?? '',
    lastName: p.lastName ?? row.lastName ?? '',
    dob: p.dob ?? row.dob,
    skinType: p.skinType ?? row.skinType,
    appMarketing: row.appMarketing,
    appTimestamp: iso(row.appTimestamp),
    masterMarketing: row.masterMarketing,
    masterTimestamp: iso(row.masterTimestamp),
    bookingTexts: row.bookingTexts,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The customer's account at one shop: the pool's profile with the shop's consents (docs/product.md §3 accountData). */
export function createAccountService(deps: {
  customers: CustomersRepository
  bookings: Pick<BookingRepository, 'bookingsOf'>
  ledger: Pick<LedgerRepository, 'entries'>
  /** The customer's health answers and skin reactions (docs/product.md §4.15). */
  sunbedSafety?: (shopId: string, sub: string) => ReturnType<typeof sunbedSafetyExport>
  /** The notes the salon's staff kept about the customer (docs/product.md §10.5). */
  notes?: (shopId: string, sub: string) => Promise<{ text: string; createdByName: string; createdAt: Date }[]>
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const customerOf = (shopId: string, identity: Identity) => deps.customers.ensure(shopId, identity.sub, identity.profile)

  /** UK GDPR right of access: everything this shop holds about the customer, as JSON. */
  async function exportOf(shopId: string, row: CustomerRow, identity: Identity) {
    const [bookings, ledger, safety, notes] = await Promise.all([
      deps.bookings.bookingsOf(shopId, row.sub),
      deps.ledger.entries(shopId, row.sub),
      deps.sunbedSafety?.(shopId, row.sub) ?? { healthAnswers: [], skinReactions: [] },
      deps.notes?.(shopId, row.sub) ?? [],
    ])
    const account = toAccount(row, identity)
    return {
      exportedAt: new Date(now()).toISOString(),
      shop: shopId,
      account,
      // The salon's own note about them, brought over from its previous system (docs/product.md §10.5), when it keeps one.
      ...(row.note ? { salonNote: row.note } : {}),
      bookings: bookings.map((b) => ({
        id: b.id,
        bed: b.bedName,
        bedType: b.bedType,
        date: b.localDate,
        startsAt: b.startsAt.toISOString(),
        endsAt: b.endsAt.toISOString(),
        minutes: b.minutes,
        pricePence: b.pricePence,
        paidWith: b.paidWith,
        status: b.status,
      })),
      minutes: ledger.map((e) => ({ minutes: e.minutes, kind: e.kind, bookingId: e.bookingId, at: e.createdAt.toISOString() })),
      healthAnswers: safety.healthAnswers,
      skinReactions: safety.skinReactions,
      staffNotes: notes.map((n) => ({ text: n.text, by: n.createdByName, at: n.createdAt.toISOString() })),
      explanation:
        'Your profile and marketing choices, your sessions at the salon, every change to your minute balance, your answers to the health questions, the skin reactions you or the salon recorded and the notes its staff kept about you, as this salon holds them.',
    }
  }

  return {
    async get(shopId: string, identity: Identity): Promise<Account> {
      return toAccount(await customerOf(shopId, identity), identity)
    },

    /** docs/product.md §4: only the consents and their timestamps change; a timestamp moves when its consent does. */
    async updateConsents(shopId: string, identity: Identity, update: AccountUpdateRequest): Promise<Account> {
      const current = await customerOf(shopId, identity)
      const at = new Date(now())
      const changes: Parameters<CustomersRepository['updateConsents']>[2] = {}
      if (update.appMarketing !== undefined && (update.appMarketing !== current.appMarketing || !current.appTimestamp)) {
        changes.appMarketing = update.appMarketing
        changes.appTimestamp = at
      }
      if (update.masterMarketing !== undefined && (update.masterMarketing !== current.masterMarketing || !current.masterTimestamp)) {
        changes.masterMarketing = update.masterMarketing
        changes.masterTimestamp = at
      }
      // Booking texts are not marketing: the customer's own choice, which a text of STOP also makes (docs/product.md §4.14).
      if (update.bookingTexts !== undefined && update.bookingTexts !== current.bookingTexts) {
        changes.bookingTexts = update.bookingTexts
        changes.bookingTextsChangedAt = at
      }
      const row = Object.keys(changes).length ? await deps.customers.updateConsents(shopId, identity.sub, changes) : current
      return toAccount(row ?? current, identity)
    },

    /** UK GDPR right of access: everything this shop holds about the customer, as JSON. */
    async export(shopId: string, identity: Identity) {
      return exportOf(shopId, await customerOf(shopId, identity), identity)
    },

    /** The same export of a customer's record, asked for by the salon (docs/product.md §10.5): the record's own profile. */
    async exportFor(shopId: string, row: CustomerRow) {
      return exportOf(shopId, row, { sub: row.sub, profile: NO_PROFILE })
    },
  }
}
export type AccountService = ReturnType<typeof createAccountService>
