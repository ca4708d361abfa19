/**
 * Campaigns: create, read, update, list by hub client and status, the hub clients themselves, and queueing the
 * campaign actions (expand, refresh, rebuild) as jobs — one at a time per campaign, since each reads and
 * rewrites the campaign's whole target list.
 */
import type { Store } from '../../store/index.js';
import type { CampaignRow, CampaignWrite } from '../../store/repos/campaigns-repo.js';
import type { CursorKey } from '../../schemas/common.js';
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type Campaign,
  type CampaignAction,
  type CampaignCreate,
  type CampaignListQuery,
  type CampaignPatch,
  type CampaignSettings,
  type HubClient,
  type LastAction,
} from '../../schemas/campaigns.js';
import { CAMPAIGN_ACTION_KINDS, type JobOf } from '../../schemas/jobs.js';
import { TARGET_STATUSES } from '../../schemas/targets.js';
import { ConflictError, NotFoundError, UnavailableError } from '../errors.js';
import { requireSite } from '../sites/site-required.js';
import type { PassageGate } from '../embeddings/passages-ready.js';
import type { EventBus } from '../events.js';
import type { JobsService, NewJob } from '../jobs/jobs-service.js';
import { afterKey, idPage } from '../sort-cursor.js';
import type { CampaignView } from './site-signals.js';

const ACTION_KINDS = Object.values(CAMPAIGN_ACTION_KINDS);
type ActionKind<A extends CampaignAction> = (typeof CAMPAIGN_ACTION_KINDS)[A];

