import type { PublicConfig } from '@salon/contracts/web'
import { describe, expect, it } from 'vitest'
import { publicConfigScript } from './public-config.ts'

const config: PublicConfig = {
  shopId: 'bronze-glow',
  apiKey: 'pk_</script><script>alert(1)</script>',
  apiBaseUrl: '/api/',
  siteUrl: null,
  gaMeasurementId: null,
  identity: { region: 'eu-west-2', userPoolId: 'eu-west-2_pool', userPoolClientId: 'client', endpoint: '/cognito/' },
}

describe('the settings handed to the browser', () => {
  it('arrive as the same values', () => {
    const window: { __SALON_CONFIG__?: PublicConfig } = {}
    new Function('window', publicConfigScript(config))(window)
    expect(window.__SALON_CONFIG__).toEqual(config)
  })

  it('cannot close the script element they are written into', () => {
    expect(publicConfigScript(config)).not.toContain('</script')
    expect(publicConfigScript(config)).not.toContain('<')
  })
})
