import { healthClaimIn, NATIONS, SUNBED_LAW, dutiesOf } from '@salon/contracts/rules/sunbed-law'
import { describe, expect, it } from 'vitest'
import { demoBlogPosts, demoPackages, demoPriceExtras } from './demo-salon.ts'

describe('the demo salon publishes no claim that tanning is healthy or protective (docs/decisions/031)', () => {
  it.each(demoBlogPosts.map((p) => [p.id, p] as const))('blog post %s', (_id, post) => {
    expect(healthClaimIn([post.title, post.summary, post.bodyMarkdown].join('\n'))).toBeNull()
  })

  it('packages and price extras', () => {
    for (const item of [...demoPackages, ...demoPriceExtras]) expect(healthClaimIn(JSON.stringify(item))).toBeNull()
  })

  it('finds the claims the check is for', () => {
    expect(healthClaimIn('This skin cannot build a protective tan.')).toBe('protective tan')
    expect(healthClaimIn('Top up your Vitamin D all winter')).toBe('Vitamin D')
    expect(healthClaimIn('The health benefits of a regular session')).toBe('health benefits')
    expect(healthClaimIn('Exfoliate the day before and moisturise after.')).toBeNull()
  })
})

describe('the sunbed law table', () => {
  it('names each nation once, and every duty cites its law', () => {
    expect(Object.keys(SUNBED_LAW).sort()).toEqual([...NATIONS].sort())
    for (const nation of NATIONS) {
      const law = SUNBED_LAW[nation]
      expect(law.nation).toBe(nation)
      for (const duty of dutiesOf(law)) expect(duty.cite).toMatch(/Act|Regulations/)
    }
    // Only Wales prescribes the wording, with the official leaflet.
    expect(NATIONS.filter((n) => SUNBED_LAW[n].officialLeaflet)).toEqual(['wales'])
    expect(SUNBED_LAW.england.supervision).toBeNull()
    expect(SUNBED_LAW.wales.otherHealthMaterialBanned?.cite).toMatch(/Wales\) Regulations 2011/)
  })
})
