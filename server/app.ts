/**
 * `buildApp(deps)` assembles the Express app used by the CLI, the Electron shell and the tests: guards,
 * the routers, static UI files, 404/405 and the problem+json error middleware. It does not listen.
 */
import express, { type Express, type RequestHandler } from 'express';
import type { Services } from './domain/services.js';
import { allowedMethods, assertUniqueOperations, mountRoutes, type RouteDef } from './http/define-route.js';
import { buildOpenApi } from './http/openapi.js';
import { HttpProblem, errorMiddleware } from './http/problem.js';
import { proxyGate } from './http/proxy-gate.js';
import { analyticsRoutes } from './http/routes/analytics.js';
import { campaignsRoutes } from './http/routes/campaigns.js';
import { crawlRoutes } from './http/routes/crawl.js';
import { exportRoutes } from './http/routes/export.js';
import { graphRoutes } from './http/routes/graph.js';
import { ideasRoutes } from './http/routes/ideas.js';
import { jobsRoutes } from './http/routes/jobs.js';
import { pagesRoutes } from './http/routes/pages.js';
import { proxyRoutes } from './http/routes/proxy.js';
import { similarityRoutes } from './http/routes/similarity.js';
import { auditRoutes } from './http/routes/audit.js';
import { historyRoutes } from './http/routes/history.js';
import { extractionRoutes } from './http/routes/extraction.js';
import { sitesRoutes } from './http/routes/sites.js';
import { targetsRoutes } from './http/routes/targets.js';
import { systemRoutes } from './http/routes/system.js';
import { authGuard, fetchSiteGuard, hostGuard, isAuthorized, tokenLanding } from './http/security.js';
import { uiStatic } from './http/ui-static.js';
import type { Logger } from './logger.js';
import { MCP_PATH, mcpHttpHandler } from './mcp/http-transport.js';

/**
 * The UI shows text taken from crawled sites; should any of it ever escape escaping, this policy still keeps
 * foreign scripts, frames and connections out.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface AppDeps {
  services: Services;
  logger: Logger;
  /** null turns authentication off (`--no-auth`). */
  token: string | null;
  /**
   * The key `GET /health?challenge=` proves this server with; defaults to `token`. The server passes the data
   * dir's token even with `--no-auth`, so `siteloupe mcp` can tell it from a stranger either way.
   */
  proofKey?: string | null;
  version: string;
  bodyLimitBytes: number;
  uiDir: string;
  /** Check every response against its schema (tests): a mismatch becomes a 500 that names it. */
  validateResponses?: boolean;
}

export function allRoutes(
  services: Services,
  openapi: () => unknown,
  proofKey: string | null = null,
): RouteDef[] {
  const routes: RouteDef[] = [
    ...systemRoutes(services, openapi, proofKey),
    ...sitesRoutes(services),
    ...crawlRoutes(services),
    ...pagesRoutes(services),
    ...graphRoutes(services),
    ...similarityRoutes(services),
    ...auditRoutes(services),
    ...historyRoutes(services),
    ...extractionRoutes(services),
    ...ideasRoutes(services),
    ...analyticsRoutes(services),
    ...exportRoutes(services),
    ...jobsRoutes(services),
    ...campaignsRoutes(services),
    ...targetsRoutes(services),
    ...proxyRoutes(() => routes),
  ];
  return routes;
}

export function buildApp(deps: AppDeps): { app: Express; routes: RouteDef[]; openapi: () => unknown } {
  let doc: unknown;
  const openapi = () => (doc ??= buildOpenApi(routes, deps.version));
  const routes = allRoutes(deps.services, openapi, deps.proofKey ?? deps.token);
  assertUniqueOperations(routes);
  openapi(); // fail at start, not on first request, if a schema cannot be described

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use((_req, res, next) => {
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    });
    next();
  });
  app.use(hostGuard());
  const isApiPath = (path: string) =>
    allowedMethods(routes, path).length > 0 || path.toLowerCase().replace(/\/$/, '') === MCP_PATH;
  app.use(fetchSiteGuard(isApiPath));
  // Siteloupe answers no CORS preflight (the Origin check refuses foreign origins), and Express's own OPTIONS
  // answer (200 text/plain with Allow, before any token check) is not the API's: OPTIONS goes straight to the
  // 404/405 answer every method a path lacks gets.
  const noRoute = noRouteHandler(routes, deps.token);
  app.use((req, res, next) => (req.method === 'OPTIONS' ? noRoute(req, res, next) : next()));

  // Proxied calls meet the allowlist on the route Express picked for them, before anything else runs.
  const gate = proxyGate(() => deps.services.settings.get().proxy_allow_internal);
  const publicApi = express.Router();
  mountRoutes(
    publicApi,
    routes.filter((r) => r.public),
    { ...deps, gate },
  );
  app.use(publicApi);

  // The UI's static files need no token; `/?token=` turns the token into a cookie for the API calls.
  app.get('/', tokenLanding(deps.token));
  app.use(uiStatic(deps.uiDir, deps.version, isApiPath));

  const api = express.Router();
  api.use(authGuard(deps.token));
  // MCP over Streamable HTTP: JSON-RPC, not an OpenAPI operation, behind the same guards and token as the API.
  api.all(MCP_PATH, mcpHttpHandler({ openapi, version: deps.version, bodyLimitBytes: deps.bodyLimitBytes }));
  mountRoutes(
    api,
    routes.filter((r) => !r.public),
    { ...deps, gate },
  );
  app.use(api);

  app.use(noRoute);
  app.use(errorMiddleware(deps.logger));
  return { app, routes, openapi };
}

/**
 * What a request no route took gets: the token check first (so paths and methods are not told to strangers),
 * then 405 with `Allow` for a known path, else 404.
 */
function noRouteHandler(routes: RouteDef[], token: string | null): RequestHandler {
  const guard = authGuard(token);
  return (req, res, next) => {
    if (!isAuthorized(req, token)) return guard(req, res, next);
    const allowed = allowedMethods(routes, req.path);
    if (allowed.length) {
      return next(
        new HttpProblem(
          'method-not-allowed',
          `${req.method} is not allowed on ${req.path}; use ${allowed.join(', ')}.`,
          undefined,
          { Allow: allowed.join(', ') },
        ),
      );
    }
    next(new HttpProblem('not-found', `No route ${req.method} ${req.path}. See /openapi.json for the API.`));
  };
}
