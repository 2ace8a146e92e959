import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Three pages: index.html is the app (every route), landing.html is the landing page's own small
 * entry, which the server sends for `/` (apps/server/src/plugins/error-handler.ts), and login.html
 * is the login page's own small entry (src/login-main.tsx), with the page's HTML written in at build
 * time (scripts/prerender-login.mjs), which the server sends for `/login`. The dev server shows `/`
 * as a first visit gets it; its `/login` is the app's index.html (the app's login route).
 */
const PAGES = {
  main: fileURLToPath(new URL('./index.html', import.meta.url)),
  landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
  login: fileURLToPath(new URL('./login.html', import.meta.url)),
};

function landingAtRoot(): Plugin {
  return {
    name: 'stem-landing-at-root',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/' || req.url?.startsWith('/?'))
          req.url = `/landing.html${req.url.slice(1)}`;
        next();
      });
    },
  };
}

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

/** The client build (the three pages, vendor chunks); the server builds of the prerenders. */
const CLIENT_BUILD = {
  target: 'es2022',
  sourcemap: false,
  chunkSizeWarningLimit: 600,
  // dist/.vite/manifest.json: which chunks each page needs (scripts/route-sizes.mjs reads it).
  manifest: true,
  rolldownOptions: {
    input: PAGES,
    output: {
      codeSplitting: {
        groups: VENDOR_GROUPS.map((group, i) => ({
          ...group,
          priority: VENDOR_GROUPS.length - i,
        })),
      },
    },
  },
};

/**
 * `vite build --ssr src/landing-prerender.tsx --outDir dist-ssr`: the landing page for Node, run once
 * by scripts/prerender-landing.mjs to write its HTML into dist/landing.html, then deleted.
 */
const PRERENDER_BUILD = { target: 'node20', sourcemap: false, emptyOutDir: true };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), landingAtRoot()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: isSsrBuild ? PRERENDER_BUILD : CLIENT_BUILD,
}));
