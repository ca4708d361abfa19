/**
 * The built renderer (dist/renderer) at `/`: its files need no token (the page itself carries no data), hashed
 * assets are cached for good while index.html never is, and a browser navigating to any other path that is
 * not an API route gets index.html (the SPA fallback) instead of a JSON 404. Before the renderer is built, `/`
 * shows a page saying so.
 */
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type Router } from 'express';
import { uiFallbackPage } from './ui-fallback.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function uiStatic(uiDir: string, version: string, isApiPath: (path: string) => boolean): Router {
  const router = express.Router();
  const index = join(uiDir, 'index.html');
  if (!existsSync(index)) {
    router.get('/', (_req, res) => {
      res.type('html').send(uiFallbackPage(version));
    });
    return router;
  }

  router.use(
    express.static(uiDir, {
      index: 'index.html',
      cacheControl: false,
      // Vite names every asset by its content hash; index.html keeps the global no-store.
      setHeaders: (res, file) => {
        if (file.startsWith(join(uiDir, 'assets'))) res.setHeader('Cache-Control', IMMUTABLE);
      },
    }),
  );

  // Only a page navigation (Accept names text/html) to a path that is neither an API route nor a file.
  router.get(/.*/, (req, res, next) => {
    const wantsPage = (req.headers.accept ?? '').includes('text/html');
    if (!wantsPage || extname(req.path) !== '' || isApiPath(req.path)) return next();
    res.sendFile(index);
  });
  return router;
}
