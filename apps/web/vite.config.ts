import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Vendor code in a few long-lived chunks, grouped by what loads together, so a release that only
 * changes the app's own code leaves them cached, and the landing page does not download what only
 * the signed-in app uses (zod, axios). Earlier groups win. A group also takes its modules'
 * dependencies, so Mantine (whose chart package depends on the core) is left to the automatic
 * split, which already gives the chart library a chunk of its own.
 */
const VENDOR_GROUPS: { name: string; test: RegExp }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'vendor-router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
  { name: 'vendor-axios', test: /node_modules[\\/]axios[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks each page needs (scripts/route-sizes.mjs reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, i) => ({
            ...group,
            priority: VENDOR_GROUPS.length - i,
          })),
        },
      },
    },
  },
});
