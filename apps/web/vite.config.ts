import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * Vite wraps every import() of the browser code in a helper that first fetches the imported chunk's own imports
 * and stylesheets: about 0.6 kB compressed on every page. The stylesheet is written into the page, and what the
 * app imports later (the identity library, the card form) has its imports loaded already or has none worth
 * fetching ahead, so a plain import() does.
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'salon:plain-dynamic-imports',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    load(id) {
      if (id === '\0vite/preload-helper.js') return { code: 'export const __vitePreload = (load) => load()', moduleSideEffects: false }
    },
  }
}

export default defineConfig({
  plugins: [plainDynamicImports(), tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0, modulePreload: false },
})
