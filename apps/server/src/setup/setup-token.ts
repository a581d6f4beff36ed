import { rmSync } from 'node:fs'
import path from 'node:path'
import { loadKeptToken } from '../lib/kept-token.ts'

/**
 * The set-up link's token (docs/product.md §11): made at the first start without a salon, kept in
 * DATA_DIR/setup-token for the server's user alone, and removed once the salon is set up. The database says
 * whether it is spent, so a copy of the file left anywhere opens nothing afterwards.
 */
export const setupTokenFile = (dataDir: string) => path.join(dataDir, 'setup-token')

export const loadSetupToken = (dataDir: string) => loadKeptToken(setupTokenFile(dataDir))

export const removeSetupToken = (dataDir: string) => rmSync(setupTokenFile(dataDir), { force: true })
