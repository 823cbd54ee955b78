import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    // One stylesheet instead of one per route module: fewer render-blocking requests on first paint.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for the prerendered pages: gzip compresses one framework file better
        // than five (≈4 KB less on the landing page), and every modulepreload is a request that
        // Lighthouse's simulation puts before first paint.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              // What the marketing pages share (header, footer, landing sections used by /green, ...);
              // modules of a single page stay in that page's chunk.
              name: 'marketing',
              test: /web[\\/]src[\\/](marketing[\\/](site-|landing[\\/])|components[\\/](button|logo|carousel))|common[\\/]src[\\/](site|milestones)/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  // Short hashed class names: CSS module maps ship in the JavaScript of every page.
  css: { modules: { generateScopedName: '_[hash:base64:6]' } },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});
