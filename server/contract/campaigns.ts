/** `campaigns` operations: campaigns, their hub clients, and the expand / refresh / rebuild actions (jobs). */
import {
  Campaign,
  CampaignCreate,
  CampaignList,
  CampaignListQuery,
  CampaignParams,
  CampaignPatch,
  HubClientList,
  HubClientListQuery,
  type CampaignAction,
} from '../schemas/campaigns.js';
import { CAMPAIGN_ACTION_KINDS, JOB_SCHEMAS } from '../schemas/jobs.js';
import { defineOperations } from './operation.js';

const notFound = { description: 'No such campaign.' };

const ACTION_DOCS: Record<CampaignAction, { summary: string; description: string }> = {
  expand: {
    summary: 'Propose new targets for the campaign',
    description:
      'Adds up to `settings.max_new` proposed targets, taking the best of each enabled kind in turn: `new_content` from seed topics and Search Console queries the idea check finds `new` or `partially_covered`; `merge` from duplicate/merge clusters; `refresh` from thin or declining pages; `internal_link` from orphans and `related` pairs with no link between them. A candidate is skipped when a target of the same kind (rejected ones included) is about the same page — for `merge`, shares any page — or, when either is about no page, has a title whose embedding has cosine ≥ 0.9 with its title. Refused for archived campaigns.',
  },
  refresh: {
    summary: 'Rescore every target from current data',
    description:
      'Recomputes `score`, `rationale` and `evidence` of every target (manual ones too) from the current crawl, similarity analysis and Search Console data. Statuses, notes and titles are never touched. A target whose page is gone gets `evidence.stale = true` and the gone pages in `evidence.vanished_page_ids`.',
  },
  rebuild: {
    summary: 'Regenerate the undecided generated targets',
    description:
      'Deletes generated targets that are still `proposed` and proposes afresh, as expand does, against the targets that stay: decided ones (accepted, rejected, in progress, done) and manual ones. A rejected topic is therefore never proposed again. On unchanged data two rebuilds give the same targets. Refused for archived campaigns.',
  },
};

/** The three actions are one operation each, alike but for their wording and their job's result. */
const actionOperation = <A extends CampaignAction>(action: A) =>
  ({
    method: 'post',
    path: `/api/campaigns/{campaign_id}/${action}`,
    ...ACTION_DOCS[action],
    stability: 'beta',
    job: true,
    params: CampaignParams,
    responses: {
      202: {
        description: 'The queued job; its result counts what changed.',
        schema: JOB_SCHEMAS[CAMPAIGN_ACTION_KINDS[action]],
      },
      404: notFound,
      409: {
        description:
          'Another action of this campaign is queued or running, the campaign is archived, or the passages of pages of its site are not embedded yet (the embed job named by `job_id` is running, or did not finish).',
      },
      503: { description: 'The embedding model is not built.' },
    },
  }) as const;

export const campaignsOperations = defineOperations({
  'campaigns.list': {
    method: 'get',
    path: '/api/campaigns',
    summary: 'List campaigns, by hub client and status',
    stability: 'beta',
    query: CampaignListQuery,
    responses: { 200: { description: 'A page of campaigns.', schema: CampaignList } },
  },
  'campaigns.create': {
    method: 'post',
    path: '/api/campaigns',
    summary: 'Create a campaign',
    description:
      'Status defaults to `draft`; settings not given take their defaults and follow later changes of them.',
    stability: 'beta',
    body: CampaignCreate,
    responses: {
      201: {
        description: 'The new campaign.',
        schema: Campaign,
        headers: { Location: { description: 'The campaign’s URL.' } },
      },
      404: { description: 'No such site.' },
    },
  },
  'campaigns.get': {
    method: 'get',
    path: '/api/campaigns/{campaign_id}',
    summary: 'Get a campaign with its target counts and last action',
    stability: 'beta',
    params: CampaignParams,
    responses: { 200: { description: 'The campaign.', schema: Campaign }, 404: notFound },
  },
  'campaigns.update': {
    method: 'patch',
    path: '/api/campaigns/{campaign_id}',
    summary: 'Change a campaign',
    description:
      'A partial update: fields left out stay as they are; `settings` is merged key by key. Unknown fields (including `site_id`, which cannot change) are refused with 400.',
    stability: 'beta',
    params: CampaignParams,
    body: CampaignPatch,
    responses: { 200: { description: 'The updated campaign.', schema: Campaign }, 404: notFound },
  },
  'campaigns.delete': {
    method: 'delete',
    path: '/api/campaigns/{campaign_id}',
    summary: 'Delete a campaign and its targets',
    description:
      'Removes the campaign and every target of it. Its finished expand, refresh and rebuild jobs stay in `/jobs` as history; campaign ids are never reused. Refused while one of its actions is queued or running.',
    stability: 'beta',
    params: CampaignParams,
    responses: {
      204: { description: 'Deleted.' },
      404: notFound,
      409: {
        description: 'An action of this campaign is queued or running; the problem names it (`job_id`).',
      },
    },
  },
  'campaigns.hubClients': {
    method: 'get',
    path: '/api/hub-clients',
    summary: 'Hub clients that have campaigns, with campaign counts',
    stability: 'beta',
    query: HubClientListQuery,
    responses: { 200: { description: 'A page of hub clients, by id.', schema: HubClientList } },
  },
  'campaigns.expand': actionOperation('expand'),
  'campaigns.refresh': actionOperation('refresh'),
  'campaigns.rebuild': actionOperation('rebuild'),
});
