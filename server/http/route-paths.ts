/**
 * Where a route's path may go. The published contract has three shapes: a site's things below
 * `/sites/{site_id}/…`, older backend routes that name the site in the query or body (`/similarity/pairs?site_id=`),
 * and the campaigns surface below `/api`. Clients use all three, so they stay; but each new route has one place:
 * below `/sites/{site_id}` when it is about one site, else below another resource addressed by its own id.
 * `assertUniqueOperations` checks every route at start.
 */

/**
 * Today's paths that do not follow the rule: the published contract's (see /work/shared/spec/interface.md), kept as
 * they are. The list does not grow; a route is only ever removed from it.
 */
export const PUBLISHED_PATHS: ReadonlySet<string> = new Set([
  // system
  '/health',
  '/openapi.json',
  '/settings',
  // sites, crawl, jobs
  '/sites',
  '/sites/{site_id}',
  '/crawl/start',
  '/crawl/jobs/{job_id}/cancel',
  '/crawl/jobs/{job_id}/resume',
  '/jobs',
  '/jobs/{job_id}',
  '/events',
  // pages
  '/pages',
  '/pages/{page_id}',
  '/pages/embeddings/search',
  '/pages/embeddings/rebuild',
  // similarity, ideas, analytics, export
  '/similarity/analyze',
  '/similarity/pairs',
  '/similarity/clusters',
  '/similarity/clusters/{cluster_id}',
  '/ideas/check',
  '/analytics/other-urls',
  '/analytics/gsc',
  '/analytics/gsc/sync',
  '/analytics/gsc/import',
  '/analytics/gsc/credentials',
  '/export',
  '/export/{name}.{format}',
  // campaigns and targets
  '/api/campaigns',
  '/api/campaigns/{campaign_id}',
  '/api/hub-clients',
  '/api/targets',
  '/api/targets/{target_id}',
  // proxy
  '/proxy',
]);

/**
 * The resources the API addresses by their own id, which new routes hang below: the site for anything about one
 * site (the contract's rule names it and the page), the others for what belongs to one of them.
 */
export const ROUTE_ROOTS = [
  '/sites/{site_id}',
  '/pages/{page_id}',
  '/jobs/{job_id}',
  '/similarity/clusters/{cluster_id}',
  '/api/campaigns/{campaign_id}',
  '/api/targets/{target_id}',
] as const;

const SEGMENT = String.raw`[a-z0-9]+(?:-[a-z0-9]+)*`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A root, then a kebab-case thing, then more things or `{params}`. */
const NEW_ROUTE_PATH = new RegExp(
  `^(?:${ROUTE_ROOTS.map(escape).join('|')})/${SEGMENT}(?:/(?:${SEGMENT}|\\{[a-z_]+\\}))*$`,
);

export const ROUTE_PATH_RULE =
  'a new route is /sites/{site_id}/<thing>… when it is about one site (never /<thing>?site_id= or a site_id in ' +
  'the body), otherwise <root>/<thing>… below another resource addressed by its own id (ROUTE_ROOTS: ' +
  `${ROUTE_ROOTS.slice(1).join(', ')}), with kebab-case things; the other shapes are the published ` +
  'contract’s, frozen in PUBLISHED_PATHS (server/http/route-paths.ts)';

/** Why a route's path breaks the rule, or null when it keeps it. */
export function routePathProblem(route: {
  method: string;
  path: string;
  operationId: string;
}): string | null {
  if (PUBLISHED_PATHS.has(route.path) || NEW_ROUTE_PATH.test(route.path)) return null;
  return `${route.method.toUpperCase()} ${route.path} (${route.operationId}): ${ROUTE_PATH_RULE}`;
}
