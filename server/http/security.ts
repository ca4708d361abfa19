/**
 * Request guards, in the order they run: Host (DNS rebinding), Origin (cross-site requests), then the API
 * token (Bearer header or the HttpOnly cookie set by `/?token=`). The allowed host is computed from the
 * socket's own port, so the checks hold for port 0 and for tests on ephemeral ports.
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
