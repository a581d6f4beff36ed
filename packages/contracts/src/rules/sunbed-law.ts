/**
 * What each UK nation's sunbed law asks of a salon taking bookings online: the one table of it (docs/decisions/031).
 * The rest of the app asks this table what applies (supervision, eyewear, information to every user, what the salon
 * may publish about health), never the nation's name. Each duty names the law that makes it.
 */

export const NATIONS = ['england', 'wales', 'scotland', 'northern-ireland'] as const
export type Nation = (typeof NATIONS)[number]

/** A duty the law puts on the salon, and where it is written. */
export interface Duty {
  /** What the salon must do, in a sentence a customer or the owner reads. */
  text: string
  /** The act (or regulations) and section. */
  cite: string
}

export interface SunbedLaw {
  nation: Nation
  /** As a sentence names it: "England", "Northern Ireland". */
  name: string
  /** No one under 18 uses a sunbed: every nation. */
  under18: Duty
  /** Sunbed use must be supervised by the salon; null where no statute asks it. */
  supervision: Duty | null
  /** Protective eyewear must be provided (and worn); null where only guidance asks it. */
  eyewear: Duty | null
  /** Health information given to every user before use; null where no statute asks it. */
  healthInformation: Duty | null
  /** The health information's wording is prescribed: an official leaflet, linked for the customer. */
  officialLeaflet: { title: string; url: string } | null
  /** Material about the health effects of sunbeds, other than the prescribed information, may not be provided or displayed. */
  otherHealthMaterialBanned: Duty | null
}

const ACT_2010 = 'Sunbeds (Regulation) Act 2010'
const WALES_2011 = 'Sunbeds (Regulation) Act 2010 (Wales) Regulations 2011 (SI 2011/1130 (W. 131))'
const SCOTLAND_2008 = 'Public Health etc. (Scotland) Act 2008, Part 8'
const NI_2011 = 'Sunbeds Act (Northern Ireland) 2011'

const UNDER_18 = 'No one under 18 may use a sunbed, be offered one or be in a sunbed room.'

export const SUNBED_LAW: Record<Nation, SunbedLaw> = {
  england: {
    nation: 'england',
    name: 'England',
    under18: { text: UNDER_18, cite: `${ACT_2010}, sections 2 and 3` },
    supervision: null,
    eyewear: null,
    healthInformation: null,
    officialLeaflet: null,
    otherHealthMaterialBanned: null,
  },
  wales: {
    nation: 'wales',
    name: 'Wales',
    under18: { text: UNDER_18, cite: `${ACT_2010}, sections 2 and 3; ${WALES_2011}, regulation 3` },
    supervision: { text: 'Every sunbed session must be supervised by a trained member of staff on the premises.', cite: `${WALES_2011}, regulation 4` },
    eyewear: {
      text: 'Safe and appropriate protective eyewear must be provided to every user, and worn.',
      cite: `${WALES_2011}, the requirements on protective eyewear`,
    },
    healthInformation: {
      text: 'Every user must be given the health information the regulations prescribe before using a sunbed.',
      cite: `${WALES_2011}, the requirements on information to sunbed users and the prescribed health information`,
    },
    officialLeaflet: {
      title: "The Welsh Government's sunbed health information",
      url: 'https://gov.wales/topics/health/protection/environmental/sunbeds-wales11/?lang=en',
    },
    otherHealthMaterialBanned: {
      text: 'The salon may not provide or display any material about the health effects of sunbeds other than the prescribed health information.',
      cite: `${WALES_2011}, the prohibition on other material about the health effects of sunbeds`,
    },
  },
  scotland: {
    nation: 'scotland',
    name: 'Scotland',
    under18: { text: UNDER_18, cite: `${SCOTLAND_2008}, section 95` },
    supervision: { text: 'Sunbeds may not be used unsupervised: a member of staff must be on the premises.', cite: `${SCOTLAND_2008}, section 98` },
    eyewear: null,
    healthInformation: {
      text: 'Every user must be given the prescribed health information, and it must be displayed in the salon.',
      cite: `${SCOTLAND_2008}, sections 100 and 101; Public Health etc. (Scotland) Act 2008 (Sunbed) Regulations 2009`,
    },
    officialLeaflet: null,
    otherHealthMaterialBanned: null,
  },
  'northern-ireland': {
    nation: 'northern-ireland',
    name: 'Northern Ireland',
    under18: { text: UNDER_18, cite: `${NI_2011}, section 1` },
    supervision: { text: 'Sunbeds may not be used unsupervised.', cite: `${NI_2011}, section 3` },
    eyewear: { text: 'Protective eyewear must be provided to every user, and worn.', cite: `${NI_2011}, section 7` },
    healthInformation: {
      text: 'Every user must be given the prescribed health information, and a notice of it must be displayed.',
      cite: `${NI_2011}, sections 4 and 5; Sunbeds (Information) Regulations (Northern Ireland) 2012`,
    },
    officialLeaflet: null,
    otherHealthMaterialBanned: {
      text: 'The salon may not provide or display other information about the health effects of sunbeds.',
      cite: `${NI_2011}, section 6`,
    },
  },
}

export const isNation = (value: string): value is Nation => (NATIONS as readonly string[]).includes(value)

/** The law of a nation as stored for a shop (an unknown value falls back to England's, the strictest floor every nation shares). */
export const sunbedLawOf = (nation: string): SunbedLaw => (isNation(nation) ? SUNBED_LAW[nation] : SUNBED_LAW.england)

/** Every duty of a nation's law, in the order a page lists them. */
export function dutiesOf(law: SunbedLaw): Duty[] {
  return [law.under18, law.supervision, law.eyewear, law.healthInformation, law.otherHealthMaterialBanned].filter((d): d is Duty => d !== null)
}

/** What the blog editor tells the owner about the rule for the salon's nation (docs/product.md §10.4). */
export function publishingRuleOf(law: SunbedLaw): string {
  return law.otherHealthMaterialBanned
    ? `In ${law.name} the law forbids any material about the health effects of sunbeds other than the prescribed health information (${law.otherHealthMaterialBanned.cite}). A post that mentions health benefits or effects is refused.`
    : `In ${law.name} the law sets no rule on what a salon publishes about health, but no post should claim that tanning is healthy or protective: UK advertising rules forbid such claims.`
}

/** Words that make a post a claim about the health effects of tanning: refused on publishing wherever the law bans other health material (docs/decisions/031). */
export const HEALTH_CLAIM_PATTERNS: readonly RegExp[] = [
  /\bvitamin\s*d\b/i,
  /\bprotective\s+(?:base\s+)?tan\b/i,
  /\bbase\s+tan\s+(?:protects|to\s+protect)\b/i,
  /\bhealth(?:y|ier)?\s+(?:glow|tan|benefits?)\b/i,
  /\bbenefits?\s+(?:of|for)\s+(?:your\s+)?(?:health|skin|mood|wellbeing)\b/i,
  /\b(?:boosts?|improves?)\s+(?:your\s+)?(?:immune|mood|health|wellbeing)\b/i,
  /\b(?:treats?|cures?|helps?\s+with)\s+(?:acne|psoriasis|eczema|depression|sad|seasonal affective)\b/i,
  /\bsafe(?:r)?\s+(?:than\s+the\s+sun|tan(?:ning)?)\b/i,
]

/** The first health claim in a text, as written there; null when there is none. */
export function healthClaimIn(text: string): string | null {
  for (const pattern of HEALTH_CLAIM_PATTERNS) {
    const found = pattern.exec(text)
    if (found) return found[0]
  }
  return null
}
