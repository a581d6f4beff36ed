import { randomBytes, randomUUID } from 'node:crypto'
import { schema, type Db } from '@salon/db'
import { hashApiKey } from '../../modules/shop/shop-access.ts'

/**
 * Salons for the server tests: a shop with its API key, opening hours, booking rules, closures, sunbeds,
 * price list, packages, blog posts and reviews. Every field has a plain default; a test names only what it
 * depends on and reads the rest back from the shop it gets, never from the demo salon's seed.
 */

export type OpeningHours = Pick<typeof schema.openingHours.$inferSelect, 'weekday' | 'opensAt' | 'closesAt'>
export type BedTypeRow = Pick<typeof schema.bedTypes.$inferSelect, 'code' | 'name' | 'description' | 'perMinutePence' | 'sortOrder'>
export type BedRow = Pick<
  typeof schema.beds.$inferSelect,
  'id' | 'type' | 'name' | 'description' | 'features' | 'picture' | 'minMinutes' | 'maxMinutes' | 'cleaningBufferMinutes' | 'sortOrder' | 'active'
>
export type BookingRules = Pick<
  typeof schema.bookingRules.$inferSelect,
  | 'slotStepMinutes'
  | 'leadTimeMinutes'
  | 'horizonDays'
  | 'cancellationCutoffMinutes'
  | 'firstSessionMaxMinutes'
  | 'minHoursBetweenSessions'
  | 'payInSalon'
  | 'payUpFront'
>
export type Closure = Pick<typeof schema.closures.$inferSelect, 'date' | 'reason'>
export type ExtraRow = Pick<
  typeof schema.priceExtras.$inferSelect,
  'id' | 'name' | 'detail' | 'pricePence' | 'sortOrder' | 'vatRateBps' | 'stock' | 'lowStockAt'
>
export type PackageRow = Pick<
  typeof schema.packages.$inferSelect,
  'id' | 'name' | 'description' | 'minutes' | 'pricePence' | 'validityDays' | 'bedTypes' | 'highlight' | 'active' | 'sortOrder'
>
export type PromoCodeRow = Pick<
  typeof schema.promoCodes.$inferSelect,
  'id' | 'code' | 'kind' | 'amount' | 'validFrom' | 'validUntil' | 'maxUses' | 'maxUsesPerCustomer' | 'packageIds' | 'active'
>
export type CommerceSettings = Pick<typeof schema.commerceSettings.$inferSelect, 'referralRewardMinutes' | 'referralRewardValidityDays'>
export type BlogPostRow = Pick<typeof schema.blogPosts.$inferSelect, 'id' | 'title' | 'summary' | 'bodyMarkdown' | 'coverImage' | 'author' | 'publishedAt'>
export type ReviewRow = Pick<typeof schema.reviews.$inferSelect, 'id' | 'authorName' | 'rating' | 'text' | 'publishedAt'>

export interface ShopInput {
  id?: string
  apiKey?: string
  name?: string
  tagline?: string
  addressLine1?: string
  addressLine2?: string
  town?: string
  postcode?: string
  phone?: string
  email?: string
  timeZone?: string
  active?: boolean
  hours?: OpeningHours[]
  /** null: the shop takes no bookings online. */
  rules?: Partial<BookingRules> | null
  closures?: Closure[]
  bedTypes?: (Partial<BedTypeRow> & { code: string })[]
  beds?: (Partial<BedRow> & { type: string })[]
  extras?: Partial<ExtraRow>[]
  packages?: Partial<PackageRow>[]
  /** Promo codes; by default none. */
  promoCodes?: (Partial<PromoCodeRow> & { code: string })[]
  /** Refer-and-earn; null: the shop gives no rewards. */
  commerce?: Partial<CommerceSettings> | null
  posts?: (Partial<BlogPostRow> & { id?: string })[]
  reviews?: Partial<ReviewRow>[]
}

/** Open every day: weekdays 09:00–19:00, Saturday 09:00–17:00, Sunday 10:00–16:00. 0 = Sunday. */
export const STANDARD_HOURS: OpeningHours[] = [
  { weekday: 0, opensAt: '10:00', closesAt: '16:00' },
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '19:00' })),
  { weekday: 6, opensAt: '09:00', closesAt: '17:00' },
]

export const STANDARD_RULES: BookingRules = {
  slotStepMinutes: 15,
  leadTimeMinutes: 60,
  horizonDays: 28,
  cancellationCutoffMinutes: 120,
  firstSessionMaxMinutes: 6,
  minHoursBetweenSessions: 24,
  payInSalon: true,
  payUpFront: false,
}

const STANDARD_BED_TYPES: BedTypeRow[] = [
  { code: 'lay-down', name: 'Lay-down beds', description: 'Lie back under the canopy.', perMinutePence: 60, sortOrder: 1 },
  { code: 'stand-up', name: 'Stand-up booths', description: 'Tubes all around you.', perMinutePence: 70, sortOrder: 2 },
  { code: 'high-pressure', name: 'High-pressure beds', description: 'Filtered lamps for a deeper tan.', perMinutePence: 90, sortOrder: 3 },
]

