import { z } from 'zod'

export const OpeningHours = z.object({ weekday: z.number().int(), opensAt: z.string(), closesAt: z.string() })

export const BedType = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  perMinutePence: z.number().int(),
})
export type BedType = z.infer<typeof BedType>

export const Bed = z.object({
  id: z.string(),
  type: z.string(),
  typeName: z.string(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  picture: z.string(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
})
export type Bed = z.infer<typeof Bed>

export const PriceExtra = z.object({ id: z.string(), name: z.string(), detail: z.string(), pricePence: z.number().int() })

export const Shop = z.object({
  id: z.string(),
  name: z.string(),
  tagline: z.string(),
  address: z.object({ line1: z.string(), line2: z.string(), town: z.string(), postcode: z.string() }),
  phone: z.string(),
  email: z.string(),
  timeZone: z.string(),
  openingHours: z.array(OpeningHours),
})
export type Shop = z.infer<typeof Shop>

/** GET /api/website/salon: what the public pages show about the salon. */
export const SalonResponse = z.object({
  shop: Shop,
  bedTypes: z.array(BedType),
  beds: z.array(Bed),
  extras: z.array(PriceExtra),
})
export type SalonResponse = z.infer<typeof SalonResponse>
