import { sql } from 'drizzle-orm'
import {
  bigserial,
  date,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Bytes as PostgreSQL's bytea: a Buffer from node-postgres, a Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/** A salon. Every other tenant table carries its id as shop_id. */
// Triggers: `availability_shop_changed`, `content_shop_changed`. See docs/architecture.md, "What the database does by itself".
export const shops = pgTable(
  'shops',
  {
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
    /** Whose sunbed law the salon follows: england, wales, scotland or northern-ireland (docs/decisions/031). */
    nation: text('nation').notNull().default('england'),
    /** Days a reported skin reaction stops new bookings (docs/product.md §4.15). */
    reactionPauseDays: integer('reaction_pause_days').notNull().default(7),
    /** The most sessions a customer may have in any 12 months. */
    yearlySessionLimit: integer('yearly_session_limit').notNull().default(60),
    /** Raised when the salon asks every customer the health questions again. */
    healthQuestionsRevision: integer('health_questions_revision').notNull().default(1),
    /** How far below the price list, in percent, a member of staff may sell at the counter; past it only the owner (docs/product.md §10.3). */
    counterMaxDiscountPercent: integer('counter_max_discount_percent').notNull().default(20),
    /** The salon's VAT registration number (GB and 9 or 12 digits); receipts show VAT only when it is set. */
    vatNumber: text('vat_number'),
  },
  (t) => [
    check('shops_nation', sql`${t.nation} in ('england', 'wales', 'scotland', 'northern-ireland')`),
    check(
      'shops_sunbed_settings',
      sql`${t.reactionPauseDays} between 1 and 90 and ${t.yearlySessionLimit} between 1 and 366 and ${t.healthQuestionsRevision} >= 1`,
    ),
    check('shops_counter_max_discount', sql`${t.counterMaxDiscountPercent} between 0 and 100`),
    check('shops_vat_number', sql`${t.vatNumber} is null or ${t.vatNumber} ~ '^GB([0-9]{9}|[0-9]{12})$'`),
  ],
)

/**
 * The salon this installation serves (docs/product.md §11): made once, by the set-up page or `npm run salon -- create`;
 * one row at most. The web app's key is kept as it is: it is a client key that every visitor's browser is sent.
 */
export const siteSalon = pgTable(
  'site_salon',
  {
    one: boolean('one').primaryKey().default(true),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    webApiKey: text('web_api_key').notNull(),
    setUpAt: timestamp('set_up_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('site_salon_one', sql`${t.one}`)],
)

/** The codes that confirm the first owner's mobile number during set-up: hashed, counted, short-lived. */
export const salonSetupCodes = pgTable('salon_setup_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
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
// Triggers: `availability_changed` (free times cached by every process are dropped), `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
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
// Triggers: `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
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
// Triggers: `availability_changed` (free times cached by every process are dropped), `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
export const beds = pgTable(
  'beds',
  {
    id: text('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
// Triggers: `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
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
    /** The VAT rate its price includes, in hundredths of a percent: 2000 (standard), 500 (reduced) or 0 (zero-rated). */
    vatRateBps: integer('vat_rate_bps').notNull().default(2000),
    /** How many the salon has to sell; null when it does not count them (a service, or goggles lent). Never below zero. */
    stock: integer('stock'),
    /** The owner is shown the product as low on stock once its stock is at or below this; null for no warning. */
    lowStockAt: integer('low_stock_at'),
  },
  (t) => [
    check('price_extras_price', sql`${t.pricePence} >= 0`),
    check('price_extras_vat_rate', sql`${t.vatRateBps} in (0, 500, 2000)`),
    check('price_extras_stock', sql`(${t.stock} is null or ${t.stock} >= 0) and (${t.lowStockAt} is null or ${t.lowStockAt} >= 0)`),
  ],
)

/** Minute packages: minutes of credit for a price, valid for some days, on some bed types. */
// Triggers: `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
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
  (t) => [index('packages_shop_idx').on(t.shopId), check('packages_values', sql`${t.minutes} > 0 and ${t.pricePence} > 0 and ${t.validityDays} > 0`)],
)

// Triggers: `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
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
    /** When it shows on the blog once published; a published post dated later is not out until then. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** draft (only the salon's staff see it) or published */
    status: text('status').notNull().default('published'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.id] }),
    index('blog_posts_published_idx').on(t.shopId, t.publishedAt),
    check('blog_posts_id', sql`${t.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('blog_posts_status', sql`${t.status} in ('draft', 'published')`),
  ],
)

/**
 * Pictures the salon's staff uploaded (a blog post's cover), served at /uploads/{shop}/{id}.{ext}: JPEG, PNG or WebP
 * only, as their first bytes say, at most 2 MB. Never changed once made.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** The member of staff who uploaded it. */
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_shop').on(t.shopId),
    check('uploads_content_type', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
    check('uploads_size', sql`octet_length(${t.bytes}) between 1 and 2097152`),
  ],
)

/**
 * What the salon shows of itself beyond its details, one row per shop (a shop without one shows the defaults): the
 * home page's offers popup, and where its reviews come from (docs/product.md §10.4).
 */
// Triggers: `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
export const contentSettings = pgTable(
  'content_settings',
  {
    shopId: text('shop_id')
      .primaryKey()
      .references(() => shops.id, { onDelete: 'cascade' }),
    popupEnabled: boolean('popup_enabled').notNull().default(true),
    popupLabel: text('popup_label').notNull(),
    popupHeadline: text('popup_headline').notNull(),
    popupText: text('popup_text').notNull(),
    popupOffer: text('popup_offer').notNull().default(''),
    /** salon (its own reviews) or google (Google Places, with google_place_id, when the server has an API key) */
    reviewsSource: text('reviews_source').notNull().default('salon'),
    googlePlaceId: text('google_place_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('content_settings_reviews_source', sql`${t.reviewsSource} in ('salon', 'google')`),
    check('content_settings_google', sql`${t.reviewsSource} <> 'google' or ${t.googlePlaceId} is not null`),
  ],
)

/** Reviews the salon keeps itself; shown when no maps-service key is configured. */
// Triggers: `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
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
    /** Set while the salon hides the review from its site. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [index('reviews_shop_idx').on(t.shopId), check('reviews_rating', sql`${t.rating} between 1 and 5`)],
)

/** The last answer of the maps service, so that it is asked at most once per cache period. */
// Triggers: `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
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
    /** When a member of staff marked the message handled, and who (docs/product.md §10.6); both null while it waits. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by'),
  },
  (t) => [
    check('contact_messages_reply_to', sql`${t.email} is not null or ${t.phone} is not null`),
    check('contact_messages_handled', sql`(${t.handledAt} is null) = (${t.handledBy} is null)`),
    index('contact_messages_shop_time').on(t.shopId, t.createdAt),
  ],
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
    /** When a member of staff marked the lead handled, and who (docs/product.md §10.6); both null while it waits. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by'),
  },
  (t) => [
    check('popup_leads_contact', sql`${t.email} is not null or ${t.phone} is not null`),
    check('popup_leads_consent', sql`${t.marketingConsent}`),
    check('popup_leads_handled', sql`(${t.handledAt} is null) = (${t.handledBy} is null)`),
    index('popup_leads_shop_time').on(t.shopId, t.createdAt),
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

/* ---------- Identity: the built-in Cognito-compatible user pool ---------- */

/** RS256 keys the identity service signs tokens with; the public halves are served at /.well-known/jwks.json. */
export const identitySigningKeys = pgTable('identity_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAt(),
})

/**
 * A user of the pool. The username is a generated id (as in Cognito with phone_number as the username attribute);
 * customers sign in with their phone number, unique per pool.
 */
export const identityUsers = pgTable(
  'identity_users',
  {
    sub: uuid('sub').primaryKey(),
    poolId: text('pool_id').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** UNCONFIRMED, CONFIRMED or RESET_REQUIRED */
    status: text('status').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Other attributes by their Cognito names: given_name, family_name, birthdate, custom:skin_type. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The SRP salt and verifier (hex) of the password, for USER_SRP_AUTH (docs/decisions/017); null for an account
     * made before SRP sign-in until its next password sign-in.
     */
    srpSalt: text('srp_salt'),
    srpVerifier: text('srp_verifier'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last sign-in, hosted sign-in or renewal of a session: with bookings and purchases, what keeps a customer active (migration 0025). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identity_users_phone').on(t.poolId, t.phone),
    check('identity_users_status', sql`${t.status} in ('UNCONFIRMED', 'CONFIRMED', 'RESET_REQUIRED')`),
    check('identity_users_srp', sql`(${t.srpSalt} is null) = (${t.srpVerifier} is null)`),
  ],
)

/** One-time codes sent by text message; only their hashes are kept. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('identity_codes_user').on(t.sub, t.purpose), check('identity_codes_purpose', sql`${t.purpose} in ('signup', 'reset')`)],
)

/** A signed-in session: every token issued from one sign-in carries its id as origin_jti. */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    /** The refresh tokens of the session stop working at this instant (30 days after sign-in). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why: sign-out, global-sign-out, password-reset, refresh-token-reuse, password-change, deleted, device-forgotten */
    revokedReason: text('revoked_reason'),
    /** The device the sign-in was made on (its DeviceKey): forgetting the device revokes the session. */
    deviceKey: text('device_key'),
  },
  (t) => [
    index('identity_sessions_user').on(t.sub),
    index('identity_sessions_device')
      .on(t.deviceKey)
      .where(sql`${t.deviceKey} is not null`),
  ],
)

/**
 * A device a customer confirmed (Cognito's ConfirmDevice): its SRP salt and verifier, for DEVICE_SRP_AUTH.
 * Its key is given at sign-in (NewDeviceMetadata) and written on that session; the row is made on confirmation.
 */
export const identityDevices = pgTable(
  'identity_devices',
  {
    deviceKey: text('device_key').primaryKey(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    name: text('name').notNull(),
    /** Hex, from DeviceSecretVerifierConfig. */
    srpSalt: text('srp_salt').notNull(),
    srpVerifier: text('srp_verifier').notNull(),
    remembered: boolean('remembered').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastAuthenticatedAt: timestamp('last_authenticated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_devices_user').on(t.sub, t.createdAt, t.deviceKey),
    check('identity_devices_name', sql`char_length(${t.name}) between 1 and 1024`),
    check('identity_devices_key', sql`char_length(${t.deviceKey}) between 1 and 55`),
  ],
)

/**
 * A PASSWORD_VERIFIER or DEVICE_PASSWORD_VERIFIER challenge waiting for its answer: the key the client's
 * signature must be made with, found by the hash of the SECRET_BLOCK sent. Taken (deleted) by its answer, so
 * single-use; stale after expires_at.
 */
export const identitySrpChallenges = pgTable(
  'identity_srp_challenges',
  {
    secretHash: text('secret_hash').primaryKey(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    /** password: USER_SRP_AUTH's PASSWORD_VERIFIER; device: DEVICE_PASSWORD_VERIFIER. */
    kind: text('kind').notNull(),
    /** The device named at sign-in (password), or the one proving itself (device). */
    deviceKey: text('device_key'),
    key: text('key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('identity_srp_challenges_expiry').on(t.expiresAt),
    check('identity_srp_challenges_kind', sql`${t.kind} in ('password', 'device') and (${t.kind} = 'password' or ${t.deviceKey} is not null)`),
  ],
)

/** Refresh tokens, rotated on every use; only their hashes are kept. */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => identitySessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Set when the token was exchanged for a new one; using it again after the grace period revokes the session. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('identity_refresh_tokens_session').on(t.sessionId)],
)

/**
 * One authorization at the hosted sign-in (/oauth2/authorize, docs/decisions/018): what the client asked for, the
 * round trip to a social provider, the customer's proof of their phone, and at the end the one-time code.
 */
export const hostedSignInRequests = pgTable(
  'hosted_sign_in_requests',
  {
    id: text('id').primaryKey(),
    /** The SHA-256 of the browser's binding cookie: only the browser that started the sign-in may carry it on. */
    browserHash: text('browser_hash').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    state: text('state'),
    codeChallenge: text('code_challenge').notNull(),
    nonce: text('nonce'),
    scope: text('scope').notNull(),
    /** Google or SignInWithApple; null for the salon's own sign-in page. */
    provider: text('provider'),
    /** The state sent to the provider, its nonce and PKCE verifier; the state is cleared once the provider answered. */
    providerState: text('provider_state'),
    providerNonce: text('provider_nonce'),
    providerVerifier: text('provider_verifier'),
    /** Who the provider says this is: subject, email, names. */
    social: jsonb('social').$type<{ subject: string; email: string | null; emailVerified: boolean; givenName: string | null; familyName: string | null }>(),
    /** The account being linked, or the new customer's profile, waiting for the phone code. */
    pending: jsonb('pending').$type<Record<string, string>>(),
    phoneCodeHash: text('phone_code_hash'),
    phoneCodeExpiresAt: timestamp('phone_code_expires_at', { withTimezone: true }),
    phoneCodeAttempts: integer('phone_code_attempts').notNull().default(0),
    sub: uuid('sub'),
    sessionId: uuid('session_id'),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('hosted_sign_in_requests_provider_state').on(t.providerState),
    uniqueIndex('hosted_sign_in_requests_code').on(t.codeHash),
    index('hosted_sign_in_requests_expiry').on(t.expiresAt),
    check('hosted_sign_in_requests_provider', sql`${t.provider} is null or ${t.provider} in ('Google', 'SignInWithApple')`),
  ],
)

/** A social provider's account linked to a pool user: signing in with it signs in as that user. */
export const identitySocialLinks = pgTable(
  'identity_social_links',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    uniqueIndex('identity_social_links_user').on(t.sub, t.provider),
    check('identity_social_links_provider', sql`${t.provider} in ('Google', 'SignInWithApple')`),
  ],
)

/** A customer of one shop: the profile and consents the salon keeps, linked to the pool user by sub. */
// Triggers: `sunbed_safety_erase` (erasure deletes health answers and skin reactions). See docs/architecture.md, "What the database does by itself".
export const customers = pgTable(
  'customers',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id),
    sub: uuid('sub').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    dob: date('dob', { mode: 'string' }),
    skinType: smallint('skin_type'),
    /** Where the account came from, as the sign-up form says (for example online). */
    signupSource: text('signup_source'),
    status: text('status'),
    appMarketing: boolean('app_marketing').notNull().default(false),
    appTimestamp: timestamp('app_timestamp', { withTimezone: true }),
    masterMarketing: boolean('master_marketing').notNull().default(false),
    masterTimestamp: timestamp('master_timestamp', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the customer deleted their account: personal fields are erased, the row stays for the salon's records. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Whether the customer gets booking texts (confirmations, reminders, cancellations, refunds, expiring minutes); STOP turns them off. */
    bookingTexts: boolean('booking_texts').notNull().default(true),
    bookingTextsChangedAt: timestamp('booking_texts_changed_at', { withTimezone: true }),
    /** Set while the salon has blocked the customer from booking and buying online; the reason is the staff's own note. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    /** The salon's own note about the customer, as its previous system kept it (an import); blanked when they are erased (migration 0024). */
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.sub] }),
    index('customers_sub').on(t.sub),
    check('customers_skin_type', sql`${t.skinType} between 1 and 6`),
    check('customers_note', sql`length(${t.note}) <= 1000`),
  ],
)

