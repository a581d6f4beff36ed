import { MAX_MARKDOWN_NESTING, markdownNesting } from '@salon/contracts/rules/markdown-nesting'
import { Marked } from 'marked'
import sanitizeHtml from 'sanitize-html'

const marked = new Marked({ gfm: true, async: false })

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // A post's own headings sit under the page's h1.
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^(https?:)?\/\//.test(attribs.href ?? '') ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The words of the post as plain paragraphs, its Markdown shown as typed: nothing in it is interpreted. */
const plainParagraphs = (markdown: string) =>
  markdown
    .split(/(?:\r?\n[ \t]*){2,}/)
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${escapeHtml(block.trim()).replace(/\r?\n/g, '<br />')}</p>\n`)
    .join('')

/**
 * Markdown written by the salon, as HTML that is safe to put in a page. A post nested deeper than the editor allows
 * (saved before the limit, or put in the database by other means) is shown as plain text rather than handed to the
 * renderer, which recurses once per level: its page must load whatever the post holds.
 */
export function renderMarkdown(markdown: string): string {
  if (markdownNesting(markdown) > MAX_MARKDOWN_NESTING) return plainParagraphs(markdown)
  let html: string
  try {
    html = marked.parse(markdown) as string
  } catch {
    return plainParagraphs(markdown)
  }
  return sanitizeHtml(html, allowed)
}
