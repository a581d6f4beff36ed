import { z } from 'zod'
import { LocalDate, localDateProblem } from './local-date.ts'
import { MARKDOWN_NESTING_MESSAGE, markdownNestingProblem } from './rules/markdown-nesting.ts'
import { MINIMUM_CHARGE_PENCE } from './rules/money.ts'
import { isPictureAddress, PICTURE_ADDRESS_MESSAGE } from './rules/picture-address.ts'

/**
 * What the salon sells and publishes, as its owner manages it under /api/staff/ (docs/product.md §10.4): prices,
 * packages, promo codes, refer-and-earn, blog posts and their pictures, the offers popup and where reviews come from.
 * Money is integer pence; every object is strict, so a misspelt field is refused rather than ignored.
 */

const text = (max: number, min = 0) =>
  z
    .string({ message: 'must be text' })
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .min(min, { message: min === 1 ? 'is required' : `must be at least ${min} characters` })

/** Whole pence from `min` to `max`: a JSON number, never a string such as "1e3" and never a fraction such as 12.5. */
export const pence = (min: number, max: number) =>
  z
    .number({ message: 'must be a whole number of pence' })
    .int({ message: 'must be a whole number of pence' })
    .min(min, { message: min === 0 ? 'must not be negative' : `must be at least ${min} pence` })
    .max(max, { message: `must be at most ${max} pence (£${(max / 100).toLocaleString('en-GB')})` })

