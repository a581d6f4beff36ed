import { formatPhone } from '@salon/contracts/rules/phone'
import type { Db } from '@salon/db'
import { createCustomersRepository } from './customers.repository.ts'
import { createErasureRepository, type ErasureRepository, type LeadContact } from './erasure.repository.ts'
import { createGroupsRepository } from './groups.repository.ts'
import { createIdentityRepository } from './identity.repository.ts'
import { createPhotoIdChecksRepository } from './photo-id-checks.repository.ts'
import { normalisePhone } from './phone.ts'

/**
 * What erasing a customer does with each table of the database (docs/product.md §4.12, §10.5), decided once per
 * table: a table added to the schema fails erasure.api.test.ts until it has its line here (and, where it holds
 * something of a customer's, its step in eraseCustomer).
 * - erased: the customer's rows are removed;
 * - anonymised: their rows stay for the salon's records, with what names them blanked;
 * - kept: their rows stay as they are, naming them by sub at most, for the reason given;
 * - none: the table holds nothing of a customer's.
 */
export const ERASURE_BY_TABLE = {
  shops: ['none', 'the salon’s own details'],
  shop_api_keys: ['none', 'hashes of the salon’s client keys'],
  site_salon: ['none', 'which salon this installation serves'],
  salon_setup_codes: ['none', 'codes for the first owner’s number during set-up, removed once it is done'],
  opening_hours: ['none', 'the salon’s hours'],
  closures: ['none', 'days the salon is shut'],
  cash_ups: ['none', "a day's till count, kept by the salon; names only the member of staff who closed it"],
  sale_items: ['none', 'products a sale included, with their prices and VAT rates; the payment names the customer'],
  booking_rules: ['none', 'the salon’s booking settings'],
  bed_types: ['none', 'the price list'],
  beds: ['none', 'the sunbeds'],
  bed_out_of_service: ['none', 'repairs of sunbeds, noted by staff'],
  price_extras: ['none', 'the price list'],
  packages: ['none', 'the packages on sale'],
  membership_plans: ['none', 'the membership plans on sale'],
  promo_codes: ['none', 'the salon’s codes'],
  commerce_settings: ['none', 'the referral reward and the salt of its phone fingerprints'],
  blog_posts: ['none', 'the salon’s posts'],
  uploads: ['none', 'pictures staff uploaded'],
  content_settings: ['none', 'the offer popup and the source of reviews'],
  reviews: ['none', 'reviews the salon publishes under the name it types; linked to no customer record'],
  reviews_cache: ['none', 'Google’s public reviews; linked to no customer record'],
  identity_signing_keys: ['none', 'the pool’s keys'],
  rate_limits: ['none', 'counters for an hour, by client address or a hash of a number; linked to no customer record'],
  staff_members: ['none', 'the salon’s team: a member’s own record, not a customer’s (a salon’s erasure keeps an account on a team)'],
  staff_invitations: ['none', 'invitations to the salon’s team'],

  customers: ['anonymised', 'personal fields, consents, the salon’s note and the note of a block blanked; the row stays so sessions and money add up'],
  bookings: ['anonymised', 'the owner’s reason for letting a session past a rule is cleared; the session stays, named by sub'],
  staff_audit_log: ['anonymised', 'entries about them, their sessions and payments lose the staff’s notes (reason, a block’s reason); the facts stay'],
  jobs: ['anonymised', 'the jobs keep only ids; a provider’s error quoting their number is cleared'],
  gift_vouchers: ['anonymised', 'a voucher they bought online loses the name they signed and their message; its value and use stay in the accounts'],
  photo_id_checks: ['anonymised', 'the kind of document goes; that their age was checked, when and by whom stays with the sessions, named by sub'],

  customer_notes: ['erased', 'the notes the salon’s staff kept about them'],
  waitlist_entries: ['erased', 'the days and times they waited for'],
  waitlist_offers: ['erased', 'the times offered to them, with their entries; the hold itself is a session, kept as bookings are'],
  customer_messages: ['erased', 'every text and email sent to them or about them, the salon’s skin-reaction email too'],
  outbox: ['erased', 'the local adapters’ copies of messages to them or naming them'],
  health_answers: ['erased', 'health data, removed with the record (trigger customers_sunbed_safety_erase)'],
  skin_reactions: ['erased', 'health data, removed with the record (trigger customers_sunbed_safety_erase)'],
  contact_messages: ['erased', 'messages left with their number or address'],
  popup_leads: ['erased', 'offer requests left with their number or address'],
  referral_codes: ['erased', 'their own code'],
  identity_users: ['erased', 'the account, unless a salon erases them and they are still another salon’s customer or on a team'],
  identity_codes: ['erased', 'with the account'],
  identity_sessions: ['erased', 'with the account'],
  identity_refresh_tokens: ['erased', 'with the account'],
  identity_devices: ['erased', 'with the account'],
  identity_srp_challenges: ['erased', 'with the account'],
  identity_social_links: ['erased', 'with the account'],
  hosted_sign_in_requests: ['erased', 'with the account'],

  payments: ['kept', 'the salon’s accounts must show every sale: amounts, what was bought, the card’s last four digits'],
  test_payment_intents: ['kept', 'the test processor’s side of those payments: amounts and ids'],
  promo_redemptions: ['kept', 'a code’s uses count against its limits'],
  minute_lots: ['kept', 'the minutes sold and given, which the ledger moves'],
  balance_ledger: ['kept', 'the append-only record of minutes; a staff correction keeps its reason, as the money records do'],
  referrals: ['kept', 'who referred whom, by sub, and the purchase that rewarded it'],
  referral_rewarded_phones: ['kept', 'one-way fingerprints, so a number earns a reward once ever (docs/decisions/021)'],
  voucher_settings: ['none', 'the amounts and expiry of the salon’s gift vouchers'],
  voucher_redemptions: ['kept', 'what was spent of each voucher and into whose credit, by sub: the voucher’s value must add up'],
  credit_lots: ['kept', 'their credit in pounds from redeemed vouchers, by sub: money the salon owes, as the minutes are kept'],
  credit_spends: ['kept', 'what their credit paid for, by sub, as payments are kept'],
  memberships: [
    'kept',
    'the salon’s accounts: which plan, its terms and dates, by sub; an erased customer’s membership is ended at its next renewal, never charged',
  ],
  membership_payments: ['kept', 'the salon’s accounts must show every membership payment: amounts and dates, by sub'],
  membership_uses: ['kept', 'which sessions a membership paid for, by booking: the salon’s accounts'],
  test_kept_cards: ['kept', 'the test processor’s kept cards: what the test card does and its last four digits, never its number'],
  customer_imports: ['kept', 'which records an import from the salon’s previous system wrote to, by sub, so a file imported again brings no minutes twice'],
} as const satisfies Record<string, readonly ['erased' | 'anonymised' | 'kept' | 'none', string]>