/**
 * Notes the salon's staff keep about a customer (docs/product.md §10.5): what was said at the desk, a preference, a
 * reminder for the next visit; each with who wrote it and when, newest first. Removed when the customer is erased.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').notNull(),
    /** The member's name as it was then, so a note still says who wrote it once they have left. */
    createdByName: text('created_by_name').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub], name: 'customer_notes_customer_fk' }).onDelete('cascade'),
    index('customer_notes_customer').on(t.shopId, t.sub, t.createdAt),
    check('customer_notes_text', sql`length(${t.text}) between 1 and 1000`),
  ],
)

/* ---------- Booking: the shop's schedule, sessions and the minute balance ---------- */

/**
 * A date whose hours are not the weekly ones, in the shop's local dates: shut (bank holidays, refits) when opens_at
 * and closes_at are null, or open at those hours instead (a late night before Christmas, a short Christmas Eve),
 * docs/decisions/039. One row per date, so a date is either closed or has special hours, never both.
 */
// Triggers: `availability_changed` (free times cached by every process are dropped), `content_changed` (cached public pages are dropped). See docs/architecture.md, "What the database does by itself".
export const closures = pgTable(
  'closures',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    /** The date's special opening time (HH:MM, local); null on a day the salon is closed. */
    opensAt: text('opens_at'),
    /** The date's special closing time (HH:MM, local); null on a day the salon is closed. */
    closesAt: text('closes_at'),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.date] }),
    check(
      'closures_special_hours',
      sql`(${t.opensAt} is null and ${t.closesAt} is null) or (${t.opensAt} is not null and ${t.closesAt} is not null and ${t.opensAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closesAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.opensAt} < ${t.closesAt})`,
    ),
  ],
)

