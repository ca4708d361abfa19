/**
 * Judging stored targets: builds the per-run view of a campaign's site and asks the target's kind to score and
 * explain it from current data. Used by refresh (every target), by manual targets when they are added, and
 * indirectly by expand and rebuild through the same sources.
 */
import type { Store } from '../../store/index.js';
import type { TargetRow } from '../../store/repos/targets-repo.js';
import type { TargetKind } from '../../schemas/targets.js';
import type { GscQueries } from '../analytics/gsc-queries.js';
import type { EmbeddingService } from '../embeddings/embedding-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import { internalLinkSource } from './internal-link-source.js';
import { mergeSource } from './merge-source.js';
import { newContentSource } from './new-content-source.js';
import { refreshSource } from './refresh-source.js';
import { SiteSignals, type CampaignView } from './site-signals.js';
import type { Assessment, TargetIdentity, TargetSource } from './target-candidate.js';

export const SOURCES: Readonly<Record<TargetKind, TargetSource>> = {
  new_content: newContentSource,
  refresh: refreshSource,
  merge: mergeSource,
  internal_link: internalLinkSource,
};

export function identityOf(row: TargetRow): TargetIdentity {
  return {
    kind: row.kind,
    title: row.title,
    query: row.query,
    page_id: row.page_id,
    related_page_ids: row.related_page_ids,
    // Manual targets not assessed yet have no evidence; every generated target has.
    origin: row.evidence?.origin ?? 'manual',
  };
}

export class TargetAssessor {
  constructor(
    private readonly store: Store,
    private readonly gsc: GscQueries,
    private readonly embeddings: EmbeddingService,
    private readonly settings: SettingsService,
  ) {}

  signalsFor(campaign: CampaignView): SiteSignals {
    return new SiteSignals(this.store, campaign, this.gsc, this.embeddings, this.settings);
  }

  assess(signals: SiteSignals, row: TargetRow): Promise<Assessment> {
    return SOURCES[row.kind].assess(signals, identityOf(row), row.evidence);
  }

  /** Judges a target that is not stored yet, so a failure leaves no half-made row behind. */
  assessNew(signals: SiteSignals, identity: TargetIdentity): Promise<Assessment> {
    return SOURCES[identity.kind].assess(signals, identity, null);
  }

  /** Embeds a target's subject for de-duplication (one text at a time, so a text always gets the same vector). */
  embedSubject(subject: string): Promise<Float32Array> {
    return this.embeddings.embedQuery(subject);
  }
}
