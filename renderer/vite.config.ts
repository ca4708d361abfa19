/**
 * Builds the React UI into dist/renderer, which the embedded server serves at `/`. The output must run under
 * the server's Content-Security-Policy (`script-src 'self'`): Vite emits module scripts as files and no inline
 * script, and the module-preload polyfill is bundled rather than inlined.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react()],
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
