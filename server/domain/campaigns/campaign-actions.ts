/**
 * The three campaign actions, run as jobs:
 * - expand adds up to `max_new` proposed targets that duplicate nothing the campaign has;
 * - refresh re-judges every target from current data (score, rationale, evidence) and never touches a status;
 * - rebuild replaces the generated targets nobody decided on, keeping decided and manual ones, and — because
 *   rejected targets stay and take part in de-duplication — never proposes a rejected topic again.
 * Generation reads and embeds outside any transaction; the writes of a run happen in one transaction at the
 * end, so a cancelled run changes nothing and readers never see half a rebuild.
 */
import type { Store } from '../../store/index.js';
import type { TargetRow } from '../../store/repos/targets-repo.js';
import type { CampaignSettings } from '../../schemas/campaigns.js';
import type { TargetEvidence, TargetKind } from '../../schemas/targets.js';
import type { EventBus } from '../events.js';
import type { CampaignsService } from './campaigns-service.js';
import { SOURCES, type TargetAssessor } from './target-assessor.js';
import type { Candidate } from './target-candidate.js';
import { TargetDedupe, type DedupeEntry } from './target-dedupe.js';
import { DECIDED } from './transitions.js';

export interface ActionContext {
  signal: AbortSignal;
  progress(p: { phase: string; done: number; total: number | null; message: string }): void;
}

interface Picked {
  candidate: Candidate;
  vector: Float32Array;
}

/** What de-duplication compares of a stored target; with no subject of its own, its title is what it is about. */
const keyOf = (row: TargetRow) => ({
  kind: row.kind,
  title: row.title,
  subject: row.subject ?? row.title,
  page_id: row.page_id,
  related_page_ids: row.related_page_ids,
});

const vectorOf = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

