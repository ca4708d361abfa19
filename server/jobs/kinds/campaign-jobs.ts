/**
 * The campaign action job kinds. Each writes its changes in one transaction at the end, so after a crash
 * refresh and rebuild simply run again (their outcome does not depend on having run before); expand is not
 * repeated blindly, since a second run would add another batch the analyst did not ask for.
 */
import type { ActionContext, CampaignActions } from '../../domain/campaigns/campaign-actions.js';
import type { CampaignActionKind } from '../../schemas/jobs.js';
import type { JobContext, JobRunners } from '../job-kind.js';

type ActionKinds = Pick<JobRunners, CampaignActionKind>;

export function campaignJobKinds(actions: CampaignActions): ActionKinds {
  // The campaign the job acts on, and the part of the job's context an action uses.
  const args = (ctx: JobContext) => {
    if (ctx.job.campaign_id === null) throw new Error(`a ${ctx.job.kind} job needs a campaign`);
    const actionCtx: ActionContext = { signal: ctx.signal, progress: (p) => ctx.progress(p) };
    return [ctx.job.campaign_id, actionCtx] as const;
  };
  return {
    campaign_expand: {
      kind: 'campaign_expand',
      onRestart: 'fail',
      run: (ctx) => actions.expand(...args(ctx)),
    },
    campaign_refresh: {
      kind: 'campaign_refresh',
      onRestart: 'rerun',
      run: (ctx) => actions.refresh(...args(ctx)),
    },
    campaign_rebuild: {
      kind: 'campaign_rebuild',
      onRestart: 'rerun',
      run: (ctx) => actions.rebuild(...args(ctx)),
    },
  };
}
