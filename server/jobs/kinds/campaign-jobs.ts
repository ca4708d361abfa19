/**
 * The campaign action job kinds. Each writes its changes in one transaction at the end, so after a crash
 * refresh and rebuild simply run again (their outcome does not depend on having run before); expand is not
 * repeated blindly, since a second run would add another batch the analyst did not ask for.
 */
import type { ActionContext, CampaignActions } from '../../domain/campaigns/campaign-actions.js';
import type { PassageGate } from '../../domain/embeddings/passages-ready.js';
import type { CampaignAction } from '../../schemas/campaigns.js';
import type { CampaignActionKind, Job } from '../../schemas/jobs.js';
import type { JobContext, JobRunners } from '../job-kind.js';

type ActionKinds = Pick<JobRunners, CampaignActionKind>;

export function campaignJobKinds(actions: CampaignActions, passages: PassageGate): ActionKinds {
  // The campaign the job acts on, and the part of the job's context an action uses. An action asked for while
  // the site's passages were being embedded waited for them; if that job ended without them, it fails saying so.
  const args = (ctx: JobContext, action: CampaignAction) => {
    if (ctx.job.campaign_id === null) throw new Error(`a ${ctx.job.kind} job needs a campaign`);
    if (ctx.job.site_id !== null) passages.runNow(ctx.job.site_id, `a campaign ${action}`);
    const actionCtx: ActionContext = { signal: ctx.signal, progress: (p) => ctx.progress(p) };
    return [ctx.job.campaign_id, actionCtx] as const;
  };
  // Every action reads the site's passages: it waits while an embed job brings them.
  const waitsFor = (job: Job) => (job.site_id === null ? null : passages.waitFor(job.site_id));
  return {
    campaign_expand: {
      kind: 'campaign_expand',
      onRestart: 'fail',
      waitsFor,
      run: (ctx) => actions.expand(...args(ctx, 'expand')),
    },
    campaign_refresh: {
      kind: 'campaign_refresh',
      onRestart: 'rerun',
      waitsFor,
      run: (ctx) => actions.refresh(...args(ctx, 'refresh')),
    },
    campaign_rebuild: {
      kind: 'campaign_rebuild',
      onRestart: 'rerun',
      waitsFor,
      run: (ctx) => actions.rebuild(...args(ctx, 'rebuild')),
    },
  };
}