/**
 * A time a sunbed is out of service (a repair, a lamp change): no session may use it from starts_at until ends_at.
 * Free times leave the bed out meanwhile, and a booking and the period's insert both lock the bed's row, so one of
 * them sees the other (docs/product.md §10.4). Its GiST index on (bed, range) is in the migration.
 */
// Triggers: `availability_changed` (free times cached by every process are dropped). See docs/architecture.md, "What the database does by itself".
export const bedOutOfService = pgTable(
  'bed_out_of_service',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    bedId: text('bed_id')
      .notNull()
      .references(() => beds.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    /** The member of staff who put the bed out of service. */
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('bed_out_of_service_times', sql`${t.endsAt} > ${t.startsAt}`),
    check('bed_out_of_service_reason', sql`char_length(${t.reason}) between 1 and 200`),
  ],
)

/** How a shop takes bookings; one row per shop. A shop without a row does not take bookings online. */
// Triggers: `availability_changed` (free times cached by every process are dropped). See docs/architecture.md, "What the database does by itself".
export const bookingRules = pgTable(
  'booking_rules',
  {
    shopId: text('shop_id')
      .primaryKey()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Offered start times are this many minutes apart, counted from opening time. */
    slotStepMinutes: integer('slot_step_minutes').notNull().default(15),
    /** The earliest start is this far after now. */
    leadTimeMinutes: integer('lead_time_minutes').notNull().default(60),
    /** The latest bookable day is today plus this many days (shop's local dates). */
    horizonDays: integer('horizon_days').notNull().default(28),
    /** A session can be cancelled until this long before it starts. */
    cancellationCutoffMinutes: integer('cancellation_cutoff_minutes').notNull().default(120),
    /** The longest a customer's first session may be (HSE guidance: start short). */
    firstSessionMaxMinutes: integer('first_session_max_minutes').notNull().default(6),
    /** The least time from the start of one of a customer's sessions to the start of another. */
    minHoursBetweenSessions: integer('min_hours_between_sessions').notNull().default(24),
    /** Whether a session the balance does not cover may be paid for in the salon. */
    payInSalon: boolean('pay_in_salon').notNull().default(true),
    /** Whether a session the balance does not cover is paid by card when it is booked, its bed held while the payment is pending. */
    payUpFront: boolean('pay_up_front').notNull().default(false),
    /** How long before a session its reminder is sent; 0 sends none. A booking made inside that time gets no reminder. */
    reminderHoursBefore: integer('reminder_hours_before').notNull().default(24),
  },
  (t) => [
    check(
      'booking_rules_values',
      sql`${t.slotStepMinutes} between 1 and 240 and ${t.leadTimeMinutes} >= 0 and ${t.horizonDays} between 0 and 366
        and ${t.cancellationCutoffMinutes} >= 0 and ${t.firstSessionMaxMinutes} > 0 and ${t.minHoursBetweenSessions} >= 0
        and ${t.reminderHoursBefore} between 0 and 168`,
    ),
  ],
)

/**
 * A sunbed session. blocked_until is the end plus the bed's cleaning buffer: the exclusion constraint
 * bookings_no_overlap (in the migration, as drizzle cannot declare it) keeps the blocked ranges of a bed apart,
 * and its GiST index on (bed, blocked range) is also how a day's bookings are found.
 */
// Triggers: `booking_bed_open` (no session on a retired bed, out of service or on a closed day), `bookings_ask_for_messages` (messages and card refunds queued as jobs), `availability_changed` (free times cached by every process are dropped). See docs/architecture.md, "What the database does by itself".
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    bedId: text('bed_id')
      .notNull()
      .references(() => beds.id),
    /** The shop's local date of the start: one active booking per customer and day. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    pricePence: integer('price_pence').notNull(),
    /**
     * balance, in_salon, card, membership (docs/product.md "Memberships") or credit (gift voucher credit, spent on its
     * payments row: docs/product.md "Gift vouchers")
     */
    paidWith: text('paid_with').notNull(),
    /** pending (its bed held until hold_until while the card payment is made), booked, attended, no_show or cancelled */
    status: text('status').notNull().default('booked'),
    /** The staff member who booked it at the salon (a walk-in or by phone); null when the customer booked online. */
    bookedBy: uuid('booked_by'),
    /** Why the owner let this booking past a sunbed rule (docs/product.md §10); null when no rule was overridden. */
    overrideReason: text('override_reason'),
    /** For a pending booking: when its hold on the bed ends unless the payment has succeeded. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The member of staff who cancelled it on the customer's behalf; null when the customer did (or it lapsed). */
    cancelledBy: uuid('cancelled_by'),
    /**
     * A session to be paid in the salon, paid at the desk (docs/product.md §10.2): cash or card_terminal (with its
     * payments row), balance (paid_with becomes balance and its minutes are spent) or credit (paid_with becomes credit,
     * spent on its payments row); when, and the member of staff
     * who took it. Null until then, and again when the owner undoes a payment taken by mistake.
     */
    deskPayment: text('desk_payment'),
    deskPaidAt: timestamp('desk_paid_at', { withTimezone: true }),
    deskPaidBy: uuid('desk_paid_by'),
  },
  (t) => [
    foreignKey({ columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }),
    index('bookings_customer_time').on(t.shopId, t.sub, t.startsAt),
    index('bookings_shop_date').on(t.shopId, t.localDate),
    uniqueIndex('bookings_one_per_day')
      .on(t.shopId, t.sub, t.localDate)
      .where(sql`status <> 'cancelled'`),
    check('bookings_status', sql`${t.status} in ('pending', 'booked', 'attended', 'no_show', 'cancelled')`),
    check('bookings_paid_with', sql`${t.paidWith} in ('balance', 'in_salon', 'card', 'membership', 'credit')`),
    check(
      'bookings_desk_payment',
      sql`(${t.deskPayment} is null and ${t.deskPaidAt} is null and ${t.deskPaidBy} is null)
      or (${t.deskPayment} in ('cash', 'card_terminal') and ${t.paidWith} = 'in_salon' and ${t.deskPaidAt} is not null and ${t.deskPaidBy} is not null)
      or (${t.deskPayment} = 'balance' and ${t.paidWith} = 'balance' and ${t.deskPaidAt} is not null and ${t.deskPaidBy} is not null)
      or (${t.deskPayment} = 'credit' and ${t.paidWith} = 'credit' and ${t.deskPaidAt} is not null and ${t.deskPaidBy} is not null)`,
    ),
    check('bookings_hold', sql`(${t.status} = 'pending') = (${t.holdUntil} is not null) or ${t.status} = 'cancelled'`),
    check('bookings_minutes', sql`${t.minutes} > 0 and ${t.pricePence} >= 0`),
    check(
      'bookings_times',
      sql`${t.endsAt} = ${t.startsAt} + make_interval(mins => ${t.minutes}) and ${t.blockedUntil} >= ${t.endsAt} and ${t.blockedUntil} <= ${t.startsAt} + interval '12 hours'`,
    ),
  ],
)

/**
 * Minutes a customer holds at a shop, in lots: each purchase, referral reward or adjustment is one lot with its
 * own expiry and the bed types it pays for. `remaining` is kept by a trigger from the lot's ledger rows (never
 * written by the application), and its check constraint is what stops a lot going below zero under any concurrency.
 */