/** Seed topics once each, in the analyst's order (a repeated topic would only repeat the same check). */
const uniqueTopics = (topics: string[]) => {
  const seen = new Set<string>();
  return topics.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export class CampaignsService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly jobs: JobsService,
    private readonly modelAvailable: () => boolean,
    private readonly passages: PassageGate,
  ) {}

  private row(id: number): CampaignRow {
    const row = this.store.campaigns.get(id);
    if (!row) throw new NotFoundError(`No campaign with id ${id}.`);
    return row;
  }

  private settingsOf(row: CampaignRow): CampaignSettings {
    return { ...CAMPAIGN_SETTINGS_DEFAULTS, ...row.settings };
  }

  private lastAction(id: number): LastAction | null {
    const job = this.store.jobs.ofCampaign(id, ACTION_KINDS, 'last');
    if (!job) return null;
    return {
      kind: job.params.action,
      job_id: job.id,
      status: job.status,
      at: job.finished_at ?? job.created_at,
      result: job.result,
    };
  }

  private toCampaign(row: CampaignRow): Campaign {
    const counts = this.store.campaigns.targetCounts(row.id);
    const target_counts = {
      ...(Object.fromEntries(TARGET_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<
        (typeof TARGET_STATUSES)[number],
        number
      >),
      total: [...counts.values()].reduce((a, b) => a + b, 0),
    };
    return {
      id: row.id,
      hub_client_id: row.hub_client_id,
      name: row.name,
      site_id: row.site_id,
      description: row.description,
      status: row.status,
      seed_topics: row.seed_topics,
      persona_context: row.persona_context,
      settings: this.settingsOf(row),
      target_counts,
      last_action: this.lastAction(row.id),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  get(id: number): Campaign {
    return this.toCampaign(this.row(id));
  }

  /** What target generation needs of a campaign. */
  view(id: number): CampaignView {
    const row = this.row(id);
    return {
      id: row.id,
      site_id: row.site_id,
      seed_topics: row.seed_topics,
      persona_context: row.persona_context,
      settings: this.settingsOf(row),
    };
  }

  list(q: CampaignListQuery & { cursor?: CursorKey | undefined }) {
    const rows = this.store.campaigns.list(
      { hubClientId: q.hub_client_id, statuses: q.status, siteId: q.site_id },
      afterKey(q.cursor, 'number') ?? 0,
      q.limit + 1,
    );
    const { page, next_cursor } = idPage(rows, q.limit);
    return { items: page.map((r) => this.toCampaign(r)), next_cursor };
  }

  create(input: CampaignCreate): Campaign {
    requireSite(this.store, input.site_id);
    const row = this.store.campaigns.insert({
      hub_client_id: input.hub_client_id,
      name: input.name,
      site_id: input.site_id,
      description: input.description ?? '',
      status: input.status ?? 'draft',
      seed_topics: uniqueTopics(input.seed_topics ?? []),
      persona_context: input.persona_context || null,
      settings: input.settings ?? {},
    });
    this.bus.emit('site.updated', { site_id: row.site_id, changes: ['campaigns'] });
    return this.toCampaign(row);
  }

  /** A partial update: absent fields stay; `settings` merges key by key into the stored overrides. */
  update(id: number, patch: CampaignPatch): Campaign {
    const row = this.row(id);
    const next: CampaignWrite = {
      hub_client_id: patch.hub_client_id ?? row.hub_client_id,
      name: patch.name ?? row.name,
      site_id: row.site_id,
      description: patch.description ?? row.description,
      status: patch.status ?? row.status,
      seed_topics: patch.seed_topics ? uniqueTopics(patch.seed_topics) : row.seed_topics,
      persona_context:
        patch.persona_context === undefined ? row.persona_context : patch.persona_context || null,
      settings: { ...row.settings, ...patch.settings },
    };
    const updated = this.store.campaigns.update(id, next)!;
    this.bus.emit('site.updated', { site_id: row.site_id, changes: ['campaigns'] });
    return this.toCampaign(updated);
  }

  /**
   * Deletes the campaign with its targets. Refused while one of its actions is queued or running (409 naming
   * the job), since that job would write targets for a campaign that is gone. Its finished jobs stay as history.
   */
  delete(id: number): void {
    const row = this.row(id);
    const active = this.store.jobs.ofCampaign(id, ACTION_KINDS, 'active');
    if (active) {
      throw new ConflictError(
        `Campaign ${id} has a ${active.params.action} job (${active.id}) ${active.status}; wait for it or cancel it (POST /jobs/${active.id}/cancel) before deleting the campaign.`,
        { job_id: active.id },
      );
    }
    this.store.campaigns.delete(id);
    this.bus.emit('site.updated', { site_id: row.site_id, changes: ['campaigns'] });
  }

  hubClients(q: { limit: number; cursor?: CursorKey | undefined }): {
    items: HubClient[];
    next_cursor: string | null;
  } {
    const rows = this.store.campaigns.hubClients(afterKey(q.cursor, 'string') ?? '', q.limit + 1);
    const { page, next_cursor } = idPage(rows, q.limit, (r) => r.hub_client_id);
    const items = page.map((r) => ({
      hub_client_id: r.hub_client_id,
      campaign_count: r.campaign_count,
      status_counts: { draft: r.draft, active: r.active, paused: r.paused, archived: r.archived },
    }));
    return { items, next_cursor };
  }

  /**
   * Queues an action. Refused while another action of the campaign is queued or running (409 naming it), for
   * expand and rebuild on an archived campaign (409), without the embedding model (503), which every action
   * needs to check topics and compare titles, and when the site's passages are not all in and no job will embed
   * them (409). While an embed job embeds them, the action is queued behind it and its progress says so.
   */
  schedule<A extends CampaignAction>(id: number, action: A): JobOf<ActionKind<A>> {
    const row = this.row(id);
    if (row.status === 'archived' && action !== 'refresh') {
      throw new ConflictError(
        `Campaign ${id} is archived; set its status to active (PATCH /api/campaigns/${id}) before you ${action} it.`,
      );
    }
    const active = this.store.jobs.ofCampaign(id, ACTION_KINDS, 'active');
    if (active) {
      throw new ConflictError(
        `Campaign ${id} already has a ${active.params.action} job (${active.id}, ${active.status}); wait for it or cancel it first.`,
        { job_id: active.id },
      );
    }
    if (!this.modelAvailable()) {
      throw new UnavailableError(
        'model-unavailable',
        'The embedding model is not built; campaign actions need it to check topics and compare titles. Build it with `npm run build:model` (offline, a few seconds).',
      );
    }
    // Every action judges what the site covers by its passages (topic coverage is the idea check): while an
    // embed job brings them, the action waits for it (the runner holds it back) instead of being refused.
    const wait = this.passages.admit(row.site_id, `a campaign ${action}`);
    // Each action's kind takes `{ action }` as its params; the compiler cannot see that through the generic.
    const job: NewJob<ActionKind<A>> = {
      kind: CAMPAIGN_ACTION_KINDS[action],
      site_id: row.site_id,
      campaign_id: id,
      params: { action } as NewJob<ActionKind<A>>['params'],
      exclusive_with: [],
      progress: wait?.progress,
    };
    return this.jobs.create(job);
  }
}
