/**
 * The zone of the salons' calendar and of the customers' "today". A module of its own so that a page which only
 * formats a date in it (every page, through the layout) does not also download the date helpers.
 */
export const UK_TIME_ZONE = 'Europe/London'