// Triggers: `minute_lots_only_through_ledger` (changed only by its ledger rows). See docs/architecture.md, "What the database does by itself".
export const minuteLots = pgTable(
  'minute_lots',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    /** purchase, referral, adjustment or import (minutes brought over from the salon's previous system, migration 0024) */
    source: text('source').notNull(),
    /** What the customer sees: the package's name, "Referral reward", ... */
    label: text('label').notNull(),
    /** The minutes the lot was given. */
    minutes: integer('minutes').notNull(),
    /** The sum of the lot's ledger rows, kept by the trigger minute_lots_remaining. */
    remaining: integer('remaining').notNull().default(0),
    bedTypes: text('bed_types').array().notNull(),
    /** The first instant the minutes can no longer be used: the start of the shop's local day after the last valid one. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The payment that bought it: one purchase lot per payment. */
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }),
    uniqueIndex('minute_lots_owner').on(t.id, t.shopId, t.sub),
    uniqueIndex('minute_lots_one_per_payment').on(t.paymentId),
    index('minute_lots_customer').on(t.shopId, t.sub, t.expiresAt),
    check('minute_lots_source', sql`${t.source} in ('purchase', 'referral', 'adjustment', 'import')`),
    check('minute_lots_remaining', sql`${t.minutes} > 0 and ${t.remaining} between 0 and ${t.minutes}`),
    check('minute_lots_purchase', sql`(${t.source} = 'purchase') = (${t.paymentId} is not null)`),
  ],
)

/**
 * Every change to a customer's minutes, as an append-only ledger: the balance is the sum, never a counter
 * changed in place. A trigger in the migration refuses updates and deletes. Rows written since lots exist
 * name their lot; a booking may be paid from several lots, one row each.
 */
// Triggers: `balance_ledger_append_only`, `minute_lots_follow_ledger` (each row moves its lot's remaining minutes). See docs/architecture.md, "What the database does by itself".
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    /** Positive adds minutes, negative spends them. */
    minutes: integer('minutes').notNull(),
    /** purchase, booking, refund, referral, expiry or adjustment */
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    lotId: uuid('lot_id'),
    /** The staff member who made the change at the salon (a counter sale, a correction); null when the customer or the system did. */
    recordedBy: uuid('recorded_by'),
    /** Why a staff member corrected the balance; required for an adjustment made by staff. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }),
    // A row can only move minutes of a lot that belongs to the same customer at the same shop.
    foreignKey({ columns: [t.lotId, t.shopId, t.sub], foreignColumns: [minuteLots.id, minuteLots.shopId, minuteLots.sub] }),
    index('balance_ledger_customer').on(t.shopId, t.sub),
    index('balance_ledger_lot').on(t.lotId),
    // A booking is paid once and refunded once at most from each lot.
    uniqueIndex('balance_ledger_booking_once')
      .on(t.bookingId, t.kind, t.lotId)
      .where(sql`booking_id is not null`),
    // A lot expires once.
    uniqueIndex('balance_ledger_expiry_once')
      .on(t.lotId)
      .where(sql`kind = 'expiry'`),
    check('balance_ledger_kind', sql`${t.kind} in ('purchase', 'booking', 'refund', 'referral', 'expiry', 'adjustment')`),
    check('balance_ledger_minutes', sql`${t.minutes} <> 0`),
    check(
      'balance_ledger_booking',
      sql`(${t.kind} in ('booking', 'refund')) = (${t.bookingId} is not null) and (${t.kind} <> 'booking' or ${t.minutes} < 0) and (${t.kind} <> 'refund' or ${t.minutes} > 0)`,
    ),
    check('balance_ledger_expiry', sql`${t.kind} <> 'expiry' or ${t.minutes} < 0`),
    check('balance_ledger_staff_reason', sql`${t.recordedBy} is null or ${t.kind} <> 'adjustment' or length(trim(${t.reason})) > 0`),
  ],
)

/* ---------- Commerce: promo codes, payments, referrals ---------- */

/** How a shop runs refer-and-earn; one row per shop. A shop without a row gives no referral rewards. */
export const commerceSettings = pgTable(
  'commerce_settings',
  {
    shopId: text('shop_id')
      .primaryKey()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Free minutes each of the two customers gets when a referred friend makes a first purchase; 0 gives none. */
    referralRewardMinutes: integer('referral_reward_minutes').notNull().default(10),
    /** Days a referral reward can be used for. */
    referralRewardValidityDays: integer('referral_reward_validity_days').notNull().default(90),
    /**
     * The shop's own random salt for the one-way fingerprints of the phone numbers that earned a referral reward
     * (referral_rewarded_phones); made once with the row and never shown. Changing it would let every number earn again.
     */
    referralPhoneSalt: text('referral_phone_salt')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  },
  (t) => [check('commerce_settings_values', sql`${t.referralRewardMinutes} >= 0 and ${t.referralRewardValidityDays} > 0`)],
)

/** Discount codes: a percentage or a fixed amount off a package, between two instants, with usage limits. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Stored in capitals; customers may type it in any case. */
    code: text('code').notNull(),
    /** percent or fixed */
    kind: text('kind').notNull(),
    /** Percent (1 to 100) or pence off. */
    amount: integer('amount').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** How many purchases may use it in all; null for no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer').notNull().default(1),
    /** The packages it is for; null for every package. */
    packageIds: text('package_ids').array(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code').on(t.shopId, t.code),
    check('promo_codes_code_format', sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check('promo_codes_kind', sql`${t.kind} in ('percent', 'fixed')`),
    check('promo_codes_amount', sql`${t.amount} > 0 and (${t.kind} <> 'percent' or ${t.amount} <= 100)`),
    check('promo_codes_dates', sql`${t.validFrom} < ${t.validUntil}`),
    check('promo_codes_limits', sql`(${t.maxUses} is null or ${t.maxUses} > 0) and ${t.maxUsesPerCustomer} > 0`),
  ],
)

