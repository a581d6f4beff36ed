import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.ts'

describe('blog Markdown', () => {
  it("a post's top heading sits under the page heading", () => {
    const html = renderMarkdown('# Aftercare tips\n\n## Moisturise\n\n### Daily')
    expect(html).toContain('<h2>Aftercare tips</h2>')
    expect(html).toContain('<h2>Moisturise</h2>')
    expect(html).toContain('<h3>Daily</h3>')
    expect(html).not.toContain('<h1')
  })

  it('paragraphs, emphasis, lists and tables come through', () => {
    const html = renderMarkdown('Some **bold** and *soft* words.\n\n1. One\n2. Two\n\n| Bed | Minutes |\n| --- | --- |\n| Vertica | 6 |')
    expect(html).toContain('<p>Some <strong>bold</strong> and <em>soft</em> words.</p>')
    expect(html).toMatch(/<ol>\s*<li>One<\/li>\s*<li>Two<\/li>\s*<\/ol>/)
    expect(html).toContain('<td>Vertica</td>')
  })

  it('external links open safely', () => {
    const html = renderMarkdown('[NHS advice](https://www.nhs.uk/live-well/seasonal-health/sunscreen-and-sun-safety/)')
    expect(html).toBe('<p><a href="https://www.nhs.uk/live-well/seasonal-health/sunscreen-and-sun-safety/" rel="noopener noreferrer">NHS advice</a></p>\n')
  })

  it('links within the site stay as they are', () => {
    const html = renderMarkdown('[our prices](/prices/)')
    expect(html).toContain('<a href="/prices/">our prices</a>')
    expect(html).not.toContain('rel=')
  })

  it('phone and email links are kept', () => {
    const html = renderMarkdown('[Call us](tel:+441632960482) or [email](mailto:hello@bronze-glow.example)')
    expect(html).toContain('href="tel:+441632960482"')
    expect(html).toContain('href="mailto:hello@bronze-glow.example"')
  })

  it('javascript: and data: links lose their target', () => {
    const html = renderMarkdown('[x](javascript:alert(1)) and [y](data:text/html;base64,PHNjcmlwdD4=) and [z](JaVaScRiPt:alert(2))')
    expect(html).not.toMatch(/javascript:|data:/i)
    expect(html).toContain('<a>x</a>')
    expect(html).toContain('<a>y</a>')
  })

  it('protocol-relative links are dropped', () => {
    expect(renderMarkdown('[away](//evil.example/)')).not.toContain('evil.example')
  })

  it('raw HTML that could run script is removed', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<iframe src="https://evil.example"></iframe>\n\n<p onclick="alert(1)" style="color:red">Hi</p>',
    )
    expect(html).not.toMatch(/<script|<img|<iframe|onerror|onclick|style=/i)
    expect(html).not.toContain('alert(1)')
    expect(html).toContain('<p>Hi</p>')
  })
})

describe('blog Markdown nested past the editor’s limit (saved before it, or put in by other means)', () => {
  const deep = {
    quotes: `${'>'.repeat(2000)} hi`,
    'spaced quotes': `${'> '.repeat(2000)}hi`,
    'lists on one line': `${'- '.repeat(2000)}hi`,
    'numbered lists': `${'1. '.repeat(2000)}hi`,
    'indented lists': Array.from({ length: 200 }, (_, i) => `${'  '.repeat(i)}- hi`).join('\n'),
    'quotes in lists': `${'> - '.repeat(1500)}hi`,
    emphasis: `${'*'.repeat(5000)}hi${'*'.repeat(5000)}`,
    'nested emphasis': `${'*a '.repeat(3000)}hi${' b*'.repeat(3000)}`,
    underscores: `${'_'.repeat(20_000)}hi${'_'.repeat(20_000)}`,
    strikethrough: `${'~a '.repeat(5000)}hi${' b~'.repeat(5000)}`,
    brackets: `${'['.repeat(20_000)}hi${']'.repeat(20_000)}`,
    'links in links': `${'[a '.repeat(5000)}hi${' b](u)'.repeat(5000)}`,
    'images in links': `${'[!'.repeat(10_000)}hi${']'.repeat(10_000)}`,
  }

  it.each(Object.entries(deep))('%s render quickly, without failing', (_shape, markdown) => {
    const started = performance.now()
    const html = renderMarkdown(`<script>x</script>\n\n${markdown}`)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(html).toContain('hi')
    expect(html).not.toContain('<script')
  })

  it('a post at the limit renders as Markdown', () => {
    const html = renderMarkdown(`${'>'.repeat(20)} hi`)
    expect(html.match(/<blockquote>/g)).toHaveLength(20)
  })

  it('a post past the limit is shown as the words typed, escaped', () => {
    expect(renderMarkdown(`${'>'.repeat(21)} <b>hi</b> & "bye"\n\nnext`)).toBe(
      `<p>${'&gt;'.repeat(21)} &lt;b&gt;hi&lt;/b&gt; &amp; &quot;bye&quot;</p>\n<p>next</p>\n`,
    )
  })
})