/** Two lay-down beds, two stand-up booths and one high-pressure bed, each taking a different range of minutes. */
const STANDARD_BEDS: (Partial<BedRow> & { type: string })[] = [
  { type: 'lay-down', name: 'Lay-down One', minMinutes: 3, maxMinutes: 15 },
  { type: 'lay-down', name: 'Lay-down Two', minMinutes: 3, maxMinutes: 12 },
  { type: 'stand-up', name: 'Booth One', minMinutes: 3, maxMinutes: 12 },
  { type: 'stand-up', name: 'Booth Two', minMinutes: 3, maxMinutes: 9 },
  { type: 'high-pressure', name: 'High-pressure One', minMinutes: 3, maxMinutes: 12 },
]

const STANDARD_CLOSURES: Closure[] = [
  { date: '2026-12-25', reason: 'Christmas Day' },
  { date: '2026-12-28', reason: 'Boxing Day (substitute day)' },
]

const STANDARD_POSTS: Partial<BlogPostRow>[] = [
  { title: 'Your first session', publishedAt: new Date('2026-03-12T10:00:00Z') },
  { title: 'Skin types explained', publishedAt: new Date('2026-04-09T09:30:00Z') },
  { title: 'Goggles, always', publishedAt: new Date('2026-05-21T08:45:00Z') },
]

const STANDARD_REVIEWS: Partial<ReviewRow>[] = [
  { authorName: 'Amy B.', rating: 5, text: 'Spotless beds and friendly staff.', publishedAt: new Date('2026-02-01T12:00:00Z') },
  { authorName: 'Chris D.', rating: 4, text: 'Easy to book online.', publishedAt: new Date('2026-03-15T12:00:00Z') },
  { authorName: 'Erin F.', rating: 3, text: 'Busy on Saturdays.', publishedAt: new Date('2026-04-20T12:00:00Z') },
]

let lastShop = 0

export type TestShop = Awaited<ReturnType<typeof createShop>>

