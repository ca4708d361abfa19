/** `ideas` operations: checking a content idea against what the site already says. */
import { IdeaCheck, IdeaCheckResult, IdeaCheckStart } from '../schemas/embeddings.js';
import { JOB_SCHEMAS } from '../schemas/jobs.js';
import { SiteParams } from '../schemas/sites.js';
import { defineOperations } from './operation.js';

const VERDICT =
  'The idea (with `persona_context` prepended and a blank line, when given) is embedded and compared with every page passage; `matches` are the pages whose passages come closest. The verdict is scored on the idea alone (a persona describes the readers, not the topic, and would move it): `covered` when its best passage scores at least `idea_covered_score` (0.52), `partially_covered` from `idea_partially_covered_score` (0.47), else `new`. Defaults calibrated on labelled ideas on real sites.';

export const ideasOperations = defineOperations({
  'ideas.check': {
    method: 'post',
    path: '/ideas/check',
    summary: 'Is this idea already covered by existing pages?',
    description: `${VERDICT} The verdict reads passages, so while a site's passages are being embedded this answers 409 naming the embed job (\`job_id\`); \`POST /sites/{site_id}/idea-checks\` queues the same check to run as soon as they are in.`,
    stability: 'stable',
    body: IdeaCheck,
    responses: {
      200: { description: 'Verdict, best score and the matching passages.', schema: IdeaCheckResult },
      404: { description: 'No site with that `site_id`.' },
      409: {
        description:
          'The passages the verdict reads are not all in: an embed job is embedding them (`job_id` names it; queue the check with `POST /sites/{site_id}/idea-checks`), the site’s first crawl is running, or no job will embed them (the detail says what to do: rebuild the embeddings, or crawl the site first).',
      },
      503: { description: 'The embedding model is not built (the detail says how to build it).' },
    },
  },
  'ideas.startCheck': {
    method: 'post',
    path: '/sites/{site_id}/idea-checks',
    summary: 'Check an idea as a job: it runs as soon as the site’s passages are in',
    description: `${VERDICT} The check runs as a job (\`idea_check\`) whose \`result\` is the answer \`POST /ideas/check\` gives. When the site's passages are in it runs at once; while an embed job is embedding them (or the site's first crawl runs, which is embedded after it) the job stays \`queued\` with \`progress.phase\` \`waiting\` and a message saying what it waits for and about how long, and runs when they are in. If that job is cancelled or fails, the check fails with the reason.`,
    stability: 'beta',
    job: true,
    params: SiteParams,
    body: IdeaCheckStart,
    responses: {
      202: { description: 'The idea check job, queued.', schema: JOB_SCHEMAS.idea_check },
      404: { description: 'No such site.' },
      409: {
        description:
          'No job will embed the passages the check reads: the last embed job did not finish, the site has never been embedded, or it has no pages yet (the detail says what to do).',
      },
      503: { description: 'The embedding model is not built (the detail says how to build it).' },
    },
  },
});
