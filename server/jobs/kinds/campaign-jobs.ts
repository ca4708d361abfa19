/**
 * The campaign action job kinds. Each writes its changes in one transaction at the end, so after a crash
 * refresh and rebuild simply run again (their outcome does not depend on having run before); expand is not
 * repeated blindly, since a second run would add another batch the analyst did not ask for.
 */
import type { CampaignActions } from '../../domain/campaigns/campaign-actions.js';
import { actionKind } from '../../domain/campaigns/campaigns-service.js';
import type { CampaignAction } from '../../schemas/campaigns.js';
import type { JobKind } from '../job-kind.js';

const ON_RESTART: Record<CampaignAction, JobKind['onRestart']> = {
  expand: 'fail',
  refresh: 'rerun',
  rebuild: 'rerun',
};

export function campaignJobKinds(actions: CampaignActions): JobKind[] {
  return (['expand', 'refresh', 'rebuild'] as const).map((action) => ({
    kind: actionKind(action),
    onRestart: ON_RESTART[action],
    async run(ctx) {
      if (ctx.job.campaign_id === null) throw new Error(`a ${action} job needs a campaign`);
      return actions[action](ctx.job.campaign_id, {
        signal: ctx.signal,
        progress: (p) => ctx.progress(p),
      });
    },
  }));
}
