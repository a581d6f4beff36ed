import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { scriptsAfterFirstPaint, scriptsAfterFirstPaintStream } from './scripts-after-paint.server.ts'

// A page as React Router writes it (shortened): preloads lifted into the head, the module script at the end.
const page = [
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/react-B.js"/>',
  '<link rel="modulepreload" href="/assets/root-C.js"/><link rel="modulepreload" href="/assets/prices-D.js"/>',
  '<style nonce="n">body{color:red}</style><title>Prices</title></head><body><main><h1>Prices</h1></main>',
  '<script nonce="n">window.__reactRouterContext = {};</script>',
  '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/prices-D.js";\n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/prices":route1};\n\nimport("/assets/entry.client-A.js");</script>',
  '<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>',
].join('')

describe('scripts after the first paint', () => {
  const result = scriptsAfterFirstPaint(page)
  const moduleCode = /<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/.exec(result)?.[1] ?? ''

  it('takes the preload links out of the head and leaves everything else', () => {
    expect(result).not.toContain('<link rel="modulepreload"')
    expect(result).toContain('<style nonce="n">body{color:red}</style><title>Prices</title></head><body><main><h1>Prices</h1></main>')
    expect(result).toContain('<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>')
  })

  it('waits for a frame, then asks for the same files and imports the route modules as before', () => {
    expect(moduleCode).not.toMatch(/^\s*import\s+\*/m)
    expect(moduleCode.indexOf('first-contentful-paint')).toBeGreaterThan(0)
    expect(moduleCode.indexOf('first-contentful-paint')).toBeLessThan(moduleCode.indexOf('modulepreload'))
    expect(moduleCode, 'the client entry is not imported early').toContain('if (href !== "/assets/entry.client-A.js")')
    expect(moduleCode).toContain('["/assets/entry.client-A.js","/assets/react-B.js","/assets/root-C.js","/assets/prices-D.js"]')
    expect(moduleCode).toContain('const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/prices-D.js")]);')
    expect(moduleCode).toMatch(/window\.__reactRouterRouteModules = \{"root":route0,"routes\/prices":route1\};\s+import\("\/assets\/entry\.client-A\.js"\);$/)
  })

  it('runs the page’s code as it did: the module script still parses, its imports in order', async () => {
    const imported: string[] = []
    const run = new Function(
      'imported',
      'document',
      'PerformanceObserver',
      'MessageChannel',
      'window',
      `return (async () => { ${moduleCode.replace(/\bimport\(/g, 'imported.push(')} })()`,
    )
    const head = { append: () => undefined }
    const document = { visibilityState: 'hidden', head, createElement: () => ({}) }
    await run(imported, document, { supportedEntryTypes: [] }, MessageChannel, {})
    expect(imported).toEqual([
      '/assets/react-B.js',
      '/assets/root-C.js',
      '/assets/prices-D.js',
      '/assets/root-C.js',
      '/assets/prices-D.js',
      '/assets/entry.client-A.js',
    ])
  })

  it('leaves a page without the module script as it is', () => {
    const plain = '<html><head><title>x</title></head><body><p>Hello</p></body></html>'
    expect(scriptsAfterFirstPaint(plain)).toBe(plain)
  })

  it('gives the same page when React streams it in pieces, however they are cut', async () => {
    for (const size of [1, 7, 64, 500, page.length]) {
      const pieces = Array.from({ length: Math.ceil(page.length / size) }, (_, i) => Buffer.from(page.slice(i * size, (i + 1) * size)))
      const out: Buffer[] = []
      for await (const chunk of Readable.from(pieces).pipe(scriptsAfterFirstPaintStream())) out.push(chunk as Buffer)
      expect(Buffer.concat(out).toString(), `pieces of ${size}`).toBe(result)
    }
  })
})
