import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    // Tiny shared modules (a time zone, a hook) would each be a chunk of their own, and every chunk costs a request
    // and its own compression overhead: Rollup folds chunks under 1 kB into the ones that import them.
    rollupOptions: { output: { experimentalMinChunkSize: 1000 } },
  },
})
