/** The built-in identity service's user pool when the settings name none (env.ts defaults to the same ids). */
export const BUILT_IN_POOL = { poolId: 'eu-west-2_Sa1onDem0', clientId: '5k1n7an5a1on0c1ien7id0demo', defaultShopId: 'bronze-glow' } as const