const whole = (min: number, max: number, what: string) =>
  z
    .number({ message: `must be a whole number of ${what}` })
    .int({ message: `must be a whole number of ${what}` })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max.toLocaleString('en-GB')}` })

/* ---------- Prices ---------- */

/** The most a minute on a bed may cost: £1,000. */
export const MAX_PER_MINUTE_PENCE = 100_000
/** The most an item of the price list or a package may cost: £10,000. */
export const MAX_ITEM_PENCE = 1_000_000

export const BedTypePrice = z.object({ code: z.string(), name: z.string(), perMinutePence: z.number().int() })
export const PriceExtraItem = z.object({
  id: z.string(),
  name: z.string(),
  detail: z.string(),
  pricePence: z.number().int(),
  /** The VAT rate its price includes, in hundredths of a percent (2000, 500 or 0). */
  vatRateBps: z.number().int(),
  /** How many are in stock; null when the salon does not count them. */
  stock: z.number().int().nullable(),
  lowStockAt: z.number().int().nullable(),
})
export const PricesResponse = z.object({ bedTypes: z.array(BedTypePrice), extras: z.array(PriceExtraItem) })
export type PricesResponse = z.infer<typeof PricesResponse>

/**
 * The whole price list as it is to be: a price for any of the salon's bed types (those left out keep theirs), and
 * the extras in their order: one with an id keeps it (renamed or repriced), one without is added, and an extra
 * left out is removed.
 */
export const PricesRequest = z.strictObject({
  bedTypes: z
    .array(z.strictObject({ code: text(40, 1), perMinutePence: pence(1, MAX_PER_MINUTE_PENCE) }))
    .max(50)
    .default([]),
  extras: z
    .array(
      z.strictObject({
        id: text(64, 1).optional(),
        name: text(80, 1),
        detail: text(200).default(''),
        pricePence: pence(0, MAX_ITEM_PENCE),
        vatRateBps: z.union([z.literal(2000), z.literal(500), z.literal(0)], { message: 'must be 2000 (20%), 500 (5%) or 0 (zero-rated)' }).default(2000),
        /**
         * Whether the salon counts its stock: turned on, it starts at 0 (deliveries are added by POST
         * /api/staff/products/{id}/stock); turned off, the count is dropped. Left out: as it was.
         */
        countStock: z.boolean({ message: 'must be true or false' }).optional(),
        /** Low on stock at or below this many; null for no warning. Left out: as it was. */
        lowStockAt: z.union([whole(0, 10_000, 'items'), z.null()]).optional(),
      }),
    )
    .max(100),
})
export type PricesRequest = z.input<typeof PricesRequest>

/* ---------- Packages ---------- */

export const StaffPackage = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  minutes: z.number().int(),
  pricePence: z.number().int(),
  validityDays: z.number().int(),
  bedTypes: z.array(z.string()),
  highlight: z.boolean(),
  /** On sale on the website; false once withdrawn. */
  onSale: z.boolean(),
  sortOrder: z.number().int(),
  /** Purchases that succeeded: a package that was bought is never deleted, only withdrawn. */
  sold: z.number().int(),
})
export type StaffPackage = z.infer<typeof StaffPackage>
export const StaffPackagesResponse = z.object({ packages: z.array(StaffPackage) })

export const PackageRequest = z.strictObject({
  name: text(80, 1),
  description: text(500).default(''),
  minutes: whole(1, 10_000, 'minutes'),
  pricePence: pence(MINIMUM_CHARGE_PENCE, MAX_ITEM_PENCE),
  validityDays: whole(1, 3650, 'days'),
  bedTypes: z.array(text(40, 1), { message: 'must list the bed types the minutes are for' }).min(1, { message: 'must list at least one bed type' }).max(50),
  highlight: z.boolean({ message: 'must be true or false' }).default(false),
  onSale: z.boolean({ message: 'must be true or false' }).default(true),
  sortOrder: whole(0, 10_000, 'places').default(0),
})
export type PackageRequest = z.input<typeof PackageRequest>

/* ---------- Promo codes ---------- */

export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/

export const StaffPromoCode = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** Percent (1 to 100) or pence off. */
  amount: z.number().int(),
  /** The first and the last day it works, in the salon's time zone, and the instants those days start and end. */
  validFrom: z.string(),
  validUntil: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int(),
  /** The packages it is for; null for every package. */
  packageIds: z.array(z.string()).nullable(),
  active: z.boolean(),
  /** Purchases that used it and succeeded. */
  uses: z.number().int(),
})
export type StaffPromoCode = z.infer<typeof StaffPromoCode>
export const StaffPromoCodesResponse = z.object({ promoCodes: z.array(StaffPromoCode) })

export const PromoCodeRequest = z.strictObject({
  /** Letters, digits and dashes, 3 to 32; stored in capitals. */
  code: z
    .string({ message: 'must be text' })
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(PROMO_CODE_PATTERN, { message: 'must be 3 to 32 letters, digits or dashes' })),
  kind: z.enum(['percent', 'fixed'], { message: 'must be percent or fixed' }),
  /** 1 to 100 for a percentage; pence for a fixed amount. */
  amount: pence(1, MAX_ITEM_PENCE),
  validFrom: LocalDate,
  /** The last day the code works (it stops at the end of that day in the salon's time zone). */
  validUntil: LocalDate,
  maxUses: whole(1, 1_000_000, 'uses').nullable().default(null),
  maxUsesPerCustomer: whole(1, 1000, 'uses').default(1),
  packageIds: z.array(text(64, 1)).min(1, { message: 'must list at least one package, or be null for every package' }).max(100).nullable().default(null),
  active: z.boolean({ message: 'must be true or false' }).default(true),
})
export type PromoCodeRequest = z.input<typeof PromoCodeRequest>

/* ---------- Refer-and-earn ---------- */

export const ReferralReward = z.strictObject({
  /** Free minutes each of the two customers gets when a referred friend first buys; 0 gives none. */
  minutes: whole(0, 1000, 'minutes'),
  validityDays: whole(1, 3650, 'days'),
})
export type ReferralReward = z.infer<typeof ReferralReward>

/* ---------- Blog ---------- */

export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const BlogStatus = z.enum(['draft', 'published'], { message: 'must be draft or published' })

export const StaffBlogPost = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  bodyMarkdown: z.string(),
  author: z.string(),
  coverImage: z.string(),
  status: BlogStatus,
  /** When it shows (or showed) on the blog; a published post dated later is not out until then. */
  publishedAt: z.string(),
  updatedAt: z.string(),
})
export type StaffBlogPost = z.infer<typeof StaffBlogPost>
export const StaffBlogPostsResponse = z.object({ posts: z.array(StaffBlogPost.omit({ bodyMarkdown: true })) })
export const StaffBlogPostResponse = z.object({ post: StaffBlogPost })

/** The cover picture, where pictures may come from (rules/picture-address.ts); empty for none. */
const CoverImage = z
  .string({ message: PICTURE_ADDRESS_MESSAGE })
  .trim()
  .refine((address) => address === '' || isPictureAddress(address), { message: PICTURE_ADDRESS_MESSAGE })

/** A post's Markdown: at most 50,000 characters, nested no deeper than the renderer copes with (rules/markdown-nesting.ts). */
const BodyMarkdown = z
  .string({ message: 'must be text' })
  .max(50_000, { message: 'must be at most 50,000 characters' })
  .refine((markdown) => markdownNestingProblem(markdown) === null, { message: MARKDOWN_NESTING_MESSAGE })

export const BlogPostRequest = z.strictObject({
  slug: z
    .string({ message: 'must be text' })
    .trim()
    .max(100, { message: 'must be at most 100 characters' })
    .regex(BLOG_SLUG_PATTERN, { message: 'must be lower-case letters and digits in words joined by single dashes, for example first-session-tips' }),
  title: text(150, 1),
  summary: text(300).default(''),
  bodyMarkdown: BodyMarkdown,
  author: text(80, 1),
  coverImage: CoverImage.default(''),
  status: BlogStatus.default('draft'),
  /** When it shows on the blog (ISO 8601); when left out, a post keeps its date, and one published for the first time takes now. */
  publishedAt: z.iso
    .datetime({ offset: true, message: 'must be a date and time in ISO 8601, for example 2026-06-01T09:00:00Z' })
    // Its date is held to the one rule for local dates (local-date.ts).
    .superRefine((v, ctx) => {
      const problem = localDateProblem(v.slice(0, 10)) ?? (Number.isNaN(Date.parse(v)) ? 'must be a real calendar date' : null)
      if (problem) ctx.addIssue({ code: 'custom', message: `${problem}, for example 2026-06-01T09:00:00Z` })
    })
    .optional(),
})
export type BlogPostRequest = z.input<typeof BlogPostRequest>

export const BlogPreviewRequest = z.strictObject({
  bodyMarkdown: BodyMarkdown,
})
export const BlogPreviewResponse = z.object({ html: z.string() })

/* ---------- Uploads ---------- */

/** The largest picture the salon may upload: 2 MB. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024
export const UploadResponse = z.object({
  id: z.string(),
  /** Where the picture is served, for a post's cover: /uploads/{shop}/{id}.{jpg|png|webp} */
  url: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  bytes: z.number().int(),
})
export type UploadResponse = z.infer<typeof UploadResponse>

/* ---------- The offers popup ---------- */

export const OfferPopup = z.strictObject({
  /** Whether the home page shows the popup at all. */
  enabled: z.boolean({ message: 'must be true or false' }),
  /** The small line above the headline ("Members' offers"). */
  label: text(40),
  headline: text(80, 1),
  text: text(300, 1),
  /** The offer itself, for example "10% off your first package with WELCOME10"; empty for none. */
  offer: text(200),
})
export type OfferPopup = z.infer<typeof OfferPopup>

/* ---------- Reviews ---------- */

export const ReviewsSourceKind = z.enum(['salon', 'google'], { message: 'must be salon or google' })

export const StaffReview = z.object({
  id: z.string(),
  authorName: z.string(),
  rating: z.number().int(),
  text: z.string(),
  publishedAt: z.string(),
  hidden: z.boolean(),
})
export type StaffReview = z.infer<typeof StaffReview>

export const ReviewsSourceResponse = z.object({
  source: ReviewsSourceKind,
  /** The Google Places id of the salon, when one is set. */
  googlePlaceId: z.string().nullable(),
  /** Whether the server has a Google Places API key: without one, the salon's own reviews are shown whatever the choice. */
  googleAvailable: z.boolean(),
  /** The salon's own reviews, hidden ones too, newest first. */
  reviews: z.array(StaffReview),
})
export type ReviewsSourceResponse = z.infer<typeof ReviewsSourceResponse>

export const ReviewsSourceRequest = z.strictObject({
  source: ReviewsSourceKind,
  googlePlaceId: z
    .string({ message: 'must be text' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{10,200}$/, { message: 'must be a Google Places id, for example ChIJN1t_tDeuEmsRUsoyG83frY4' })
    .nullable()
    .default(null),
})
export type ReviewsSourceRequest = z.input<typeof ReviewsSourceRequest>

export const ReviewRequest = z.strictObject({
  authorName: text(80, 1),
  rating: whole(1, 5, 'stars'),
  text: text(2000, 1),
  /** The day the review was given; today when left out. */
  publishedOn: LocalDate.optional(),
})
export type ReviewRequest = z.input<typeof ReviewRequest>
export const ReviewVisibilityRequest = z.strictObject({ hidden: z.boolean({ message: 'must be true or false' }) })

/** What the server works with once the defaults are filled in. */
export type PricesInput = z.output<typeof PricesRequest>
export type PackageInput = z.output<typeof PackageRequest>
export type PromoCodeInput = z.output<typeof PromoCodeRequest>
export type BlogPostInput = z.output<typeof BlogPostRequest>
export type ReviewsSourceInput = z.output<typeof ReviewsSourceRequest>
export type ReviewInput = z.output<typeof ReviewRequest>
