/** Which modules each server module may use (see eslint.server-boundaries.js). */
export const MODULE_DIRECTION: Readonly<Record<string, readonly string[]>>
export const serverImportBoundaries: readonly object[]
