/**
 * The health questions a customer answers before their first session and again every 12 months (docs/product.md
 * §4.15): who must not tan, as the user instructions of the safety standard for tanning appliances (EN/IEC
 * 60335-2-27) say, with pregnancy, which salons commonly ask too. A "yes" to any means talking to the salon first.
 * Changing a question changes HEALTH_QUESTIONS_VERSION, and every customer answers again.
 */

export const HEALTH_QUESTIONS_VERSION = 1

export const HEALTH_QUESTIONS = [
  { id: 'burns-easily', text: 'Do you freckle or burn easily in the sun, or tan only a little or not at all?' },
  { id: 'red-hair', text: 'Is your hair naturally red?' },
  { id: 'moles', text: 'Do you have many moles, or moles that are irregular in shape or colour, or changing?' },
  { id: 'sunburn-now', text: 'Are you sunburnt now?' },
  { id: 'skin-cancer', text: 'Have you ever had skin cancer, or a skin condition that could lead to it?' },
  { id: 'childhood-sunburn', text: 'Were you badly sunburnt as a child?' },
  {
    id: 'photosensitive',
    text: 'Are you taking a medicine or using a cream that makes your skin more sensitive to light, or do you have a condition that sunlight makes worse? Ask your pharmacist or doctor if you are not sure.',
  },
  { id: 'pregnant', text: 'Are you pregnant?' },
] as const

export type HealthQuestionId = (typeof HEALTH_QUESTIONS)[number]['id']

/** The version a salon asks now: the questions' own, then the salon's revision (raised when it asks everyone again). */
export const healthQuestionsVersion = (revision: number) => `${HEALTH_QUESTIONS_VERSION}.${revision}`

/** Answers are good for 12 months. */
export const HEALTH_ANSWERS_VALID_MONTHS = 12

/**
 * What every salon tells a customer before their first session, whatever its nation: plain facts, no claim. Where
 * the law prescribes the wording, the official leaflet is linked beside it.
 */
export const HEALTH_INFORMATION = [
  'Sunbeds give out ultraviolet (UV) radiation. UV can cause skin cancer, ageing of the skin and damage to the eyes, and the risk grows with every session.',
  'Always wear the protective goggles the salon gives you.',
  'If your skin goes red 16 to 24 hours after a session, stop: wait at least a week, then start again from the shortest session.',
  'If your skin itches after your first session, see a doctor before you use a sunbed again.',
] as const
