/**
 * Targets as the API shows them: lists filtered by status and kind, manual targets, and edits — where a status
 * change must follow the transition table. Manual targets are judged at once (score, rationale, evidence) by
 * the same source as generated ones, so they rank among them.
 */
import type { Store } from '../../store/index.js';
import type { TargetRow } from '../../store/repos/targets-repo.js';
import type { CursorKey } from '../../schemas/common.js';
import type {
  Target,
  TargetCreate,
  TargetKind,
  TargetListQuery,
  TargetPatch,
} from '../../schemas/targets.js';
import {
  ConflictError,
  NotFoundError,
  UnavailableError,
  ValidationError,
  type FieldIssue,
} from '../errors.js';
import type { EventBus } from '../events.js';
import { afterSortKey, keysetPage } from '../sort-cursor.js';
import type { CampaignsService } from './campaigns-service.js';
import type { TargetAssessor } from './target-assessor.js';
import type { Assessment } from './target-candidate.js';
import { subjectToStore } from './target-dedupe.js';
import { assertTransition } from './transitions.js';

export function toTarget(row: TargetRow): Target {
  return {
    id: row.id,
    campaign_id: row.campaign_id,
    kind: row.kind,
    title: row.title,
    query: row.query,
    page_id: row.page_id,
    related_page_ids: row.related_page_ids,
    status: row.status,
    score: row.score,
    rationale: row.rationale,
    evidence: row.evidence,
    notes: row.notes,
    source: row.source,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Kinds that are about an existing page, and what they need besides it. */
const PAGE_KINDS: ReadonlySet<TargetKind> = new Set(['refresh', 'merge', 'internal_link']);

export class TargetsService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly campaigns: CampaignsService,
    private readonly assessor: TargetAssessor,
  ) {}

  private row(id: number): TargetRow {
    const row = this.store.targets.get(id);
    if (!row) throw new NotFoundError(`No target with id ${id}.`);
    return row;
  }

  get(id: number): Target {
    return toTarget(this.row(id));
  }

  list(q: TargetListQuery & { cursor?: CursorKey | undefined }): {
    items: Target[];
    next_cursor: string | null;
  } {
    this.campaigns.view(q.campaign_id); // 404 for an unknown campaign rather than an empty list
    const rows = this.store.targets.list(
      { campaignId: q.campaign_id, statuses: q.status, kinds: q.kind },
      q.sort,
      afterSortKey(q.cursor, q.sort),
      q.limit + 1,
    );
    const { page, next_cursor } = keysetPage(rows, q.limit, q.sort);
    return { items: page.map(({ sort_value: _, ...r }) => toTarget(r)), next_cursor };
  }

  private checkPages(siteId: number, input: TargetCreate): void {
    const issues: FieldIssue[] = [];
    const isSitePage = (id: number) => this.store.pages.get(id)?.site_id === siteId;
    if (PAGE_KINDS.has(input.kind) && input.page_id == null) {
      issues.push({ path: 'body.page_id', message: `is required for a ${input.kind} target` });
    }
    if (input.page_id != null && !isSitePage(input.page_id)) {
      issues.push({ path: 'body.page_id', message: `is not a page of the campaign’s site (${siteId})` });
    }
    (input.related_page_ids ?? []).forEach((id, i) => {
      if (!isSitePage(id)) {
        issues.push({
          path: `body.related_page_ids.${i}`,
          message: `is not a page of the campaign’s site (${siteId})`,
        });
      }
    });
    // The schema refused page_id among its related pages, so any related page is another one.
    if (input.kind === 'merge' && !input.related_page_ids?.length) {
      issues.push({
        path: 'body.related_page_ids',
        message: 'needs at least one page to merge into page_id',
      });
    }
    if (issues.length) {
      throw new ValidationError(
        `Invalid body: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}.`,
        issues,
      );
    }
  }

  /**
   * Adds a target by hand and judges it; without the model, or while the site's passages are being embedded, it
   * waits for the next refresh to be judged.
   * It is judged before it is stored, so any other failure leaves nothing behind.
   */
  async create(input: TargetCreate): Promise<Target> {
    const campaign = this.campaigns.view(input.campaign_id);
    this.checkPages(campaign.site_id, input);
    const identity = {
      kind: input.kind,
      title: input.title,
      query: input.query ?? null,
      page_id: input.page_id ?? null,
      related_page_ids: input.related_page_ids ?? [],
      origin: 'manual' as const,
    };
    let assessment: Assessment | null = null;
    try {
      assessment = await this.assessor.assessNew(this.assessor.signalsFor(campaign), identity);
    } catch (err) {
      // Without the model, or while the site's passages are being embedded (every kind now judges which topic
      // it is about from them: a 409 from the passage gate), the target is judged by the next refresh.
      if (!(err instanceof UnavailableError) && !(err instanceof ConflictError)) throw err;
    }
    // The campaign may have been deleted while the target was judged: 404 rather than a foreign-key failure.
    const row = this.store.tx(() => {
      this.campaigns.view(input.campaign_id);
      return this.store.targets.insert({
        campaign_id: input.campaign_id,
        kind: identity.kind,
        title: identity.title,
        query: identity.query,
        page_id: identity.page_id,
        related_page_ids: identity.related_page_ids,
        status: input.status ?? 'proposed',
        score: assessment?.score ?? null,
        rationale: assessment?.rationale ?? 'Added by hand.',
        evidence: assessment?.evidence ?? null,
        notes: input.notes ?? '',
        source: 'manual',
        subject: subjectToStore(identity),
        subject_vector: null,
      });
    });
    this.bus.emit('site.updated', { site_id: campaign.site_id, changes: ['campaigns'] });
    return toTarget(row);
  }

  /** Edits notes, title and query freely; a status change must be an edge of the transition table (409). */
  update(id: number, patch: TargetPatch): Target {
    const row = this.row(id);
    if (patch.status !== undefined) assertTransition(id, row.status, patch.status);
    const title = patch.title ?? row.title;
    const query = patch.query === undefined ? row.query : patch.query;
    const updated = this.store.targets.updateFields(id, {
      status: patch.status ?? row.status,
      notes: patch.notes ?? row.notes,
      title,
      query,
      subject: subjectToStore({ kind: row.kind, title, query }, row),
    })!;
    const siteId = this.store.campaigns.get(row.campaign_id)?.site_id;
    if (siteId !== undefined) this.bus.emit('site.updated', { site_id: siteId, changes: ['campaigns'] });
    return toTarget(updated);
  }

  /**
   * Deletes a target. A rejected target is how a topic stays out of later expands and rebuilds, so deleting one
   * lets its topic be proposed again.
   */
  delete(id: number): void {
    const row = this.row(id);
    this.store.targets.delete(id);
    const siteId = this.store.campaigns.get(row.campaign_id)?.site_id;
    if (siteId !== undefined) this.bus.emit('site.updated', { site_id: siteId, changes: ['campaigns'] });
  }
}
