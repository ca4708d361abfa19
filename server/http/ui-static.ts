/**
 * The built renderer (dist/renderer) at `/`: its files need no token (the page itself carries no data), hashed
 * assets are cached for good while index.html never is, and a browser navigating to any other path that is
 * not an API route gets index.html (the SPA fallback) instead of a JSON 404. Before the renderer is built, `/`
 * shows a page saying so.
 *
 * The router is mounted before the token check, so it answers only what is the UI's: a GET or HEAD of a path
 * that is not an API route. Everything else leaves it untouched (Express would otherwise answer an OPTIONS for
 * any path its routes match with its own `200 text/plain`), and a directory without a file, `/assets` say, is
 * left to the 404 instead of express.static's HTML redirect page.
 */
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import express, { type Router } from 'express';
import { uiFallbackPage } from './ui-fallback.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite's hashed assets: a path below it that is not a file is a missing asset, never a page. */
const ASSETS_PATH = /^\/assets(\/|$)/i;

export function uiStatic(uiDir: string, version: string, isApiPath: (path: string) => boolean): Router {
  const router = express.Router();
  router.use((req, _res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.path)) next();
    else next('router');
  });

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
      redirect: false,
      // Vite names every asset by its content hash; index.html keeps the global no-store.
      setHeaders: (res, file) => {
        if (file.startsWith(join(uiDir, 'assets'))) res.setHeader('Cache-Control', IMMUTABLE);
      },
    }),
  );

  // Only a page navigation (Accept names text/html) to a path that is neither a file nor below /assets.
  router.get(/.*/, (req, res, next) => {
    const wantsPage = (req.headers.accept ?? '').includes('text/html');
    if (!wantsPage || extname(req.path) !== '' || ASSETS_PATH.test(req.path)) return next();
    res.sendFile(index);
  });
  return router;
}