/** Creates a shop and everything it offers; answers the rows it wrote, so tests compute what to expect from them. */
export async function createShop(db: Db, input: ShopInput = {}) {
  const n = ++lastShop
  const id = input.id ?? `salon-${n}-${randomBytes(3).toString('hex')}`
  const apiKey = input.apiKey ?? `pk_test_${randomBytes(16).toString('hex')}`
  const shop = {
    id,
    name: input.name ?? `Sunny Days Tanning ${n}`,
    tagline: input.tagline ?? 'Tanning with care',
    addressLine1: input.addressLine1 ?? `${n} Market Street`,
    addressLine2: input.addressLine2 ?? '',
    town: input.town ?? 'Stockport',
    postcode: input.postcode ?? 'SK1 1AA',
    phone: input.phone ?? '01632 960123',
    email: input.email ?? `hello@${id}.example`,
    timeZone: input.timeZone ?? 'Europe/London',
    active: input.active ?? true,
  }
  const hours = input.hours ?? STANDARD_HOURS
  const rules = input.rules === null ? null : { ...STANDARD_RULES, ...input.rules }
  const closures = input.closures ?? STANDARD_CLOSURES
  const bedTypes: BedTypeRow[] = (input.bedTypes ?? STANDARD_BED_TYPES).map((type, i) => ({
    name: type.code,
    description: `${type.code} sunbeds`,
    perMinutePence: 60,
    sortOrder: i + 1,
    ...type,
  }))
  const beds: BedRow[] = (input.beds ?? STANDARD_BEDS).map((bed, i) => ({
    id: `${id}-bed-${i + 1}`,
    name: `Sunbed ${i + 1}`,
    description: 'A sunbed for the tests.',
    features: ['Cooling fan'],
    picture: `/images/beds/bed-${i + 1}.svg`,
    minMinutes: 3,
    maxMinutes: 12,
    cleaningBufferMinutes: 5,
    sortOrder: i + 1,
    active: true,
    ...bed,
  }))
  const extras: ExtraRow[] = (
    input.extras ?? [
      { name: 'Goggles to keep', pricePence: 300 },
      { name: 'Lip balm', pricePence: 350 },
    ]
  ).map((extra, i) => ({
    id: `${id}-extra-${i + 1}`,
    name: `Extra ${i + 1}`,
    detail: 'From the counter.',
    pricePence: 100,
    sortOrder: i + 1,
    vatRateBps: 2000,
    stock: null,
    lowStockAt: null,
    ...extra,
  }))
  const packages: PackageRow[] = (
    input.packages ?? [
      { minutes: 30, pricePence: 1800, validityDays: 60 },
      { minutes: 60, pricePence: 3300, validityDays: 120, highlight: true },
      { minutes: 90, pricePence: 6300, validityDays: 180, bedTypes: bedTypes.map((t) => t.code) },
    ]
  ).map((pkg, i) => ({
    id: `${id}-pkg-${i + 1}`,
    name: `Package ${i + 1}`,
    description: `${pkg.minutes ?? 30} minutes of tanning.`,
    minutes: 30,
    pricePence: 1800,
    validityDays: 60,
    bedTypes: bedTypes.slice(0, 2).map((t) => t.code),
    highlight: false,
    active: true,
    sortOrder: i + 1,
    ...pkg,
  }))
  const promoCodes: PromoCodeRow[] = (input.promoCodes ?? []).map((promo) => ({
    id: randomUUID(),
    kind: 'percent',
    amount: 10,
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validUntil: new Date('2028-01-01T00:00:00Z'),
    maxUses: null,
    maxUsesPerCustomer: 1,
    packageIds: null,
    active: true,
    ...promo,
  }))
  const commerce = input.commerce === null ? null : { referralRewardMinutes: 10, referralRewardValidityDays: 90, ...input.commerce }
  const posts: BlogPostRow[] = (input.posts ?? STANDARD_POSTS).map((post, i) => ({
    id: `post-${i + 1}`,
    title: `Post ${i + 1}`,
    summary: 'A short summary.',
    bodyMarkdown: `## Before you come\n\nBook ahead for post ${i + 1}.\n\n## Afterwards\n\nMoisturise well.`,
    coverImage: `/images/blog/post-${i + 1}.svg`,
    author: 'Jo Writer',
    publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    ...post,
  }))
  const reviews: ReviewRow[] = (input.reviews ?? STANDARD_REVIEWS).map((review, i) => ({
    id: `${id}-review-${i + 1}`,
    authorName: `Reviewer ${i + 1}`,
    rating: 5,
    text: 'Lovely.',
    publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    ...review,
  }))

  await db.transaction(async (tx) => {
    await tx.insert(schema.shops).values(shop)
    await tx.insert(schema.shopApiKeys).values({ shopId: id, keyHash: hashApiKey(apiKey), label: 'Web app' })
    if (hours.length) await tx.insert(schema.openingHours).values(hours.map((h) => ({ shopId: id, ...h })))
    if (rules) await tx.insert(schema.bookingRules).values({ shopId: id, ...rules })
    if (closures.length) await tx.insert(schema.closures).values(closures.map((c) => ({ shopId: id, ...c })))
    if (bedTypes.length) await tx.insert(schema.bedTypes).values(bedTypes.map((t) => ({ shopId: id, ...t })))
    if (beds.length) await tx.insert(schema.beds).values(beds.map((b) => ({ shopId: id, ...b })))
    if (extras.length) await tx.insert(schema.priceExtras).values(extras.map((e) => ({ shopId: id, ...e })))
    if (packages.length) await tx.insert(schema.packages).values(packages.map((p) => ({ shopId: id, ...p })))
    if (promoCodes.length) await tx.insert(schema.promoCodes).values(promoCodes.map((p) => ({ shopId: id, ...p })))
    if (commerce) await tx.insert(schema.commerceSettings).values({ shopId: id, ...commerce })
    if (posts.length) await tx.insert(schema.blogPosts).values(posts.map((p) => ({ shopId: id, ...p })))
    if (reviews.length) await tx.insert(schema.reviews).values(reviews.map((r) => ({ shopId: id, ...r })))
  })

  const typeOf = (bed: { type: string }) => bedTypes.find((t) => t.code === bed.type)!
  return {
    ...shop,
    apiKey,
    /** The headers a client of this shop sends with every API request. */
    headers: { shop_id: id, api_key: apiKey },
    hours,
    rules,
    closures,
    bedTypes,
    beds,
    extras,
    packages,
    promoCodes,
    commerce,
    posts,
    reviews,
    typeOf,
    /** The hours of a weekday (0 = Sunday), or undefined when the shop is shut that day. */
    hoursOn: (weekday: number) => hours.find((h) => h.weekday === weekday),
    /** What a session of these minutes on this bed costs, as the price list says. */
    price: (bed: { type: string }, minutes: number) => typeOf(bed).perMinutePence * minutes,
  }
}

/**
 * A salon with one lay-down sunbed (`bedId`), open 09:00–19:00 every day with no closures and no wait between
 * sessions, and one 30-minute package: the desk's suites book and sell at it whenever they like.
 */
export const deskShop = (bedId: string) =>
  ({
    hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '19:00' })),
    closures: [],
    rules: { minHoursBetweenSessions: 0 },
    bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
    beds: [{ id: bedId, type: 'lay-down', name: 'Lay-down One', maxMinutes: 12, cleaningBufferMinutes: 0 }],
    packages: [{ id: 'starter-30', name: 'Starter 30', minutes: 30, pricePence: 1800, validityDays: 60, bedTypes: ['lay-down'] }],
  }) satisfies ShopInput
