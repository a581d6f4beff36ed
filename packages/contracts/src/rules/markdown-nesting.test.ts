import { describe, expect, it } from 'vitest'
import { MAX_MARKDOWN_NESTING, markdownNesting, markdownNestingProblem } from './markdown-nesting.ts'

const indentedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')

describe('how deep a post nests', () => {
  it('counts quotes, lists and emphasis, and takes ordinary posts', () => {
    expect(markdownNesting('## Before\n\nSome **bold** and _soft_ words, a snake_case_word and 5 * 3.\n\n* * *\n\n---')).toBeLessThanOrEqual(2)
    expect(markdownNesting('> > > three')).toBe(3)
    expect(markdownNesting('- one\n  - two\n    - three')).toBe(3)
    expect(markdownNesting('1. 2) - > four')).toBe(4)
    expect(markdownNesting('*a _b ~c x~ b_ a*')).toBe(3)
    expect(markdownNesting('```\n' + '>'.repeat(100) + '\n```')).toBe(0)
    expect(markdownNesting('\\*'.repeat(100))).toBe(0)
  })

  it('takes the limit and refuses one past it, in every shape', () => {
    const at = (n: number) => [
      `${'>'.repeat(n)} hi`,
      `${'> '.repeat(n)}hi`,
      indentedList(n),
      `${'- '.repeat(n)}x`,
      `${'1. '.repeat(n)}x`,
      `${'*'.repeat(n)}x${'*'.repeat(n)}`,
      `${'*a '.repeat(n)}x${' b*'.repeat(n)}`,
      `${'~a '.repeat(n)}x${' b~'.repeat(n)}`,
    ]
    for (const markdown of at(MAX_MARKDOWN_NESTING)) expect(markdownNestingProblem(markdown), markdown).toBeNull()
    for (const markdown of at(MAX_MARKDOWN_NESTING + 1)) expect(markdownNestingProblem(markdown), markdown).toMatch(/nested at most 20 deep/)
  })

  it('measures the longest post quickly', () => {
    const started = performance.now()
    for (const markdown of ['>'.repeat(50_000), `${'*'.repeat(25_000)}x`, `${'- '.repeat(25_000)}x`, `${' '.repeat(49_990)}- x`]) {
      expect(markdownNesting(markdown)).toBeGreaterThan(MAX_MARKDOWN_NESTING)
    }
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
