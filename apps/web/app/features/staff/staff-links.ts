import stylesheet from '../../staff.css?url'

/** The staff pages' own stylesheet (the customer pages' inline one leaves their classes out): every staff route's links. */
export const staffLinks = () => [{ rel: 'stylesheet', href: stylesheet }]
