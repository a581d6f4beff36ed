import { z } from 'zod'
import { isEmailAddress } from './rules/email.ts'

export const BlogSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  coverImage: z.string(),
  author: z.string(),
  publishedAt: z.string(),
})
export type BlogSummary = z.infer<typeof BlogSummary>

export const BlogPost = BlogSummary.extend({
  /** Sanitised HTML rendered from the post's Markdown. */
  html: z.string(),
})
export type BlogPost = z.infer<typeof BlogPost>

export const BlogsResponse = z.object({ blogs: z.array(BlogSummary) })
export type BlogsResponse = z.infer<typeof BlogsResponse>
export const BlogResponse = z.object({ blog: BlogPost })
export type BlogResponse = z.infer<typeof BlogResponse>

export const Review = z.object({
  id: z.string(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  publishedAt: z.string(),
})
export type Review = z.infer<typeof Review>

export const ReviewsResponse = z.object({
  source: z.enum(['google', 'salon']),
  rating: z.number().nullable(),
  total: z.number().int(),
  /** Where a visitor can read every review, when the source has such a page. */
  url: z.string().nullable(),
  reviews: z.array(Review),
})
export type ReviewsResponse = z.infer<typeof ReviewsResponse>

export const Package = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  minutes: z.number().int(),
  pricePence: z.number().int(),
  validityDays: z.number().int(),
  bedTypes: z.array(z.string()),
  highlight: z.boolean(),
})
export type Package = z.infer<typeof Package>
export const PackagesResponse = z.object({ packages: z.array(Package) })
export type PackagesResponse = z.infer<typeof PackagesResponse>

const trimmed = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`)
const optionalText = (max: number) =>
  trimmed(max)
    .optional()
    .transform((v) => (v ? v : undefined))

/** The sign-up form's rule too (rules/email.ts), so an address the salon takes in one place it takes in all. */
export const email = () => trimmed(254).refine(isEmailAddress, 'must be a valid email address')
/** UK and international phone numbers as people type them: digits, spaces, +, brackets and dashes. */
export const phone = () =>
  trimmed(20)
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'must be a phone number, for example 07700 900123')
    .refine((v) => v.replace(/\D/g, '').length >= 7, 'must be a phone number, for example 07700 900123')

export const ContactMessageRequest = z
  .object({
    name: trimmed(100).min(1, 'is required'),
    email: optionalText(254).pipe(email().optional()),
    phone: optionalText(20).pipe(phone().optional()),
    message: trimmed(5000).min(2, 'is required'),
    consent: z.literal(true, { error: 'must be ticked so that we may keep your message and reply to it' }),
  })
  .refine((v) => v.email || v.phone, { message: 'give an email address or a phone number so we can reply', path: ['email'] })
export type ContactMessageRequest = z.input<typeof ContactMessageRequest>
export type ContactMessage = z.output<typeof ContactMessageRequest>

export const PopupLeadRequest = z
  .object({
    firstName: trimmed(60).min(1, 'is required'),
    email: optionalText(254).pipe(email().optional()),
    phone: optionalText(20).pipe(phone().optional()),
    marketingConsent: z.literal(true, { error: 'must be ticked to receive offers' }),
  })
  .refine((v) => v.email || v.phone, { message: 'give an email address or a phone number for your offer', path: ['email'] })
export type PopupLeadRequest = z.input<typeof PopupLeadRequest>
export type PopupLead = z.output<typeof PopupLeadRequest>

export const MessageResponse = z.object({ message: z.string() })
