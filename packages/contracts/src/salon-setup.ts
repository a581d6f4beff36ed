import { z } from 'zod'
import { checkPhone } from './rules/phone.ts'
import { isPasswordTooLong, missingPasswordRequirements } from './rules/password.ts'
import { NATIONS } from './rules/sunbed-law.ts'
import { BED_PICTURES, OpeningWeek, SalonDetails } from './staff-manage.ts'

/**
 * Setting up a salon of one's own (docs/product.md §11): what the set-up page at /staff/setup/ sends to
 * POST /api/setup/salon, and what `npm run salon -- create` builds from its options. One schema for both.
 */

/** The kinds of sunbed a new salon chooses from; each becomes a bed type with the price the owner gives. */
export const SETUP_BED_TYPES = {
  'lay-down': {
    name: 'Lay-down sunbeds',
    description: 'Classic sunbeds: lie back while tubes above and below you build an even colour. The gentlest option, and the place to start.',
    picture: BED_PICTURES[0],
  },
  'stand-up': {
    name: 'Stand-up sunbeds',
    description: 'Vertical booths with tubes all around you: nothing presses on your skin, and sessions are shorter.',
    picture: BED_PICTURES[2],
  },
  'high-pressure': {
    name: 'High-pressure sunbeds',
    description: 'Filtered high-pressure lamps for a deep, longer-lasting tan, for regular tanners with a base tan.',
    picture: BED_PICTURES[4],
  },
} as const
export type SetupBedType = keyof typeof SETUP_BED_TYPES
export const SETUP_BED_TYPE_CODES = Object.keys(SETUP_BED_TYPES) as SetupBedType[]

/** The most sunbeds set up at once; more are added later at /staff/manage/beds/. */
export const SETUP_MAX_BEDS = 30

/** A shop's id: lower-case letters, digits and single hyphens, as it appears in the shop_id header. */
export const SHOP_ID_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,62}$/

/** A salon's name → the id it is given unless one is chosen: "Sun & Sand Tanning, Leeds" → "sun-sand-tanning-leeds". */
export function shopIdFromName(name: string): string {
  const id = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '')
  return id.length >= 2 ? id : 'salon'
}

const whole = (min: number, max: number, unit: string) => {
  const message = `must be a whole number of ${unit} from ${min} to ${max}`
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message })
}

const mobile = z
  .string({ message: 'must be a UK mobile number, for example 07700 900123' })
  .max(40, { message: 'must be a UK mobile number, for example 07700 900123' })
  .transform((value, ctx) => {
    const checked = checkPhone(value)
    if (checked.ok) return checked.phone
    ctx.addIssue({ code: 'custom', message: 'must be a mobile number that can receive a text, for example 07700 900123' })
    return z.NEVER
  })

const PASSWORD_WORDS = {
  length: 'at least 8 characters',
  lower: 'a lower-case letter',
  upper: 'a capital letter',
  number: 'a digit',
  symbol: 'a symbol',
} as const

export const SetupOwner = z.strictObject({
  name: z.string({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(100, { message: 'must be at most 100 characters' }),
  phone: mobile,
  password: z.string({ message: 'is required' }).superRefine((password, ctx) => {
    if (isPasswordTooLong(password)) return ctx.addIssue({ code: 'custom', message: 'must be at most 256 characters' })
    const missing = missingPasswordRequirements(password, ['length', 'lower', 'upper', 'number', 'symbol'])
    if (missing.length) ctx.addIssue({ code: 'custom', message: `needs ${missing.map((m) => PASSWORD_WORDS[m]).join(', ')}` })
  }),
})

export const SetupBed = z
  .strictObject({
    name: z.string({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(60, { message: 'must be at most 60 characters' }),
    type: z.enum(SETUP_BED_TYPE_CODES, { message: `must be one of ${SETUP_BED_TYPE_CODES.join(', ')}` }),
    minMinutes: whole(1, 60, 'minutes'),
    maxMinutes: whole(1, 60, 'minutes'),
  })
  .refine((bed) => bed.minMinutes <= bed.maxMinutes, { path: ['maxMinutes'], message: 'must be at least minMinutes' })

/** The salon: its details, nation, hours, sunbeds and the price per minute of each kind it has. */
export const SalonSetup = z
  .strictObject({
    /** The shop's id; by default made from its name. */
    id: z
      .string({ message: 'must be text' })
      .regex(SHOP_ID_PATTERN, { message: 'must be 2 to 63 lower-case letters, digits and hyphens, for example sun-studio-leeds' })
      .optional(),
    salon: SalonDetails,
    nation: z.enum(NATIONS, { message: `must be one of ${NATIONS.join(', ')}` }),
    hours: OpeningWeek.refine((week) => week.length > 0, { message: 'must open on at least one day' }),
    beds: z
      .array(SetupBed, { message: 'must be a list of sunbeds' })
      .min(1, { message: 'must have at least one sunbed' })
      .max(SETUP_MAX_BEDS, { message: `must have at most ${SETUP_MAX_BEDS} sunbeds` }),
    /** Pence per minute for each kind of sunbed the salon has. */
    prices: z.partialRecord(z.enum(SETUP_BED_TYPE_CODES, { message: `must name one of ${SETUP_BED_TYPE_CODES.join(', ')}` }), whole(1, 1000, 'pence')),
    owner: SetupOwner,
  })
  .superRefine((value, ctx) => {
    for (const type of new Set(value.beds.map((bed) => bed.type))) {
      if (value.prices[type] === undefined)
        ctx.addIssue({ code: 'custom', path: ['prices', type], message: `is required: the price per minute of ${SETUP_BED_TYPES[type].name.toLowerCase()}` })
    }
    const names = new Set<string>()
    value.beds.forEach((bed, i) => {
      const key = bed.name.toLowerCase()
      if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['beds', i, 'name'], message: `names ${bed.name} twice: give each sunbed its own name` })
      names.add(key)
    })
  })
export type SalonSetup = z.infer<typeof SalonSetup>
export type SalonSetupInput = z.input<typeof SalonSetup>

/** POST /api/setup/code: a code to the first owner's mobile, to confirm it. */
export const SetupCodeRequest = z.strictObject({ token: z.string({ message: 'is required' }).max(200), phone: mobile })

/** POST /api/setup/check: whether the set-up link still works. */
export const SetupCheckRequest = z.strictObject({ token: z.string({ message: 'is required' }).max(200) })

/** POST /api/setup/salon: the salon, the set-up link's token and the code texted to the owner. */
export const SetupRequest = z.strictObject({
  token: z.string({ message: 'is required' }).max(200),
  code: z.string({ message: 'is required' }).regex(/^\d{6}$/, { message: 'must be the 6-digit code we texted' }),
  setup: SalonSetup,
})

/** What the set-up made: the salon's id, the web app's key, and the lines for .env, shown this once. */
export const SetupResponse = z.object({ shopId: z.string(), apiKey: z.string(), env: z.string() })
export type SetupResponse = z.infer<typeof SetupResponse>
