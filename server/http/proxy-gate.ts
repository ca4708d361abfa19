/**
 * The proxy allowlist. It runs first on the route Express actually chose for a proxied request and reads that
 * route's own `stability` — the value `/openapi.json` shows as `x-stability` — so no second list of paths, and
 * no second set of matching rules, can drift from the router.
 */
import type { RequestHandler } from 'express';
import type { RouteDef, Stability } from './define-route.js';
import { inProcessCaller } from './in-process.js';
import { HttpProblem } from './problem.js';

/** What a workflow tool may call through `POST /proxy` without the `proxy_allow_internal` setting. */
export const PROXY_STABILITIES: readonly Stability[] = ['stable', 'beta'];

const isEventStream = (def: RouteDef) =>
  Object.values(def.responses).some((r) => r?.contentType === 'text/event-stream');

/** Why the proxy must not call `def`, or null when it may. */
export function proxyRefusal(def: RouteDef, allowInternal: boolean): HttpProblem | null {
  const route = `${def.method.toUpperCase()} ${def.path}`;
  if (def.tag === 'proxy') {
    return new HttpProblem('validation', 'The proxy cannot call itself.', [
      { path: 'body.path', message: 'must not be /proxy itself' },
    ]);
  }
  if (isEventStream(def)) {
    return new HttpProblem(
      'validation',
      `${route} is a Server-Sent Events stream, which never ends; subscribe to it directly, not through the proxy.`,
      [{ path: 'body.path', message: 'is an event stream' }],
    );
  }
  if (PROXY_STABILITIES.includes(def.stability)) return null;
  if (def.stability === 'internal' && allowInternal) return null;
  return new HttpProblem(
    'internal-route',
    `${route} (${def.operationId}) is an internal route; the proxy calls only ${PROXY_STABILITIES.join(' and ')} routes. Turn on the setting proxy_allow_internal (PATCH /settings) to let it call internal routes.`,
  );
}

/**
 * The per-route middleware `mountRoutes` puts first; direct calls pass straight through. MCP tool calls meet the
 * same refusals except the internal one: agents start crawls, and their clients see each tool's annotations.
 */
export function proxyGate(allowInternal: () => boolean): (def: RouteDef) => RequestHandler {
  return (def) => (req, _res, next) => {
    const caller = inProcessCaller(req);
    if (caller === null) return next();
    next(proxyRefusal(def, caller === 'mcp' || allowInternal()) ?? undefined);
  };
}
