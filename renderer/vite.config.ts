/**
 * Builds the React UI into dist/renderer, which the embedded server serves at `/`. The output must run under
 * the server's Content-Security-Policy (`script-src 'self'`): Vite emits module scripts as files and no inline
 * script, and the module-preload polyfill is bundled rather than inlined.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routeTable } from '../server/contract/route-table.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * `virtual:api-routes`: each operation's method and path, built from the server's contract at build time, so
 * the UI calls operations by id (`call('sites.get', …)`) without bundling any server code.
 */
function apiRoutes(): Plugin {
  const id = 'virtual:api-routes';
  return {
    name: 'siteloupe-api-routes',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (source) => (source === `\0${id}` ? `export default ${JSON.stringify(routeTable())};` : undefined),
  };
}

export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react(), apiRoutes()],
  // Electron and the browser UI use the same origin; nothing needs a public folder.
  publicDir: false,
  build: {
    outDir: here('../dist/renderer'),
    emptyOutDir: true,
    target: 'es2022',
    // cytoscape and fcose are one large, rarely-changing chunk; the warning would only be noise.
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
});
