/** The most a note about a customer may hold: one a member of staff keeps, or one an import brought (the database's customers_note). */
export const NOTE_MAX_LENGTH = 1000
