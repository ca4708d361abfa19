/**
 * Request guards, in the order they run: Host (DNS rebinding), Origin and Fetch Metadata (requests from other
 * sites, other ports on loopback included), then the API token (Bearer header or the HttpOnly cookie set by
 * `/?token=`). The allowed host is computed from the socket's own port, so the checks hold for port 0 and for
 * tests on ephemeral ports.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { HttpProblem } from './problem.js';

export const TOKEN_COOKIE = 'siteloupe_token';
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function allowedHosts(req: Request): string[] {
  const port = req.socket.localPort;
  return LOOPBACK_NAMES.map((h) => `${h}:${port}`);
}

export function hostGuard(): RequestHandler {
  return (req, _res, next) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts(req).includes(host)) {
      return next(
        new HttpProblem(
          'forbidden-host',
          `Host "${host.slice(0, 100)}" is not allowed; Siteloupe answers only on 127.0.0.1, localhost or [::1] at its own port.`,
        ),
      );
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts(req).some((h) => origin.toLowerCase() === `http://${h}`)) {
      return next(
        new HttpProblem(
          'forbidden-host',
          `Origin "${origin.slice(0, 100)}" is not allowed; cross-site requests are refused.`,
        ),
      );
    }
    next();
  };
}

/** `Sec-Fetch-Site` values of requests made by the UI's own pages, or typed, bookmarked or opened by the shell. */
const OWN_FETCH_SITES: readonly string[] = ['same-origin', 'none'];

/**
 * Fetch Metadata check, after the Host and Origin checks. The cookie is SameSite=Strict, but a site is a scheme
 * and host without the port: a page served from 127.0.0.1 or localhost at any other port (a dev server, a crawled
 * site on loopback) is the same site, and its no-cors GETs (`<img>`, `<script>`, a link) carry the cookie and
 * send no Origin. It cannot read the answer, but the request still runs: an export reads the database,
 * `report.pdf` starts Chromium. Browsers name where a request comes from in `Sec-Fetch-Site`, which no page can
 * set, so anything but `same-origin` or `none` is refused, with one exception: a top-level navigation to the
 * UI (a GET of a path that is not an API route), whose files carry no data and whose calls are then the UI's own.
 * Requests without the header (curl, workflow tools sending the token, the in-process proxy) pass.
 */
export function fetchSiteGuard(isApiPath: (path: string) => boolean): RequestHandler {
  return (req, _res, next) => {
    const site = req.headers['sec-fetch-site'];
    if (site === undefined || OWN_FETCH_SITES.includes(site)) return next();
    const uiNavigation =
      (req.method === 'GET' || req.method === 'HEAD') &&
      req.headers['sec-fetch-mode'] === 'navigate' &&
      req.headers['sec-fetch-dest'] === 'document' &&
      !isApiPath(req.path);
    if (uiNavigation) return next();
    next(
      new HttpProblem(
        'forbidden-host',
        `A request from another site (Sec-Fetch-Site: ${site.slice(0, 40)}) is refused: the API answers only the Siteloupe UI's own pages and clients without a browser. A page on this machine at another port counts as another site.`,
      ),
    );
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function presentedToken(req: Request): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return readCookie(req, TOKEN_COOKIE);
}

export function isAuthorized(req: Request, token: string | null): boolean {
  if (token === null) return true;
  const given = presentedToken(req);
  return given !== undefined && sameSecret(given, token);
}

export function authGuard(token: string | null): RequestHandler {
  return (req, _res, next) => {
    if (isAuthorized(req, token)) return next();
    const given = presentedToken(req) !== undefined;
    next(
      new HttpProblem(
        'unauthorized',
        given
          ? 'The API token is wrong. Use the token in <data dir>/api-token.'
          : 'This route needs the API token: send "Authorization: Bearer <token>" (the token is in <data dir>/api-token and printed by `siteloupe serve`), or open /?token=<token> in the browser.',
        undefined,
        { 'WWW-Authenticate': 'Bearer realm="siteloupe"' },
      ),
    );
  };
}

/** `/?token=…` → sets the HttpOnly cookie and redirects to the same path without the token in the URL. */
export function tokenLanding(token: string | null): RequestHandler {
  return (req, res, next) => {
    const given = req.query.token;
    if (typeof given !== 'string' || token === null) return next();
    if (!sameSecret(given, token))
      return next(new HttpProblem('unauthorized', 'The token in the link is wrong.'));
    res.cookie(TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/' });
    res.redirect(302, req.path);
  };
}