export class CampaignActions {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly campaigns: CampaignsService,
    private readonly assessor: TargetAssessor,
  ) {}

  async expand(campaignId: number, ctx: ActionContext) {
    const existing = this.store.targets.ofCampaign(campaignId);
    const { picked, candidates, duplicates } = await this.generate(campaignId, existing, ctx);
    const added = this.store.tx(() => this.insert(campaignId, picked, 'expand'));
    this.announce(campaignId);
    return this.summary({ picked, candidates, duplicates }, added);
  }

  async rebuild(campaignId: number, ctx: ActionContext) {
    const kept = this.store.targets
      .ofCampaign(campaignId)
      .filter((t) => DECIDED.has(t.status) || t.source === 'manual');
    const { picked, candidates, duplicates } = await this.generate(campaignId, kept, ctx);
    const { removed, added } = this.store.tx(() => {
      const removed = this.store.targets.dropProposedGenerated(campaignId);
      return { removed, added: this.insert(campaignId, picked, 'rebuild') };
    });
    this.announce(campaignId);
    return { removed, kept: kept.length, ...this.summary({ picked, candidates, duplicates }, added) };
  }

  async refresh(campaignId: number, ctx: ActionContext) {
    const signals = this.assessor.signalsFor(this.campaigns.view(campaignId));
    const rows = this.store.targets.ofCampaign(campaignId);
    const results: { id: number; score: number; rationale: string; evidence: TargetEvidence }[] = [];
    let stale = 0;
    for (const [i, row] of rows.entries()) {
      ctx.signal.throwIfAborted();
      const a = await this.assessor.assess(signals, row);
      if (a.evidence.stale) stale++;
      results.push({ id: row.id, score: a.score, rationale: a.rationale, evidence: a.evidence });
      ctx.progress({
        phase: 'rescoring',
        done: i + 1,
        total: rows.length,
        message: `${i + 1} of ${rows.length} targets rescored`,
      });
    }
    // Targets deleted meanwhile (a rebuild cannot run at the same time, but be safe) are skipped by the update.
    this.store.tx(() => {
      for (const r of results) this.store.targets.setAssessment(r.id, r.score, r.rationale, r.evidence);
    });
    this.announce(campaignId);
    return { rescored: results.length, stale };
  }

  /** Candidates of every enabled kind, then a fair pick across kinds that skips duplicates. */
  private async generate(campaignId: number, existing: TargetRow[], ctx: ActionContext) {
    const view = this.campaigns.view(campaignId);
    const signals = this.assessor.signalsFor(view);
    ctx.progress({
      phase: 'reading targets',
      done: 0,
      total: existing.length,
      message: 'Comparing with existing targets',
    });
    const dedupe = new TargetDedupe(await this.existingEntries(existing, ctx));
    const pools = new Map<TargetKind, Candidate[]>();
    for (const [i, kind] of view.settings.kinds.entries()) {
      ctx.signal.throwIfAborted();
      ctx.progress({
        phase: 'collecting',
        done: i,
        total: view.settings.kinds.length,
        message: `Looking for ${kind.replace('_', ' ')} targets`,
      });
      pools.set(kind, await SOURCES[kind].generate(signals, ctx.signal));
    }
    const candidates = [...pools.values()].reduce((n, l) => n + l.length, 0);
    const { picked, duplicates } = await this.pick(pools, dedupe, view.settings, ctx);
    return { picked, candidates, duplicates };
  }

  /**
   * Subject vectors of the targets to compare against, embedding (and storing) those not embedded yet: new
   * manual targets, retitled ones, and every target of a database from before subjects (migration 8).
   */
  private async existingEntries(rows: TargetRow[], ctx: ActionContext): Promise<DedupeEntry[]> {
    const out: DedupeEntry[] = [];
    for (const row of rows) {
      ctx.signal.throwIfAborted();
      const key = keyOf(row);
      let vector = row.subject_vector ? vectorOf(row.subject_vector) : null;
      if (!vector) {
        vector = await this.assessor.embedSubject(key.subject);
        this.store.targets.setSubjectVector(row.id, vector);
      }
      out.push({ ...key, vector });
    }
    return out;
  }

  /**
   * Round robin over the kinds, best candidate first within each, so one abundant kind cannot crowd out the
   * others; a candidate that duplicates a target or an earlier pick is skipped. Subjects are embedded only when
   * a candidate is reached, and the order is fixed, so unchanged data always picks the same set.
   */
  private async pick(
    pools: Map<TargetKind, Candidate[]>,
    dedupe: TargetDedupe,
    settings: CampaignSettings,
    ctx: ActionContext,
  ): Promise<{ picked: Picked[]; duplicates: number }> {
    const queues = [...pools.values()].map((list) => ({ list, next: 0 }));
    const picked: Picked[] = [];
    let duplicates = 0;
    let progressed = true;
    while (picked.length < settings.max_new && progressed) {
      progressed = false;
      for (const q of queues) {
        if (picked.length >= settings.max_new) break;
        while (q.next < q.list.length) {
          ctx.signal.throwIfAborted();
          const c = q.list[q.next++]!;
          if (dedupe.plainDuplicateOf(c)) {
            duplicates++;
            continue;
          }
          const vector = await this.assessor.embedSubject(c.subject);
          if (dedupe.duplicateOf(c, vector)) {
            duplicates++;
            continue;
          }
          dedupe.add({ ...c, vector });
          picked.push({ candidate: c, vector });
          progressed = true;
          ctx.progress({
            phase: 'picking',
            done: picked.length,
            total: settings.max_new,
            message: `${picked.length} new targets`,
          });
          break;
        }
      }
    }
    return { picked, duplicates };
  }

  /**
   * Inserts the picks (inside the caller's transaction) that still duplicate nothing. Every check runs again
   * against the rows as they are now, in case the analyst added, edited or decided on a target while the run
   * was generating — a target accepted meanwhile stays through a rebuild although it was not among those
   * kept. Stored subject vectors serve the embedding test (nothing is embedded here); a target added or
   * retitled meanwhile has none yet and meets the plain checks only. Returns the picks inserted.
   */
  private insert(campaignId: number, picked: Picked[], source: 'expand' | 'rebuild'): Picked[] {
    const now = new TargetDedupe(
      this.store.targets.ofCampaign(campaignId).map((r) => ({
        ...keyOf(r),
        vector: r.subject_vector ? vectorOf(r.subject_vector) : null,
      })),
    );
    const added: Picked[] = [];
    for (const p of picked) {
      const { candidate: c, vector } = p;
      if (now.duplicateOf(c, vector)) continue;
      this.store.targets.insert({
        campaign_id: campaignId,
        kind: c.kind,
        title: c.title,
        query: c.query,
        page_id: c.page_id,
        related_page_ids: c.related_page_ids,
        status: 'proposed',
        score: c.score,
        rationale: c.rationale,
        evidence: c.evidence,
        notes: '',
        source,
        subject: c.subject,
        subject_vector: Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
      });
      now.add({ ...c, vector });
      added.push(p);
    }
    return added;
  }

  /** What expand and rebuild report: picks the insert-time recheck dropped count as duplicates too. */
  private summary(generated: { picked: Picked[]; candidates: number; duplicates: number }, added: Picked[]) {
    const by_kind: Record<TargetKind, number> = { new_content: 0, refresh: 0, merge: 0, internal_link: 0 };
    for (const p of added) by_kind[p.candidate.kind]++;
    return {
      added: added.length,
      candidates: generated.candidates,
      duplicates: generated.duplicates + generated.picked.length - added.length,
      by_kind,
    };
  }

  private announce(campaignId: number): void {
    const siteId = this.store.campaigns.get(campaignId)?.site_id;
    if (siteId !== undefined) this.bus.emit('site.updated', { site_id: siteId, changes: ['campaigns'] });
  }
}