/**
 * A card payment for a package or a session, for an amount the server worked out. What it buys is copied in
 * when it is made, so a package the salon changes later still gives what was paid for.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    /** The customer who paid; null only for products sold at the counter to someone with no record at the salon. */
    sub: uuid('sub'),
    /** The client's key for this checkout: the same key always answers the same payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * offline (the built-in test processor) or stripe; cash or card_terminal for a sale at the salon's counter; credit
     * for a package or session paid wholly from the customer's gift voucher credit (no money came in: the voucher's sale
     * was that).
     */
    provider: text('provider').notNull(),
    /** The staff member who took a counter sale; null for a payment the customer made online. */
    recordedBy: uuid('recorded_by'),
    /** The provider's id for it (a PaymentIntent id); set once the provider has made it. */
    providerRef: text('provider_ref'),
    clientSecret: text('client_secret'),
    /**
     * creating, pending, succeeded, refunded, failed or cancelled; or refused: the money came in but the purchase
     * was refused (refused_reason says why) and is owed back, until the refund goes through and it is refunded.
     */
    status: text('status').notNull().default('creating'),
    /** Why a payment that took money bought nothing: its promo code was already_used by the customer, or used_up. */
    refusedReason: text('refused_reason'),
    /**
     * package or session; minutes for minutes sold loose at the counter, retail for products sold alone there
     * (docs/product.md §10.3). Products sold with a package are its sale_items, their price in price_pence.
     */
    purpose: text('purpose').notNull(),
    packageId: text('package_id'),
    bookingId: uuid('booking_id').references(() => bookings.id),
    description: text('description').notNull(),
    pricePence: integer('price_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id),
    /** What a package payment gives: minutes, bed types and days of validity. */
    lotMinutes: integer('lot_minutes'),
    lotBedTypes: text('lot_bed_types').array(),
    lotValidityDays: integer('lot_validity_days'),
    createdAt: createdAt(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** When the money went back (status refunded), so a day's takings count the refund on its own day. */
    /**
     * A refund owed to the card (a cancelled card-paid session), recorded in the cancellation's transaction; a job
     * asks the provider until it confirms (refunded_at), or gives up (refund_failed_at, refund_error) for the salon.
     */
    refundOwedAt: timestamp('refund_owed_at', { withTimezone: true }),
    refundFailedAt: timestamp('refund_failed_at', { withTimezone: true }),
    refundError: text('refund_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What was given back when it was part of the amount (the unused minutes' share); null when it was all of it. */
    refundedPence: integer('refunded_pence'),
    /** The last four digits of the card that paid, for the receipt. */
    cardLast4: text('card_last4'),
    /**
     * Gift voucher credit that pays the rest of a package bought by card (amount_pence is the card's part): spent into
     * credit_spends with the pending payment, given back if it is never paid (docs/decisions/053). 0 for any other payment.
     */
    creditPence: integer('credit_pence').notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }),
    uniqueIndex('payments_idempotency').on(t.shopId, t.sub, t.idempotencyKey),
    uniqueIndex('payments_idempotency_no_customer')
      .on(t.shopId, t.idempotencyKey)
      .where(sql`sub is null`),
    uniqueIndex('payments_provider_ref').on(t.provider, t.providerRef),
    // A session paid at the desk is paid once, however many desks take it at once (docs/product.md §10.2).
    uniqueIndex('payments_desk_session_once')
      .on(t.bookingId)
      .where(sql`provider in ('cash', 'card_terminal') and status = 'succeeded' and booking_id is not null`),
    // A session paid with credit is paid once: online when booked, or at the desk.
    uniqueIndex('payments_credit_session_once')
      .on(t.bookingId)
      .where(sql`provider = 'credit' and status = 'succeeded' and booking_id is not null`),
    index('payments_promo_code').on(t.promoCodeId),
    index('payments_shop_succeeded').on(t.shopId, t.succeededAt),
    index('payments_shop_refunded')
      .on(t.shopId, t.refundedAt)
      .where(sql`refunded_at is not null`),
    check('payments_provider', sql`${t.provider} in ('offline', 'stripe', 'cash', 'card_terminal', 'credit')`),
    check('payments_counter', sql`(${t.provider} in ('cash', 'card_terminal')) = (${t.recordedBy} is not null)`),
    check('payments_status', sql`${t.status} in ('creating', 'pending', 'succeeded', 'refused', 'refunded', 'failed', 'cancelled')`),
    // Only a package bought online by card takes part of its price from credit.
    check('payments_credit_part', sql`${t.creditPence} = 0 or (${t.creditPence} > 0 and ${t.provider} in ('offline', 'stripe') and ${t.purpose} = 'package')`),
    // The sweep finds card payments holding credit that were never paid (docs/decisions/053).
    index('payments_credit_held')
      .on(t.createdAt)
      .where(sql`credit_pence > 0 and status in ('creating', 'pending')`),
    check(
      'payments_refused',
      sql`(${t.refusedReason} is null and ${t.status} <> 'refused') or (${t.refusedReason} in ('already_used', 'used_up') and ${t.status} in ('refused', 'refunded'))`,
    ),
    check(
      'payments_purpose',
      sql`(${t.purpose} = 'package' and ${t.packageId} is not null and ${t.lotMinutes} > 0 and ${t.lotValidityDays} > 0 and ${t.lotBedTypes} is not null)
      or (${t.purpose} = 'session' and ${t.bookingId} is not null)
      or (${t.purpose} = 'minutes' and ${t.packageId} is null and ${t.bookingId} is null and ${t.lotMinutes} > 0 and ${t.lotValidityDays} > 0 and ${t.lotBedTypes} is not null and ${t.provider} in ('cash', 'card_terminal'))
      or (${t.purpose} = 'retail' and ${t.packageId} is null and ${t.bookingId} is null and ${t.lotMinutes} is null and ${t.provider} in ('cash', 'card_terminal'))
      or (${t.purpose} = 'voucher' and ${t.bookingId} is null and ${t.lotMinutes} is null)`,
    ),
    check('payments_customer', sql`${t.sub} is not null or ${t.purpose} in ('retail', 'voucher')`),
    check('payments_refunded_at', sql`${t.refundedAt} is null or ${t.status} = 'refunded'`),
    check('payments_refunded_pence', sql`${t.refundedPence} is null or (${t.refundedPence} > 0 and ${t.refundedPence} <= ${t.amountPence})`),
    check(
      'payments_amount',
      sql`${t.discountPence} >= 0 and ${t.amountPence} = ${t.pricePence} - ${t.discountPence} - ${t.creditPence} and ${t.amountPence} >= 30`,
    ),
    check('payments_currency', sql`${t.currency} = 'gbp'`),
  ],
)

/**
 * A product sold at the counter (docs/product.md §10.3): alone (a payment of purpose retail) or with a package. Its
 * name, price and VAT rate are copied in when it is sold, so the receipt still says what was paid for after the
 * price list changes.
 */
export const saleItems = pgTable(
  'sale_items',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The product on the price list; null once the salon has taken it off. */
    extraId: text('extra_id').references(() => priceExtras.id, { onDelete: 'set null' }),
    /** The line's place on the receipt, from 1. */
    line: integer('line').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    vatRateBps: integer('vat_rate_bps').notNull(),
  },
  (t) => [
    uniqueIndex('sale_items_payment_line').on(t.paymentId, t.line),
    check('sale_items_values', sql`${t.quantity} between 1 and 100 and ${t.unitPricePence} >= 0 and ${t.vatRateBps} in (0, 500, 2000)`),
  ],
)

/**
 * A day's cash-up at the desk (docs/product.md §10.3): the float, what was counted in the till and on the card
 * terminal's end-of-day slip, what the takings said should be there when the day was closed, and who closed it. One
 * per salon and local date.
 */
export const cashUps = pgTable(
  'cash_ups',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    floatPence: integer('float_pence').notNull(),
    countedCashPence: integer('counted_cash_pence').notNull(),
    countedCardPence: integer('counted_card_pence').notNull(),
    /** The float and the day's net cash takings when it was closed. */
    expectedCashPence: integer('expected_cash_pence').notNull(),
    /** The day's net card-terminal takings when it was closed. */
    expectedCardPence: integer('expected_card_pence').notNull(),
    note: text('note'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedBy: uuid('closed_by').notNull(),
    /** The member's name as it was then, so the report still names them once they have left. */
    closedByName: text('closed_by_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.localDate] }),
    check('cash_ups_amounts', sql`${t.floatPence} >= 0 and ${t.countedCashPence} >= 0 and ${t.countedCardPence} >= 0`),
  ],
)

/**
 * The built-in test processor's own record of a payment, as a card processor would keep it: the offline
 * stand-in for Stripe's PaymentIntents. Never holds a card number.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** requires_payment_method, requires_action, succeeded or canceled, as Stripe names them */
    status: text('status').notNull().default('requires_payment_method'),
    /** The last card's refusal code (card_declined, insufficient_funds), when it was refused. */
    lastError: text('last_error'),
    /** The last four digits of the card that paid, for the receipt. */
    cardLast4: text('card_last4'),
    metadata: jsonb('metadata').notNull(),
    /** Set when the whole amount was given back to the card. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('test_payment_intents_status', sql`${t.status} in ('requires_payment_method', 'requires_action', 'succeeded', 'canceled')`)],
)

/** One promo code counted against one payment; it counts while the payment is pending (for a while) or once it has succeeded. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('promo_redemptions_code').on(t.promoCodeId, t.sub)],
)

/**
 * The phone numbers whose owner earned a referral reward at a shop, as one-way fingerprints (scrypt of the E.164
 * number with the shop's salt), so a number earns once, ever: the record outlives the account, names no customer
 * and holds no personal data (docs/decisions/021).
 */
export const referralRewardedPhones = pgTable(
  'referral_rewarded_phones',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    phoneHash: text('phone_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.phoneHash] }), check('referral_rewarded_phones_hash', sql`${t.phoneHash} ~ '^[0-9a-f]{64}$'`)],
)

/** Customers and the referral codes they shared; a friend is referred once, and rewarded once. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.sub] }),
    foreignKey({ columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }),
    uniqueIndex('referral_codes_code').on(t.shopId, t.code),
    check('referral_codes_format', sql`${t.code} ~ '^[A-Z0-9]{6,12}$'`),
  ],
)

export const referrals = pgTable(
  'referrals',
  {
    shopId: text('shop_id').notNull(),
    /** The friend who signed up with the code: referred once. */
    friendSub: uuid('friend_sub').notNull(),
    referrerSub: uuid('referrer_sub').notNull(),
    createdAt: createdAt(),
    /** The friend's first purchase, which rewarded both: set once. */
    rewardedPaymentId: uuid('rewarded_payment_id').references(() => payments.id),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.friendSub] }),
    foreignKey({ columns: [t.shopId, t.friendSub], foreignColumns: [customers.shopId, customers.sub] }),
    foreignKey({ columns: [t.shopId, t.referrerSub], foreignColumns: [customers.shopId, customers.sub] }),
    index('referrals_referrer').on(t.shopId, t.referrerSub),
    check('referrals_not_self', sql`${t.friendSub} <> ${t.referrerSub}`),
    check('referrals_reward', sql`(${t.rewardedPaymentId} is null) = (${t.rewardedAt} is null)`),
  ],
)

