/**
 * What one campaign action knows about the campaign's site, read once per run: pages, Search Console figures,
 * the current similarity analysis and the idea check. Target sources share it, so a run reads each thing once
 * and every target of the run is judged against the same data.
 */
import type { Store } from '../../store/index.js';
import type { PageRow } from '../../store/repos/pages-repo.js';
import type { PairRow } from '../../store/repos/similarity-repo.js';
import type { CampaignSettings } from '../../schemas/campaigns.js';
import type { IdeaCheckResult } from '../../schemas/embeddings.js';
import type { EvidencePage, GscFigures, TargetEvidence } from '../../schemas/targets.js';
import type { GscPageTrend, GscQueries, GscTopQuery } from '../analytics/gsc-queries.js';
import type { EmbeddingService } from '../embeddings/embedding-service.js';
import { cosine } from '../embeddings/vectors.js';
import type { SettingsService } from '../settings/settings-service.js';

/** How many Search Console queries are read for looking up a topic's or target's figures. */
const QUERY_LOOKUP_LIMIT = 5000;

export interface CampaignView {
  id: number;
  site_id: number;
  seed_topics: string[];
  persona_context: string | null;
  settings: CampaignSettings;
}

export class SiteSignals {
  private figures: Map<number, GscFigures> | null = null;
  private trends: Map<number, GscPageTrend> | null = null;
  private queries: Map<string, GscTopQuery> | null = null;
  private readonly pages = new Map<number, PageRow | null>();
  private readonly pairs = new Map<number, Map<number, PairRow>>();
  private readonly ideas = new Map<string, IdeaCheckResult>();
  private readonly texts = new Map<string, Float32Array>();
  readonly hasGsc: boolean;

  constructor(
    readonly store: Store,
    readonly campaign: CampaignView,
    private readonly gsc: GscQueries,
    private readonly embeddings: EmbeddingService,
    private readonly appSettings: SettingsService,
  ) {
    this.hasGsc = gsc.hasData(campaign.site_id);
  }

  get siteId(): number {
    return this.campaign.site_id;
  }

  get settings(): CampaignSettings {
    return this.campaign.settings;
  }

  /** The idea-check score from which a topic counts as covered (the app setting `/ideas/check` uses). */
  get coveredScore(): number {
    return this.appSettings.get().idea_covered_score;
  }

  /** The idea-check score from which a topic counts as partly covered. */
  get partlyScore(): number {
    return this.appSettings.get().idea_partially_covered_score;
  }

  /** The pages a target names (its page, then its related pages) that no longer exist: its evidence is stale. */
  vanished(target: { page_id: number | null; related_page_ids: number[] }): number[] {
    const named =
      target.page_id === null ? target.related_page_ids : [target.page_id, ...target.related_page_ids];
    return named.filter((id) => !this.page(id));
  }

  /** A page of this site that still exists as a successful fetch, or null. */
  page(id: number): PageRow | null {
    if (!this.pages.has(id)) {
      const row = this.store.pages.get(id);
      this.pages.set(
        id,
        row && row.site_id === this.siteId && (row.status_code ?? 0) >= 200 && row.status_code! < 300
          ? row
          : null,
      );
    }
    return this.pages.get(id)!;
  }

  pageGsc(id: number): GscFigures | null {
    if (!this.hasGsc) return null;
    this.figures ??= this.gsc.pageFigures(this.siteId);
    return this.figures.get(id) ?? null;
  }

  pageTrend(id: number): GscPageTrend | null {
    if (!this.hasGsc) return null;
    this.trends ??= this.gsc.pageTrend(this.siteId);
    return this.trends.get(id) ?? null;
  }

  /** All pages with a trend (pages only dated Search Console data can judge). */
  trendPages(): Map<number, GscPageTrend> {
    if (!this.hasGsc) return new Map();
    this.trends ??= this.gsc.pageTrend(this.siteId);
    return this.trends;
  }

