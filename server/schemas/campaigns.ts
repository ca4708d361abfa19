/**
 * Campaign resource (`campaigns` router): a hub client's content plan for one site, with the settings its
 * actions (expand, refresh, rebuild) read. Settings are stored as the user's overrides only and merged over the
 * defaults here on every read, as site settings are.
 */
import { z } from 'zod';
import { Id, PaginationQuery, Timestamp, pageOf, repeatable } from './common.js';
import { TARGET_KINDS, TargetKind } from './targets.js';

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'archived'] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const CAMPAIGN_ACTIONS = ['expand', 'refresh', 'rebuild'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

export const CampaignSettingsShape = {
  max_new: z
    .number()
    .int()
    .min(1)
    .max(500)
    .meta({ description: 'Most targets one expand or rebuild adds (default 25).' }),
  kinds: z
    .array(TargetKind)
    .min(1)
    .max(TARGET_KINDS.length)
    .refine((k) => new Set(k).size === k.length, 'lists a kind twice')
    .meta({ description: 'Which kinds of target expand and rebuild propose (default all four).' }),
  thin_word_count: z.number().int().min(1).max(100_000).meta({
    description:
      'Words of main text under which a page refresh the analyst added by hand is also scored as thin (300). Expand never proposes a page for its length: that is the audit’s `thin_content`.',
  }),
  decline_ratio: z.number().gt(0).max(1).meta({
    description:
      'A page is declining when its clicks fell by at least this share, last 28 days against the 28 before (0.3).',
  }),
  min_previous_clicks: z.number().int().min(1).max(1_000_000).meta({
    description: 'Clicks a page needs in the earlier 28 days before a fall counts as a decline (10).',
  }),
  position_drop: z.number().gt(0).max(100).meta({
    description:
      'A page is also declining when its average position (weighted by impressions) worsened by at least this many places, last 28 days against the 28 before, with 100 impressions or more in each (3).',
  }),
  search_queries: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .meta({ description: 'How many top Search Console queries expand checks for new content (100).' }),
  link_sources: z
    .number()
    .int()
    .min(1)
    .max(20)
    .meta({ description: 'Most pages an `internal_link` target suggests linking from (5).' }),
};

export const CampaignSettings = z.object(CampaignSettingsShape).meta({ id: 'CampaignSettings' });
export type CampaignSettings = z.infer<typeof CampaignSettings>;
export const CampaignSettingsPatch = z
  .strictObject(CampaignSettingsShape)
  .partial()
  .meta({ id: 'CampaignSettingsPatch' });
export type CampaignSettingsPatch = z.infer<typeof CampaignSettingsPatch>;

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  max_new: 25,
  kinds: [...TARGET_KINDS],
  thin_word_count: 300,
  decline_ratio: 0.3,
  min_previous_clicks: 10,
  position_drop: 3,
  search_queries: 100,
  link_sources: 5,
};

const Count = z.number().int();
export const TargetCounts = z
  .object({
    proposed: Count,
    accepted: Count,
    rejected: Count,
    in_progress: Count,
    done: Count,
    total: Count,
  })
  .meta({ id: 'TargetCounts', description: 'Targets of the campaign per status.' });
export type TargetCounts = z.infer<typeof TargetCounts>;

export const LastAction = z
  .object({
    kind: z.enum(CAMPAIGN_ACTIONS),
    job_id: z.number().int(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']),
    at: Timestamp.meta({ description: 'When it finished, or when it was queued while it has not.' }),
    result: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: 'The job’s result summary (targets added, removed, rescored …).' }),
  })
  .meta({ id: 'CampaignLastAction' });
export type LastAction = z.infer<typeof LastAction>;

const HubClientId = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is longer than 200 characters')
  .meta({ description: 'The hub client the campaign belongs to (its id in the hub, as a string).' });
const Name = z.string().trim().min(1, 'is required').max(200, 'is longer than 200 characters');
const Description = z.string().max(10_000, 'is longer than 10000 characters');
const SeedTopics = z
  .array(z.string().trim().min(1, 'must not be empty').max(500, 'is longer than 500 characters'))
  .max(200, 'has more than 200 topics')
  .meta({ description: 'Topics the campaign wants content on; expand checks each against the site.' });
const PersonaContext = z.string().trim().max(4000, 'is longer than 4000 characters').nullable().meta({
  description:
    'Who the content is for, for the writers. Not used when checking whether the site covers a topic: prepended to a short topic it outweighs the topic.',
});

export const Campaign = z
  .object({
    id: z.number().int(),
    hub_client_id: z.string(),
    name: z.string(),
    site_id: z.number().int(),
    description: z.string(),
    status: CampaignStatus,
    seed_topics: z.array(z.string()),
    persona_context: z.string().nullable(),
    settings: CampaignSettings,
    target_counts: TargetCounts,
    last_action: LastAction.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;

export const CampaignCreate = z
  .strictObject({
    hub_client_id: HubClientId,
    name: Name,
    site_id: Id,
    description: Description.optional(),
    status: CampaignStatus.optional(),
    seed_topics: SeedTopics.optional(),
    persona_context: PersonaContext.optional(),
    settings: CampaignSettingsPatch.optional(),
  })
  .meta({ id: 'CampaignCreate' });
export type CampaignCreate = z.infer<typeof CampaignCreate>;

/** `site_id` is not here on purpose: the targets point at that site's pages. */
export const CampaignPatch = z
  .strictObject({
    hub_client_id: HubClientId.optional(),
    name: Name.optional(),
    description: Description.optional(),
    status: CampaignStatus.optional(),
    seed_topics: SeedTopics.optional(),
    persona_context: PersonaContext.optional(),
    settings: CampaignSettingsPatch.optional(),
  })
  .meta({ id: 'CampaignPatch' });
export type CampaignPatch = z.infer<typeof CampaignPatch>;

export const CampaignListQuery = PaginationQuery.extend({
  hub_client_id: z.string().min(1).max(200).optional(),
  status: repeatable(CampaignStatus).optional(),
  site_id: Id.optional(),
});
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;
export const CampaignList = pageOf(Campaign);
export const CampaignParams = z.strictObject({ campaign_id: Id });

export const HubClient = z
  .object({
    hub_client_id: z.string(),
    campaign_count: z.number().int(),
    status_counts: z.object({ draft: Count, active: Count, paused: Count, archived: Count }),
  })
  .meta({ id: 'HubClient' });
export type HubClient = z.infer<typeof HubClient>;
export const HubClientList = pageOf(HubClient);
export const HubClientListQuery = PaginationQuery;