/* ---------- Staff: the salon's team, their invitations, and every change they make ---------- */

/**
 * A member of a shop's staff: a user of the pool in the Cognito group owner or staff, which their tokens carry as
 * cognito:groups. An account belongs to one shop's staff at a time; a removed member's row stays for the audit log.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    sub: uuid('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    /** owner or staff */
    role: text('role').notNull(),
    name: text('name').notNull(),
    /** Who added them (null for the first owner, made by the staff command). */
    addedBy: uuid('added_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.sub] }),
    uniqueIndex('staff_members_one_shop')
      .on(t.sub)
      .where(sql`removed_at is null`),
    check('staff_members_role', sql`${t.role} in ('owner', 'staff')`),
  ],
)

/** An invitation to a shop's staff, sent by text message with a six-digit code (hashed here), spent once. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** E.164 */
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes tried: the invitation is spent after five. */
    attempts: integer('attempts').notNull().default(0),
    invitedBy: uuid('invited_by').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedSub: uuid('accepted_sub'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_invitations_phone').on(t.shopId, t.phone),
    check('staff_invitations_role', sql`${t.role} in ('owner', 'staff')`),
    check('staff_invitations_accepted', sql`(${t.acceptedAt} is null) = (${t.acceptedSub} is null)`),
  ],
)

/**
 * Every change a member of staff makes, with who, when, what, and the record before and after: append-only (the
 * trigger staff_audit_log_append_only), but for the redaction of an erased customer's entries.
 */
// Triggers: `staff_audit_log_append_only` (but for one redaction at erasure). See docs/architecture.md, "What the database does by itself".
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    actorSub: uuid('actor_sub').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** What was done, as a dotted name: booking.attended, team.invited, price.changed... */
    action: text('action').notNull(),
    /** What it was done to: booking, customer, bed, package... and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    /** What the owner should look at in this change, for example a sale a member of staff made to themselves (docs/product.md §10.8). */
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /**
     * Set when erasing the customer the entry is about took out the staff's notes of them (reason, a block's reason):
     * the one change the append-only trigger allows, once (migration 0020).
     */
    redactedAt: timestamp('redacted_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_audit_log_shop_time').on(t.shopId, t.createdAt),
    index('staff_audit_log_subject').on(t.shopId, t.subjectType, t.subjectId),
    index('staff_audit_log_flagged')
      .on(t.shopId, t.id)
      .where(sql`${t.flags} <> '{}'`),
  ],
)

/* ---------- Jobs: work done later, shared by every server process ---------- */

/**
 * The job queue (docs/decisions/029): work that happens later (messages, reminders, refunds, sweeps), taken by one
 * process at a time with FOR UPDATE SKIP LOCKED, taken again when the process holding it dies (locked_until passes),
 * retried with backoff and kept as failed after its last try. A key makes a job once: enqueuing the same key again
 * adds nothing, however many processes do it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    /** What the job needs, as JSON; never a secret. */
    payload: jsonb('payload').notNull().default({}),
    /**
     * The salon the job's work is for, so its owner sees it when it fails; null for the installation's own work
     * (sweeps, backups). Set by the database from the payload when the job is added (the `jobs_shop` trigger).
     */
    shopId: text('shop_id'),
    /** One job per key, ever (for example reminder:<booking id>, or sweep:rate-limits:<hour>). */
    key: text('key'),
    /** queued, running, done, failed or cancelled */
    status: text('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** While running: the process that took it, and when it may be taken again if that process has died. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** What the job answered when done (a provider's message id, a count), for the record. */
    result: jsonb('result'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    index('jobs_due')
      .on(t.runAt)
      .where(sql`status = 'queued'`),
    index('jobs_running')
      .on(t.lockedUntil)
      .where(sql`status = 'running'`),
    index('jobs_kind_status').on(t.kind, t.status),
    index('jobs_failed_by_shop')
      .on(t.shopId, t.finishedAt)
      .where(sql`status = 'failed'`),
    check('jobs_status', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    check('jobs_attempts', sql`${t.attempts} >= 0 and ${t.maxAttempts} > 0`),
    check('jobs_running_lock', sql`${t.status} <> 'running' or (${t.lockedBy} is not null and ${t.lockedUntil} is not null)`),
  ],
)

/**
 * Every message sent to a customer about their bookings and money, once per key (a job's key and the channel): a
 * retry finds the row and sends nothing again. The provider's id is kept, and its delivery callbacks set the status.
 * The trigger customer_messages_not_for_erased drops a row about a customer whose record is erased (migration 0020).
 */
// Triggers: `customer_messages_not_for_erased` (no message about an erased customer). See docs/architecture.md, "What the database does by itself".
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: uuid('id').primaryKey(),
    /** For example confirmation:<booking id>:sms */
    key: text('key').notNull(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub'),
    /** booking-confirmed, booking-reminder, booking-cancelled, refund-done, minutes-expiring, payment-receipt, payment-refused, skin-reaction-reported */
    kind: text('kind').notNull(),
    /** sms or email */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    /** sending, sent, delivered, failed, or skipped (the customer turned booking texts off) */
    status: text('status').notNull(),
    /** The provider's id (a Twilio message SID, the outbox's row) once it accepted the message. */
    providerRef: text('provider_ref'),
    error: text('error'),
    /**
     * When the send under way began, by the app's clock, written before the provider is asked: a row still `sending`
     * with it set may have reached the provider and is looked for there, never sent blind (docs/decisions/034).
     * Null while no send is under way: none yet, or the last one certainly failed.
     */
    attemptAt: timestamp('attempt_at', { withTimezone: true }),
    /** How often the provider was asked whether a send whose answer never came reached it. */
    lookups: integer('lookups').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_messages_key').on(t.key),
    index('customer_messages_provider').on(t.providerRef),
    index('customer_messages_customer').on(t.shopId, t.sub),
    check('customer_messages_channel', sql`${t.channel} in ('sms', 'email')`),
    check('customer_messages_status', sql`${t.status} in ('sending', 'sent', 'delivered', 'failed', 'skipped')`),
  ],
)

/**
 * A customer's answers to the health questions (docs/product.md §4.15), kept with the version of the questions and
 * when; a "yes" stops online booking until a member of staff clears it after speaking with the customer.
 */
export const healthAnswers = pgTable(
  'health_answers',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    version: text('version').notNull(),
    /** Each question's id with the answer: true for "yes". */
    answers: jsonb('answers').$type<Record<string, boolean>>().notNull(),
    anyYes: boolean('any_yes').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    /** The member of staff who took the answers at the desk; null when the customer answered online. */
    recordedBy: uuid('recorded_by'),
    clearedBy: uuid('cleared_by'),
    clearedByName: text('cleared_by_name'),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedReason: text('cleared_reason'),
  },
  (t) => [
    foreignKey({ name: 'health_answers_customer_fk', columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }).onDelete('cascade'),
    index('health_answers_customer').on(t.shopId, t.sub, t.answeredAt),
    check(
      'health_answers_cleared',
      sql`(${t.clearedAt} is null) = (${t.clearedBy} is null) and (${t.clearedAt} is null) = (${t.clearedReason} is null) and (${t.clearedAt} is null or ${t.anyYes})`,
    ),
  ],
)

/**
 * A skin reaction after a session (redness, itching, soreness), reported by the customer or recorded by staff: it
 * stops new bookings for the shop's pause, and itching after a first session until a member of staff clears it.
 */
