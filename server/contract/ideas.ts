/** `ideas` operations: checking a content idea against what the site already says. */
import { IdeaCheck, IdeaCheckResult } from '../schemas/embeddings.js';

import { defineOperations } from './operation.js';

export const ideasOperations = defineOperations({
  'ideas.check': {
    method: 'post',
    path: '/ideas/check',
    summary: 'Is this idea already covered by existing pages?',
    description:
      'The idea (with `persona_context` prepended and a blank line, when given) is embedded and compared with every page passage; `matches` are the pages whose passages come closest. The verdict is scored on the idea alone (a persona describes the readers, not the topic, and would move it): `covered` when its best passage scores at least `idea_covered_score` (0.52), `partially_covered` from `idea_partially_covered_score` (0.47), else `new`. Defaults calibrated on labelled ideas on real sites.',
    stability: 'stable',
    body: IdeaCheck,
    responses: {
      200: { description: 'Verdict, best score and the matching passages.', schema: IdeaCheckResult },
      404: { description: 'No site with that `site_id`.' },
      409: {
        description:
          'Pages of the site are searchable but their passages are not embedded yet (an embed job is running, or one was cancelled): the verdict reads passages, so it waits for them.',
      },
      503: { description: 'The embedding model is not built (the detail says how to build it).' },
    },
  },
});
