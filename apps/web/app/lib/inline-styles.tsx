import { createContext, useContext } from 'react'

const StylesContext = createContext<string | null>(null)

/** The built stylesheet, which entry.server gives the page; the browser never downloads it as a script. */
export const StylesProvider = StylesContext.Provider

/**
 * The site's stylesheet, written into the page's head rather than linked, so the first paint waits for no second
 * request. Only the server writes it: in the browser React leaves an element it does not render in the head as it
 * is. In development Vite links the stylesheet instead, to reload it hot.
 */
export function InlineStyles({ nonce }: { nonce: string }) {
  const css = useContext(StylesContext)
  // Nothing in a stylesheet may close the element early.
  return css ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css.replace(/<\/style/gi, '<\\/style') }} /> : null
}