export const skinReactions = pgTable(
  'skin_reactions',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kinds: text('kinds').array().notNull(),
    note: text('note').notNull().default(''),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    /** The member of staff who recorded it; null when the customer reported it. */
    reportedBy: uuid('reported_by'),
    afterFirstSession: boolean('after_first_session').notNull(),
    needsClearance: boolean('needs_clearance').notNull(),
    clearedBy: uuid('cleared_by'),
    clearedByName: text('cleared_by_name'),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedReason: text('cleared_reason'),
  },
  (t) => [
    foreignKey({ name: 'skin_reactions_customer_fk', columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }).onDelete('cascade'),
    index('skin_reactions_customer').on(t.shopId, t.sub, t.reportedAt),
    index('skin_reactions_shop_time').on(t.shopId, t.reportedAt),
    check('skin_reactions_kinds', sql`cardinality(${t.kinds}) between 1 and 3 and ${t.kinds} <@ array['redness', 'itching', 'soreness']::text[]`),
    check('skin_reactions_note', sql`length(${t.note}) <= 500`),
    check(
      'skin_reactions_cleared',
      sql`(${t.clearedAt} is null) = (${t.clearedBy} is null) and (${t.clearedAt} is null) = (${t.clearedReason} is null) and (${t.clearedAt} is null or ${t.needsClearance})`,
    ),
  ],
)

/**
 * The photo ID a member of staff checked at the desk before booking or selling for a customer (docs/product.md
 * §10.2, §10.3): the kind of document, when and who, never its number or a copy. One per customer and salon, so a
 * customer checked once is not asked again. Erasing the customer clears the kind of document (erased_at) and keeps
 * the fact of the check, part of the session history the salon must keep (migration 0025).
 */
export const photoIdChecks = pgTable(
  'photo_id_checks',
  {
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    /** passport, driving_licence, pass_card or other; null once the customer was erased. */
    document: text('document'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    checkedBy: uuid('checked_by').notNull(),
    checkedByName: text('checked_by_name').notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.sub] }),
    foreignKey({ name: 'photo_id_checks_customer_fk', columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }).onDelete('cascade'),
    check('photo_id_checks_document', sql`${t.document} in ('passport', 'driving_licence', 'pass_card', 'other')`),
    check('photo_id_checks_erased', sql`(${t.document} is null) = (${t.erasedAt} is not null)`),
  ],
)

/**
 * Each customer record an import from the salon's previous system wrote to (docs/product.md §10.5): once per customer
 * and salon, so an import run again, or two at once, brings no one's minutes twice (the primary key decides). Names
 * the customer by sub only (migration 0024).
 */
export const customerImports = pgTable(
  'customer_imports',
  {
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    /** The import that wrote it: the subject of its line in the staff audit log. */
    importId: uuid('import_id').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.sub] }),
    foreignKey({ name: 'customer_imports_customer_fk', columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }).onDelete('cascade'),
    index('customer_imports_import').on(t.shopId, t.importId),
  ],
)

// ---------------------------------------------------------------------------------------------------------------
// Waitlist (docs/decisions/044-waitlist.md, docs/product.md "Waitlist")
// ---------------------------------------------------------------------------------------------------------------

/**
 * A customer waiting for a time to come free on one day: a session of `minutes` (on a bed of `bed_type`, or any)
 * starting between `from_at` and `to_at`. One live entry (waiting or offered) per customer and day. It ends booked,
 * left (the customer or staff took it off), lapsed (its range passed) or missed (an offer was not taken in time).
 */
// Triggers: `bookings_free_for_waitlist` and `bed_back_for_waitlist` (a freed time asks for a waitlist.freed job). See docs/architecture.md, "What the database does by itself".
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    minutes: integer('minutes').notNull(),
    /** null: any bed the minutes fit */
    bedType: text('bed_type'),
    /** waiting, offered, booked, left, lapsed or missed */
    status: text('status').notNull().default('waiting'),
    /** The member of staff who put the customer on the waitlist at the desk; null when the customer joined online. */
    addedBy: uuid('added_by'),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: 'waitlist_entries_customer_fk', columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }).onDelete('cascade'),
    uniqueIndex('waitlist_entries_one_per_day')
      .on(t.shopId, t.sub, t.localDate)
      .where(sql`status in ('waiting', 'offered')`),
    index('waitlist_entries_day').on(t.shopId, t.localDate, t.createdAt),
    check('waitlist_entries_status', sql`${t.status} in ('waiting', 'offered', 'booked', 'left', 'lapsed', 'missed')`),
    check('waitlist_entries_range', sql`${t.toAt} > ${t.fromAt} and ${t.toAt} <= ${t.fromAt} + interval '1 day'`),
    check('waitlist_entries_minutes', sql`${t.minutes} > 0`),
  ],
)

/**
 * A freed time offered to a waiting customer: `booking_id` is the hold, a pending booking of theirs that the
 * bookings' own constraints protect, until its hold_until; `token_hash` is the sha-256 of the link's token. One offer
 * per entry: an entry is offered once.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_offers_entry').on(t.entryId),
    uniqueIndex('waitlist_offers_booking').on(t.bookingId),
    uniqueIndex('waitlist_offers_token').on(t.tokenHash),
  ],
)

// ─── Gift vouchers (docs/decisions/042-gift-vouchers.md) ─────────────────────────────────────────────────────────────

/** The owner's voucher settings; a shop with no row sells at the defaults (@salon/contracts/rules/vouchers). */
export const voucherSettings = pgTable(
  'voucher_settings',
  {
    shopId: text('shop_id').primaryKey(),
    /** The whole-pound amounts a voucher may be bought for, in pence. */
    amountsPence: integer('amounts_pence').array().notNull(),
    /** Whether a package may be bought as a gift (its price becomes the voucher's value). */
    packagesAsGifts: boolean('packages_as_gifts').notNull(),
    expiryMonths: integer('expiry_months').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('voucher_settings_expiry', sql`${t.expiryMonths} >= 12 and ${t.expiryMonths} <= 60`)],
)

/**
 * A gift voucher: bought online by card (its payment, status awaiting_payment until the provider says it succeeded)
 * or sold at the desk. The code is kept as its SHA-256 only; the plain code waits in pending_code for the message
 * that delivers it and is cleared once it is sent. remaining_pence is spent by one guarded UPDATE, never below 0.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The code's last four characters, for the salon to tell vouchers apart. */
    codeEnd: text('code_end').notNull(),
    pendingCode: text('pending_code'),
    /** awaiting_payment, issued, or void (its payment refunded: the unspent part is gone). */
    status: text('status').notNull(),
    valuePence: integer('value_pence').notNull(),
    remainingPence: integer('remaining_pence').notNull(),
    /** The package bought as a gift, if it was one. */
    packageId: text('package_id'),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The customer who bought it online while signed in; null for a visitor or a sale at the desk. */
    buyerSub: uuid('buyer_sub'),
    fromName: text('from_name').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The shop's local day the voucher is sent on. */
    sendOn: date('send_on', { mode: 'string' }),
    soldBy: uuid('sold_by'),
    createdAt: createdAt(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_vouchers_code').on(t.shopId, t.codeHash),
    uniqueIndex('gift_vouchers_payment').on(t.paymentId),
    index('gift_vouchers_shop_issued').on(t.shopId, t.issuedAt),
    check('gift_vouchers_status', sql`${t.status} in ('awaiting_payment', 'issued', 'void')`),
    check('gift_vouchers_remaining', sql`${t.remainingPence} >= 0 and ${t.remainingPence} <= ${t.valuePence}`),
    check('gift_vouchers_value', sql`${t.valuePence} >= 100 and ${t.valuePence} <= 100000`),
    check('gift_vouchers_issued', sql`${t.status} = 'awaiting_payment' or (${t.issuedAt} is not null and ${t.expiresAt} is not null)`),
  ],
)

/** Each spend of a voucher's value: into a customer's credit online, or against a sale at the desk. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => giftVouchers.id),
    amountPence: integer('amount_pence').notNull(),
    /** The customer whose credit it became; null at the desk for a sale to someone with no record. */
    sub: uuid('sub'),
    recordedBy: uuid('recorded_by'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('voucher_redemptions_voucher').on(t.voucherId), check('voucher_redemptions_amount', sql`${t.amountPence} > 0`)],
)

