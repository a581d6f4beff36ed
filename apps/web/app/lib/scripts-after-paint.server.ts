import { Transform } from 'node:stream'

// The page's scripts start downloading once the browser has painted the page, not while it is still reading it.
//
// React Router writes a `<link rel="modulepreload">` for every script of the page (React lifts them into the head)
// and a module script at the end of the body that imports the route modules and then hydrates. On a phone those
// downloads share the connection with the page itself, and its first paint waits for them: a hundred kB of
// JavaScript for a page whose text and styles are all in its HTML. Here the preload links leave the head, and the
// module script waits for the first frame after the page is read, then asks for the same files all at once (as the
// preload links did, so no file waits for another) and starts them one at a time, the browser free in between, before
// importing the route modules as before.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/
const STATIC_IMPORT = /import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"]+");?/g

/** The head without its module preload links, and their addresses. */
export function withoutPreloads(html: string): { html: string; preloads: string[] } {
  const preloads: string[] = []
  const rest = html.replace(PRELOAD, (_, href: string) => {
    preloads.push(href)
    return ''
  })
  return { html: rest, preloads }
}

/**
 * The module script with its static imports made dynamic, after the first frame, and the preloads asked for then.
 * Markup without the module script, or a script without imports, is left as it is.
 */
export function moduleScriptAfterFirstPaint(html: string, preloads: string[]): string {
  return html.replace(MODULE_SCRIPT, (whole, open: string, code: string, close: string) => {
    const names: string[] = []
    const urls: string[] = []
    const rest = code.replace(STATIC_IMPORT, (_, name: string | undefined, url: string) => {
      names.push(name ?? '')
      urls.push(url)
      return ''
    })
    // The client entry hydrates the page once imported: it comes last, after the route modules, as before.
    const entry = /import\(("[^"]+")\)/.exec(rest)?.[1]
    if (urls.length === 0 || !entry) return whole
    const deferred = [
      // The first paint with content (a tab in the background paints none, and a browser that cannot tell goes on;
      // after three seconds the page goes on whatever it was told).
      'await new Promise((go) => { if (document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return go(); setTimeout(go, 3000); new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); go() } }).observe({ type: "paint", buffered: true }) });',
      // A turn of the event loop that no timer decides (tests may stop the page's clock).
      'const tick = () => new Promise((go) => { const channel = new MessageChannel(); channel.port1.onmessage = () => go(); channel.port2.postMessage(0) });',
      `const files = ${JSON.stringify(preloads)};`,
      'for (const href of files) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));',
      `for (const href of files) if (href !== ${entry}) { await import(href); await tick() }`,
      `const [${names.join(', ')}] = await Promise.all([${urls.map((url) => `import(${url})`).join(', ')}]);`,
      rest.replace(/^[\s;]+/, ''),
    ].join('\n')
    return `${open}${deferred}${close}`
  })
}

/** A whole page: both changes at once. */
export function scriptsAfterFirstPaint(html: string): string {
  const { html: rest, preloads } = withoutPreloads(html)
  return moduleScriptAfterFirstPaint(rest, preloads)
}

/**
 * The same for a page as React streams it: the head is held until it is complete, then the module script until its
 * end; everything else passes straight through.
 */
export function scriptsAfterFirstPaintStream(): Transform {
  const decoder = new TextDecoder()
  let stage: 'head' | 'body' | 'done' = 'head'
  let held = ''
  let preloads: string[] = []

  function release(end: boolean): string {
    let out = ''
    if (stage === 'head') {
      const close = held.indexOf('</head>')
      if (close < 0 && !end) return ''
      const head = withoutPreloads(held.slice(0, close < 0 ? held.length : close))
      preloads = head.preloads
      out += head.html
      held = close < 0 ? '' : held.slice(close)
      stage = 'body'
    }
    if (stage === 'body') {
      const start = held.search(/<script\b[^>]*\btype="module"/)
      if (start >= 0 && (held.includes('</script>', start) || end)) {
        out += moduleScriptAfterFirstPaint(held, preloads)
        held = ''
        stage = 'done'
      } else if (start >= 0) {
        // The script is not complete yet: what comes before it can go.
        out += held.slice(0, start)
        held = held.slice(start)
      } else {
        // A tag may be split between two pieces: keep back what could be the start of the module script.
        const tag = held.lastIndexOf('<')
        const cut = tag >= 0 && held.length - tag < 200 && !end ? tag : held.length
        out += held.slice(0, cut)
        held = held.slice(cut)
      }
    }
    if (stage === 'done') {
      out += held
      held = ''
    }
    return out
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held += decoder.decode(chunk, { stream: true })
      const out = release(false)
      done(null, out ? Buffer.from(out) : undefined)
    },
    flush(done) {
      held += decoder.decode()
      const out = release(true)
      done(null, out ? Buffer.from(out) : undefined)
    },
  })
}
