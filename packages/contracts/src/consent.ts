/** What a visitor agrees to in the offer popup; stored with their details as the record of consent. */
export const POPUP_CONSENT_TEXT = 'I would like to receive offers and news from the salon by text message or email. I can unsubscribe at any time.'
