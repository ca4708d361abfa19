/** `targets` router: a campaign’s targets, manual targets, edits that follow the status transitions, and deletes. */
import type { Services } from '../../domain/services.js';
import { defineRoutes, reply } from '../define-route.js';
import { targetsOperations } from '../../contract/targets.js';

export function targetsRoutes(s: Services) {
  return defineRoutes(targetsOperations, {
    'targets.list': ({ query }) => s.targets.list(query),
    'targets.create': async ({ body }) => {
      const target = await s.targets.create(body);
      return reply(201, target, { Location: `/api/targets/${target.id}` });
    },
    'targets.get': ({ params }) => s.targets.get(params.target_id),
    'targets.update': ({ params, body }) => s.targets.update(params.target_id, body),
    'targets.delete': ({ params }) => {
      s.targets.delete(params.target_id);
      return reply(204);
    },
  });
}
