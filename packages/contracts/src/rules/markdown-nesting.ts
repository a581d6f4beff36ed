/**
 * How deep a blog post's Markdown may nest (docs/product.md §10.4): quotes in quotes, lists in lists, emphasis in
 * emphasis. The Markdown renderer recurses once per level, so a post nested thousands deep would exhaust its stack
 * and take the post's page down; no real post comes near this.
 */
export const MAX_MARKDOWN_NESTING = 20
export const MARKDOWN_NESTING_MESSAGE = `Quotes, lists and emphasis may be nested at most ${MAX_MARKDOWN_NESTING} deep: please flatten the deepest part of the post.`

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const THEMATIC_BREAK = /^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/
const CONTAINER_MARKER = /^(>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/

/** How many quotes and list items a line opens before its text, counting two columns of indentation as a level. */
function containerDepth(line: string): number {
  if (THEMATIC_BREAK.test(line)) return 0
  let markers = 0
  let columns = 0
  let i = 0
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') columns += line[i++] === '\t' ? 4 - (columns % 4) : 1
    const marker = CONTAINER_MARKER.exec(line.slice(i, i + 11))
    if (!marker) break
    markers++
    i += marker[0].length
  }
  return markers + Math.floor(Math.max(0, columns - markers) / 2)
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char)

/**
 * The deepest a post nests, counted cheaply line by line without parsing it (so it is safe on any text): the
 * quotes and lists a line opens, plus the emphasis and strikethrough delimiters (`*`, `_`, `~`) opened and not yet closed in its paragraph.
 * It may count a little more than a renderer would, never less.
 */
export function markdownNesting(markdown: string): number {
  let deepest = 0
  let open = 0
  let fenced = false
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    if (FENCE.test(line)) fenced = !fenced
    if (fenced) continue
    if (line.trim() === '') open = 0
    const containers = containerDepth(line)
    for (let i = 0; i < line.length; i++) {
      const char = line[i]
      if (char === '\\') i++
      else if (char === '*' || char === '_' || char === '~') {
        let end = i
        while (line[end + 1] === char) end++
        const opens = !isSpace(line[end + 1])
        const closes = !isSpace(line[i - 1])
        const length = end - i + 1
        if (opens && !closes) open += length
        else if (closes && !opens) open = Math.max(0, open - length)
        i = end
      }
      deepest = Math.max(deepest, containers + open)
    }
    deepest = Math.max(deepest, containers)
  }
  return deepest
}

/** The message for a post nested deeper than the limit, or null when it is fine. */
export const markdownNestingProblem = (markdown: string): string | null => (markdownNesting(markdown) > MAX_MARKDOWN_NESTING ? MARKDOWN_NESTING_MESSAGE : null)