/** A customer's credit in pounds from a redeemed voucher, with the voucher's expiry; spent by a guarded UPDATE. */
export const creditLots = pgTable(
  'credit_lots',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => giftVouchers.id),
    amountPence: integer('amount_pence').notNull(),
    remainingPence: integer('remaining_pence').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'credit_lots_customer_fk', columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }).onDelete('cascade'),
    index('credit_lots_customer').on(t.shopId, t.sub),
    check('credit_lots_remaining', sql`${t.remainingPence} >= 0 and ${t.remainingPence} <= ${t.amountPence}`),
  ],
)

/** Each spend of credit: on a payment (online or at the desk). */
export const creditSpends = pgTable(
  'credit_spends',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    creditLotId: uuid('credit_lot_id')
      .notNull()
      .references(() => creditLots.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id),
    amountPence: integer('amount_pence').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('credit_spends_customer').on(t.shopId, t.sub), check('credit_spends_amount', sql`${t.amountPence} > 0`)],
)

// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────
// Memberships (docs/product.md "Memberships", docs/decisions/043-memberships.md): the owner's plans, the customers
// who joined one, each period's payment, and the offline test processor's kept cards.
// ───────────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A membership plan the owner sells: a price a month and what each month gives (minutes, sessions or unlimited
 * sessions) on which bed types; a minimum term in months (0 = none) and how many months a member may pause (0 =
 * no pausing). Retiring a plan (active false) stops new joins; members keep the terms they joined on.
 */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    pricePence: integer('price_pence').notNull(),
    /** month: the only period for now */
    period: text('period').notNull().default('month'),
    /** minutes, sessions or unlimited */
    allowanceKind: text('allowance_kind').notNull(),
    /** How many minutes or sessions a period gives; null for unlimited. */
    allowance: integer('allowance'),
    bedTypes: text('bed_types').array().notNull(),
    minimumPeriods: integer('minimum_periods').notNull().default(0),
    maxPausePeriods: integer('max_pause_periods').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('membership_plans_shop').on(t.shopId),
    check('membership_plans_price', sql`${t.pricePence} >= 30`),
    check('membership_plans_period', sql`${t.period} = 'month'`),
    check(
      'membership_plans_allowance',
      sql`(${t.allowanceKind} = 'unlimited' and ${t.allowance} is null) or (${t.allowanceKind} in ('minutes', 'sessions') and ${t.allowance} > 0)`,
    ),
    check('membership_plans_terms', sql`${t.minimumPeriods} between 0 and 24 and ${t.maxPausePeriods} between 0 and 12 and cardinality(${t.bedTypes}) > 0`),
  ],
)

/**
 * A customer's membership of a plan, with the plan's terms copied in when they joined. One that is not cancelled
 * per customer and salon. `period` counts the months since joining; `renewing_period` is set while a renewal's
 * charge is with the card provider, so a cancellation made meanwhile knows that month is being paid for.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    planName: text('plan_name').notNull(),
    pricePence: integer('price_pence').notNull(),
    allowanceKind: text('allowance_kind').notNull(),
    allowance: integer('allowance'),
    bedTypes: text('bed_types').array().notNull(),
    minimumPeriods: integer('minimum_periods').notNull(),
    maxPausePeriods: integer('max_pause_periods').notNull(),
    /** pending (first payment not made yet), active, past_due (a renewal failed, tries left), paused or cancelled */
    status: text('status').notNull().default('pending'),
    /** Why it is paused: payment_failed (until the card is changed and paid) or customer (for pause_periods months). */
    pausedReason: text('paused_reason'),
    /** offline (the test processor) or stripe */
    provider: text('provider').notNull(),
    /** The provider's kept card (pm_…), once the first payment succeeded. */
    cardRef: text('card_ref'),
    cardLast4: text('card_last4'),
    /** With Stripe, the Subscription (sub_…) that charges the months (docs/decisions/047-stripe-subscriptions.md). */
    subscriptionRef: text('subscription_ref'),
    period: integer('period').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    renewingPeriod: integer('renewing_period'),
    /** Months of pause asked for, taken at the next renewal. */
    pauseRequested: integer('pause_requested').notNull().default(0),
    pausedPeriods: integer('paused_periods').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /** When a cancellation takes effect; the membership ends at the first renewal on or after it. */
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'memberships_customer_fk', columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }).onDelete('cascade'),
    uniqueIndex('memberships_one_live')
      .on(t.shopId, t.sub)
      .where(sql`status <> 'cancelled'`),
    index('memberships_plan').on(t.planId),
    uniqueIndex('memberships_subscription').on(t.subscriptionRef),
    check('memberships_status', sql`${t.status} in ('pending', 'active', 'past_due', 'paused', 'cancelled')`),
    check('memberships_paused', sql`(${t.status} = 'paused') = (${t.pausedReason} is not null) and ${t.pausedReason} in ('payment_failed', 'customer')`),
    check('memberships_provider', sql`${t.provider} in ('offline', 'stripe')`),
    check(
      'memberships_started',
      sql`${t.status} in ('pending', 'cancelled') or (${t.periodStart} is not null and ${t.periodEnd} > ${t.periodStart} and ${t.cardRef} is not null)`,
    ),
    check('memberships_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check('memberships_pause', sql`${t.pauseRequested} >= 0 and ${t.pausedPeriods} >= 0 and ${t.pauseRequested} + ${t.pausedPeriods} <= ${t.maxPausePeriods}`),
  ],
)

/**
 * Each payment for a membership: the first month's when joining, each renewal's tries, and a changed card's. One
 * succeeded payment of money per membership and month at most (`membership_payments_once`): a month is never paid
 * twice. A new card with nothing owed is a payment of £0, which pays for no month.
 */
export const membershipPayments = pgTable(
  'membership_payments',
  {
    id: uuid('id').primaryKey(),
    shopId: text('shop_id').notNull(),
    sub: uuid('sub').notNull(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    /** 0 for the first try; 1 to 3 for the retries of a failed renewal; card for a payment with a changed card. */
    attempt: text('attempt').notNull(),
    /** join, renewal or card_change */
    kind: text('kind').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** pending, succeeded or failed */
    status: text('status').notNull().default('pending'),
    providerRef: text('provider_ref'),
    clientSecret: text('client_secret'),
    error: text('error'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ name: 'membership_payments_customer_fk', columns: [t.shopId, t.sub], foreignColumns: [customers.shopId, customers.sub] }).onDelete('cascade'),
    uniqueIndex('membership_payments_try').on(t.membershipId, t.period, t.attempt),
    uniqueIndex('membership_payments_once')
      .on(t.membershipId, t.period)
      .where(sql`status = 'succeeded' and amount_pence > 0`),
    index('membership_payments_shop_settled').on(t.shopId, t.settledAt),
    check('membership_payments_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('membership_payments_kind', sql`${t.kind} in ('join', 'renewal', 'card_change')`),
    check('membership_payments_amount', sql`${t.amountPence} >= 0`),
  ],
)

/**
 * A card the offline test processor keeps for later charges (as Stripe keeps a PaymentMethod): what the test card
 * does and its last four digits, never its number.
 */
export const testKeptCards = pgTable(
  'test_kept_cards',
  {
    id: text('id').primaryKey(),
    /** The intent that kept it. */
    intentId: text('intent_id').notNull().unique(),
    /** succeeds, declined or insufficient_funds: what charging it does */
    outcome: text('outcome').notNull(),
    last4: text('last4').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('test_kept_cards_outcome', sql`${t.outcome} in ('succeeds', 'declined', 'insufficient_funds')`)],
)

/**
 * A session paid with a membership: the month it came out of and the minutes it took, written in the booking's
 * transaction under the membership's row lock. A cancelled booking's use no longer counts against the month.
 */
export const membershipUses = pgTable(
  'membership_uses',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    shopId: text('shop_id').notNull(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    minutes: integer('minutes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('membership_uses_month').on(t.membershipId, t.period), check('membership_uses_minutes', sql`${t.minutes} > 0`)],
)