  /** The top queries by clicks, most first. */
  topQueries(limit: number): GscTopQuery[] {
    return [...this.queryIndex().values()].slice(0, limit);
  }

  /** Search Console figures of a query, matched case- and space-insensitively. */
  queryGsc(text: string): GscFigures | null {
    const q = this.queryIndex().get(normaliseQuery(text));
    if (!q) return null;
    return {
      clicks: q.clicks,
      impressions: q.impressions,
      ctr: q.impressions > 0 ? q.clicks / q.impressions : 0,
      position: q.position,
    };
  }

  private queryIndex(): Map<string, GscTopQuery> {
    if (!this.queries) {
      this.queries = new Map();
      const rows = this.hasGsc ? this.gsc.topQueries(this.siteId, QUERY_LOOKUP_LIMIT) : [];
      for (const q of rows)
        if (!this.queries.has(normaliseQuery(q.query))) this.queries.set(normaliseQuery(q.query), q);
    }
    return this.queries;
  }

  /** The current analysis's pairs of a page, keyed by the other page. */
  pairsOf(pageId: number): Map<number, PairRow> {
    let out = this.pairs.get(pageId);
    if (!out) {
      out = new Map();
      let after: { value: number; id: number } | null = null;
      for (;;) {
        const rows = this.store.similarity.pairs({ siteId: this.siteId, pageId }, 'id', after, 500);
        for (const r of rows) out.set(r.page_a === pageId ? r.page_b : r.page_a, r);
        if (rows.length < 500) break;
        after = { value: rows.at(-1)!.id, id: rows.at(-1)!.id };
      }
      this.pairs.set(pageId, out);
    }
    return out;
  }

  /** Cosine of two pages' embeddings, or null when either is not embedded. */
  pageCosine(a: number, b: number): number | null {
    const va = this.store.embeddings.pageVector(a);
    const vb = this.store.embeddings.pageVector(b);
    return va && vb ? cosine(va, vb) : null;
  }

  /**
   * The idea check exactly as `POST /ideas/check` runs it, cached per run. The campaign's persona is left out
   * on purpose: prepended to a short topic it outweighs the topic (on the fixture site a persona made the home
   * page the best match for "growing tomatoes in containers", which has its own page), and coverage is about
   * what the site says, whoever reads it.
   */
  async checkIdea(idea: string): Promise<IdeaCheckResult> {
    let result = this.ideas.get(idea);
    if (!result) {
      result = await this.embeddings.checkIdea({ idea, site_id: this.siteId, k: 3 });
      this.ideas.set(idea, result);
    }
    return result;
  }

  /** A short text's embedding (a topic, a page heading), one text at a time so it is always the same vector. */
  async embed(text: string): Promise<Float32Array> {
    let v = this.texts.get(text);
    if (!v) {
      v = await this.embeddings.embedQuery(text);
      this.texts.set(text, v);
    }
    return v;
  }

  /**
   * A page as evidence. A page that is gone keeps what the previous evidence said about it (its URL and title
   * are what the analyst saw), or what the URL registry still knows.
   */
  evidencePage(
    id: number,
    role: EvidencePage['role'],
    score: number | null,
    previous: TargetEvidence | null,
  ): EvidencePage {
    const row = this.page(id);
    if (row) {
      return {
        id,
        url: row.url,
        title: row.title,
        h1: row.h1,
        role,
        score,
        word_count: row.word_count,
        inlinks: row.inlinks,
        gsc: this.pageGsc(id),
      };
    }
    const before = previous?.pages.find((p) => p.id === id);
    return {
      id,
      url: before?.url ?? this.store.urls.byId(id)?.url ?? '',
      title: before?.title ?? null,
      h1: before?.h1 ?? null,
      role,
      score,
      word_count: 0,
      inlinks: 0,
      gsc: null,
    };
  }
}

export const normaliseQuery = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');
