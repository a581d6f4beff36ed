/** The one copy of the custom attribute names both sides use on the user pool. */
export const SKIN_TYPE_ATTRIBUTE = 'custom:skin_type'

/** Fitzpatrick skin types I to VI, as a form or the attribute sends them: the digits "1" to "6". */
export const isSkinType = (value: string) => /^[1-6]$/.test(value)