export type ErasureRequest =
  /** The customer's own account deletion (DeleteUser): their record at every salon, and their account. */
  | { by: 'customer'; sub: string }
  /**
   * A salon's erasure (its owner's, docs/product.md §10.5): its own record; the account too, unless another salon
   * still holds the customer or they are on a salon's team (the account is theirs there).
   */
  | { by: 'salon'; sub: string; shopId: string }

export interface Erasure {
  /** Whether they had an online account (a confirmed one, not a sign-up nobody finished). */
  online: boolean
  accountDeleted: boolean
}

/** The erasure bound to a transaction, as the identity service's transactions offer it. */
export type EraseInTransaction = (request: ErasureRequest, at: Date) => Promise<Erasure | undefined>

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))]

/**
 * Their contact messages and offer requests at the shops: the same address in any case, or the same number however
 * it was typed (found by its last digits, then compared as the forms take numbers).
 */
async function theirLeads(repo: ErasureRepository, shopIds: string[], phones: string[], emails: string[]): Promise<LeadContact[]> {
  const candidates = await repo.leadsLike(
    shopIds,
    emails,
    phones.map((phone) => phone.replace(/\D/g, '').slice(-8)),
  )
  return candidates.filter(
    (lead) => (lead.email && emails.includes(lead.email.trim().toLowerCase())) || (lead.phone && phones.includes(normalisePhone(lead.phone) ?? '')),
  )
}

/**
 * UK GDPR erasure: the one function both the customer's own deletion and a salon's erasure call, in the caller's
 * transaction. Everything that names the customer goes, in every table (ERASURE_BY_TABLE); what the salon must keep
 * stays under their sub alone. Undefined when the salon holds no record of them that is not erased already.
 */
export async function eraseCustomer(db: Db, request: ErasureRequest, at: Date): Promise<Erasure | undefined> {
  const repo = createErasureRepository(db)
  const { sub } = request
  const records = await repo.lockRecords(sub, request.by === 'salon' ? request.shopId : undefined)
  if (request.by === 'salon' && records.length === 0) return undefined
  const account = await repo.account(sub)
  const keepAccount =
    request.by === 'salon' &&
    ((await createCustomersRepository(db).heldElsewhere(request.shopId, sub)) || (await createGroupsRepository(db).activeMembership(sub)) !== undefined)
  const accountGoes = account !== undefined && !keepAccount
  // While the account stays it keeps its own number and address: only what these records hold is looked for.
  const phones = distinct([...records.map((r) => r.phone), accountGoes ? account.phone : null])
  const emails = distinct([...records.map((r) => r.email), accountGoes ? account.email : null]).map((email) => email.trim().toLowerCase())
  const target = { sub, shopIds: records.map((r) => r.shopId) }

  let outboxIds: number[] = []
  let leads: LeadContact[] = []
  if (target.shopIds.length) {
    outboxIds = await repo.removeMessages(target)
    leads = await theirLeads(repo, target.shopIds, phones, emails)
    await repo.removeLeads(leads)
    await repo.clearJobErrors(target)
    await repo.removeReferralCode(target)
    await repo.removeNotes(target)
    await repo.clearBookingNotes(target)
    await repo.blankVoucherBuyer(target)
    await createPhotoIdChecksRepository(db).anonymise(sub, target.shopIds, at)
    await repo.redactAudit(target, at)
    await repo.blankRecords(target, at)
  }
  const mentions = distinct([...emails, ...phones, ...phones.map(formatPhone), ...leads.flatMap((lead) => [lead.email, lead.phone])])
  // Codes and messages sent to the account's number are the account's, whichever salon sent them.
  await repo.removeOutbox(outboxIds, [...phones, ...emails], mentions, accountGoes ? undefined : target.shopIds)
  if (accountGoes) {
    await repo.removeHostedSignIns(sub)
    // Deleting the pool user ends every session of the account at once (its sessions and tokens go with it).
    await createIdentityRepository(db).deleteUser(sub)
  }
  const online = account !== undefined && account.status !== 'UNCONFIRMED'
  return { online, accountDeleted: online && accountGoes }
}
