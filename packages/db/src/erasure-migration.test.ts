import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from './index.ts'

/** Applies one migration file as the migrator does: statement by statement. */
async function apply(db: PGlite, tag: string) {
  const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8')
  await db.transaction(async (tx) => {
    for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await tx.exec(statement)
  })
}

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
const tags = journal.entries.map((e) => e.tag)
const ERASURE = '0020_erasure'

const SHOP = 'erasure-salon'
const GONE = '11111111-1111-4111-8111-111111111111'
const KEPT = '22222222-2222-4222-8222-222222222222'
const GONE_BOOKING = '33333333-3333-4333-8333-333333333333'
const KEPT_BOOKING = '44444444-4444-4444-8444-444444444444'

describe('the erasure migration removes what earlier erasures left of their customers', () => {
  let db: PGlite
  const rows = async (query: string) => (await db.query<Record<string, unknown>>(query)).rows

  beforeAll(async () => {
    db = await PGlite.create(undefined, { extensions: { btree_gist } })
    for (const tag of tags.slice(0, tags.indexOf(ERASURE))) await apply(db, tag)
    await db.exec(`
      insert into shops (id, name, address_line1, town, postcode, phone, email) values ('${SHOP}', 'Salon', '1 Street', 'Town', 'SK1 1AA', '01632 960000', 'a@b.example');
      insert into bed_types (shop_id, code, name, description, per_minute_pence) values ('${SHOP}', 'lay-down', 'Lay-down', '', 60);
      insert into beds (id, shop_id, type, name, description, picture, min_minutes, max_minutes) values ('bed', '${SHOP}', 'lay-down', 'Bed', '', '', 3, 12);
      insert into customers (shop_id, sub, first_name, erased_at) values ('${SHOP}', '${GONE}', null, now()), ('${SHOP}', '${KEPT}', 'Kay', null);
      insert into bookings (id, shop_id, sub, bed_id, local_date, starts_at, ends_at, blocked_until, minutes, price_pence, paid_with, override_reason) values
        ('${GONE_BOOKING}', '${SHOP}', '${GONE}', 'bed', '2026-11-23', '2026-11-23T10:00Z', '2026-11-23T10:06Z', '2026-11-23T10:06Z', 6, 360, 'in_salon', 'Gone said her GP agreed'),
        ('${KEPT_BOOKING}', '${SHOP}', '${KEPT}', 'bed', '2026-11-24', '2026-11-24T10:00Z', '2026-11-24T10:06Z', '2026-11-24T10:06Z', 6, 360, 'in_salon', 'Kay said her GP agreed');
      insert into outbox (id, shop_id, channel, recipient, body) values (1, '${SHOP}', 'sms', '+447700900001', 'To Gone'), (2, '${SHOP}', 'sms', '+447700900002', 'To Kay');
      insert into customer_messages (id, key, shop_id, sub, kind, channel, recipient, body, status, provider_ref) values
        (gen_random_uuid(), 'gone', '${SHOP}', '${GONE}', 'booking-confirmed', 'sms', '+447700900001', 'To Gone', 'sent', 'outbox:1'),
        (gen_random_uuid(), 'kept', '${SHOP}', '${KEPT}', 'booking-confirmed', 'sms', '+447700900002', 'To Kay', 'sent', 'outbox:2');
      insert into referral_codes (shop_id, sub, code) values ('${SHOP}', '${GONE}', 'GONE1234'), ('${SHOP}', '${KEPT}', 'KEPT1234');
      insert into jobs (id, kind, payload, status, run_at, last_error) values
        (gen_random_uuid(), 'booking.reminder', '{"bookingId": "${GONE_BOOKING}"}', 'failed', now(), 'The number +447700900001 is not valid'),
        (gen_random_uuid(), 'booking.reminder', '{"bookingId": "${KEPT_BOOKING}"}', 'failed', now(), 'The number +447700900002 is not valid');
      insert into staff_audit_log (shop_id, actor_sub, actor_name, actor_role, action, subject_type, subject_id, before, after, reason) values
        ('${SHOP}', gen_random_uuid(), 'Olive', 'owner', 'customer.blocked', 'customer', '${GONE}', '{"blockedReason": null}', '{"blockedReason": "Gone was rude"}', 'Gone was rude'),
        ('${SHOP}', gen_random_uuid(), 'Olive', 'owner', 'booking.cancelled', 'booking', '${GONE_BOOKING}', '{"status": "booked"}', '{"status": "cancelled"}', 'Gone is ill'),
        ('${SHOP}', gen_random_uuid(), 'Olive', 'owner', 'customer.erased', 'customer', '${GONE}', null, '{"erased": true}', 'Asked to be forgotten'),
        ('${SHOP}', gen_random_uuid(), 'Olive', 'owner', 'customer.blocked', 'customer', '${KEPT}', null, '{"blockedReason": "Kay was rude"}', 'Kay was rude');`)
    await apply(db, ERASURE)
    // A new embedded database and every migration: seconds on a quiet machine, more when other suites run beside it.
  }, 60_000)
  afterAll(() => db?.close())

  it('the erased customer’s messages, their outbox copies and referral code go; the other customer’s stay', async () => {
    expect(await rows(`select key from customer_messages order by key`)).toEqual([{ key: 'kept' }])
    expect(await rows(`select id from outbox order by id`)).toEqual([{ id: 2 }])
    expect(await rows(`select code from referral_codes order by code`)).toEqual([{ code: 'KEPT1234' }])
  })

  it('their sessions lose the owner’s note and their jobs the provider’s error; the audit log loses the staff’s notes of them', async () => {
    expect(await rows(`select sub, override_reason from bookings order by sub`)).toEqual([
      { sub: GONE, override_reason: null },
      { sub: KEPT, override_reason: 'Kay said her GP agreed' },
    ])
    expect(await rows(`select last_error from jobs where kind = 'booking.reminder' order by last_error nulls first`)).toEqual([
      { last_error: null },
      { last_error: 'The number +447700900002 is not valid' },
    ])
    expect(await rows(`select action, after, reason, redacted_at is not null as redacted from staff_audit_log order by id`)).toEqual([
      { action: 'customer.blocked', after: {}, reason: null, redacted: true },
      { action: 'booking.cancelled', after: { status: 'cancelled' }, reason: null, redacted: true },
      { action: 'customer.erased', after: { erased: true }, reason: 'Asked to be forgotten', redacted: false },
      { action: 'customer.blocked', after: { blockedReason: 'Kay was rude' }, reason: 'Kay was rude', redacted: false },
    ])
  })
})
