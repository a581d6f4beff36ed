import { markdownNestingProblem } from '@salon/contracts/rules/markdown-nesting'
import { isPictureAddress } from '@salon/contracts/rules/picture-address'
import { BED_PICTURES } from '@salon/contracts/staff-manage'
import { describe, expect, it } from 'vitest'
import { demoBeds, demoBlogPosts } from './demo-salon.ts'

describe('the demo salon keeps to the rules the staff editors are held to', () => {
  it('shows its pictures only from where pictures may come from', () => {
    for (const address of [...demoBeds.map((b) => b.picture), ...demoBlogPosts.map((p) => p.coverImage), ...BED_PICTURES]) {
      expect(isPictureAddress(address), address).toBe(true)
    }
  })

  it('nests no post deeper than the editor allows', () => {
    for (const post of demoBlogPosts) expect(markdownNestingProblem(post.bodyMarkdown), post.id).toBeNull()
  })
})
