/**
 * The route path rule: a new route hangs below `/sites/{site_id}` when it is about one site, else below another
 * resource addressed by its own id; the published contract's other shapes are a frozen list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allRoutes } from '../../../server/app.js';
import type { Services } from '../../../server/domain/services.js';
import { assertUniqueOperations, type RouteDef } from '../../../server/http/define-route.js';
import { PUBLISHED_PATHS, ROUTE_ROOTS, routePathProblem } from '../../../server/http/route-paths.js';
import { routeDef } from '../../helpers/route-def.js';

const route = (path: string, over: Partial<RouteDef> = {}) => routeDef({ path, ...over });

// Route definitions only reach the services from their handlers, which these tests never call.
const routes = allRoutes({} as Services, () => ({}));

describe('route path rule', () => {
  it('holds for every route served today; the frozen list and the roots name only served paths', () => {
    assert.doesNotThrow(() => assertUniqueOperations(routes));
    const served = new Set(routes.map((r) => r.path));
    assert.deepEqual(
      [...PUBLISHED_PATHS].filter((p) => !served.has(p)),
      [],
      'a path left the API: take it off PUBLISHED_PATHS',
    );
    assert.deepEqual(
      ROUTE_ROOTS.filter((p) => !served.has(p)),
      [],
      'a root is a resource the API serves by its id',
    );
  });

  it('lets new routes hang below a resource addressed by its own id', () => {
    for (const path of [
      '/sites/{site_id}/issues',
      '/sites/{site_id}/issues/{check}/urls',
      '/sites/{site_id}/link-graph/groups',
      '/pages/{page_id}/history',
      '/jobs/{job_id}/retry',
      '/api/campaigns/{campaign_id}/prune',
      '/api/campaigns/{campaign_id}/targets/{target_id}',
    ])
      assert.equal(routePathProblem(route(path)), null, path);
  });

  it('refuses a site-scoped route at /<thing>?site_id=, naming the rule', () => {
    const problem = routePathProblem(route('/issues', { operationId: 'sites.issues' }));
    assert.match(
      problem ?? '',
      /^GET \/issues \(sites\.issues\): a new route is \/sites\/\{site_id\}\/<thing>…/,
    );
    assert.match(problem!, /PUBLISHED_PATHS/);
    assert.throws(
      () => assertUniqueOperations([route('/issues', { operationId: 'sites.issues' })]),
      /route path rule: GET \/issues/,
    );
  });

  it('refuses other shapes below a known root', () => {
    for (const path of [
      '/sites/{id}/issues', // the root's parameter is spelled once: site_id
      '/sites/{site_id}/Issues', // things are kebab-case
      '/sites/{site_id}/issues_muted',
      '/sites/{site_id}/{check}', // a thing comes first
      '/pages/embeddings/clusters', // below /pages but not below one page
      '/api/hub-clients/{hub_client_id}/campaigns', // not a resource with an id of its own
      '/api/campaigns/{id}/prune',
      '/similarity/groups',
    ])
      assert.notEqual(routePathProblem(route(path)), null, path);
  });
});
