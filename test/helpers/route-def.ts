/** A route definition for tests of what reads one (the proxy allowlist, the path rule): `GET /things`. */
import type { RouteDef } from '../../server/http/define-route.js';

export const routeDef = (over: Partial<RouteDef> = {}): RouteDef => ({
  method: 'get',
  path: '/things',
  tag: 'sites',
  operationId: 'sites.things',
  summary: 'Things',
  stability: 'stable',
  responses: { 200: { description: 'Things.' } },
  ...over,
});
