/** `ideas` router: checking a content idea against what the site already says, now or as a job. */
import type { Services } from '../../domain/services.js';
import { defineRoutes } from '../define-route.js';
import { ideasOperations } from '../../contract/ideas.js';

export function ideasRoutes(s: Services) {
  return defineRoutes(ideasOperations, {
    'ideas.check': ({ body }) => s.embeddings.checkIdea(body),
    'ideas.startCheck': ({ params, body }) => s.embeddings.startIdeaCheck(params.site_id, body),
  });
}
