import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** A salon. Every other tenant table carries its id as shop_id. */
export const shops = pgTable('shops', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull().default(''),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2').notNull().default(''),
  town: text('town').notNull(),
  postcode: text('postcode').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  timeZone: text('time_zone').notNull().default('Europe/London'),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

/** Client keys a web app or other client presents in the api_key header; only a SHA-256 hash is stored. */
export const shopApiKeys = pgTable(
  'shop_api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shop_api_keys_key_hash_idx').on(t.shopId, t.keyHash)],
)

/** Weekly opening hours in the shop's local time; a weekday without a row is closed. 0 = Sunday. */
export const openingHours = pgTable(
  'opening_hours',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensAt: text('opens_at').notNull(),
    closesAt: text('closes_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.weekday] }),
    check('opening_hours_weekday', sql`${t.weekday} between 0 and 6`),
    check('opening_hours_times', sql`${t.opensAt} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.closesAt} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.opensAt} < ${t.closesAt}`),
  ],
)

/** Kinds of sunbed a shop offers, with the price per minute that the price list shows. */
export const bedTypes = pgTable(
  'bed_types',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    perMinutePence: integer('per_minute_pence').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.code] }), check('bed_types_price', sql`${t.perMinutePence} > 0`)],
)

/** One physical sunbed ("Our Sunbeds"). */
export const beds = pgTable(
  'beds',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    picture: text('picture').notNull(),
    minMinutes: integer('min_minutes').notNull(),
    maxMinutes: integer('max_minutes').notNull(),
    cleaningBufferMinutes: integer('cleaning_buffer_minutes').notNull().default(5),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.shopId, t.type], foreignColumns: [bedTypes.shopId, bedTypes.code] }),
    index('beds_shop_idx').on(t.shopId),
    check('beds_minutes', sql`${t.minMinutes} > 0 and ${t.minMinutes} <= ${t.maxMinutes}`),
  ],
)

/** Other items on the price list (goggles, lotions, ...). */
export const priceExtras = pgTable(
  'price_extras',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    pricePence: integer('price_pence').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('price_extras_price', sql`${t.pricePence} >= 0`)],
)

/** Minute packages: minutes of credit for a price, valid for some days, on some bed types. */
export const packages = pgTable(
  'packages',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    minutes: integer('minutes').notNull(),
    pricePence: integer('price_pence').notNull(),
    validityDays: integer('validity_days').notNull(),
    bedTypes: text('bed_types').array().notNull(),
    highlight: boolean('highlight').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('packages_shop_idx').on(t.shopId),
    check('packages_values', sql`${t.minutes} > 0 and ${t.pricePence} > 0 and ${t.validityDays} > 0`),
  ],
)

export const blogPosts = pgTable(
  'blog_posts',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    coverImage: text('cover_image').notNull(),
    author: text('author').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index('blog_posts_published_idx').on(t.shopId, t.publishedAt),
    check('blog_posts_id', sql`${t.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
)

/** Reviews the salon keeps itself; shown when no maps-service key is configured. */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reviews_shop_idx').on(t.shopId), check('reviews_rating', sql`${t.rating} between 1 and 5`)],
)

/** The last answer of the maps service, so that it is asked at most once per cache period. */
export const reviewsCache = pgTable('reviews_cache', {
  shopId: text('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  payload: jsonb('payload').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
})

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    message: text('message').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('contact_messages_reply_to', sql`${t.email} is not null or ${t.phone} is not null`)],
)

/** Visitors who left their details in the home page offer popup, with their explicit marketing consent. */
export const popupLeads = pgTable(
  'popup_leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    marketingConsent: boolean('marketing_consent').notNull(),
    consentText: text('consent_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('popup_leads_contact', sql`${t.email} is not null or ${t.phone} is not null`),
    check('popup_leads_consent', sql`${t.marketingConsent}`),
  ],
)

/** Messages sent by the local SMS and email adapters, shown at /dev/outbox/. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: text('shop_id'),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_sent_idx').on(t.sentAt), check('outbox_channel', sql`${t.channel} in ('sms', 'email')`)],
)

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})
