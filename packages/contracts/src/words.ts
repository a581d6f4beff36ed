/** "1 minute", "3 minutes", "1 hour": a count with its unit, in the singular for one. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
