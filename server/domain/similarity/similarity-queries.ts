/** Reading a site's current analysis: pairs (filtered, sorted, keyset-paginated) and clusters with their pages. */
import type { Store } from '../../store/index.js';
import type { ClusterRow, PairRow } from '../../store/repos/similarity-repo.js';
import type { CursorKey } from '../../schemas/common.js';
import type { AnalysisState, Cluster, Pair, PairEvidence, PairListQuery } from '../../schemas/similarity.js';
import { NotFoundError } from '../errors.js';
import { afterKey, afterSortKey, idPage, keysetPage } from '../sort-cursor.js';
import type { PagesService } from '../pages/pages-service.js';
import { analysisState } from './analysis-state.js';

/** Characters of a passage shown as evidence: enough to recognise it, small enough for a list of pairs. */
const EVIDENCE_CHARS = 300;

export class SimilarityQueries {
  constructor(
    private readonly store: Store,
    private readonly pages: PagesService,
  ) {}

  pairs(q: PairListQuery & { cursor?: CursorKey | undefined }): {
    items: Pair[];
    next_cursor: string | null;
    analysis: AnalysisState | null;
  } {
    const after = afterSortKey(q.cursor, q.sort);
    const rows = this.store.similarity.pairs(
      {
        siteId: q.site_id,
        outcomes: q.outcome,
        minReranker: q.min_reranker,
        minCosine: q.min_cosine,
        pageId: q.page_id,
      },
      q.sort,
      after,
      q.limit + 1,
    );
    const { page, next_cursor } = keysetPage(rows, q.limit, q.sort);
    const summaries = this.pages.summaries(page.flatMap((r) => [r.page_a, r.page_b]));
    return {
      items: page
        .filter((r) => summaries.has(r.page_a) && summaries.has(r.page_b))
        .map(({ sort_value: _, ...r }) => ({
          ...r,
          page_a: summaries.get(r.page_a)!,
          page_b: summaries.get(r.page_b)!,
          evidence: this.evidence(r.evidence),
        })),
      next_cursor,
      analysis: q.site_id === undefined ? null : analysisState(this.store, q.site_id),
    };
  }

  /** A site's current analysis and whether a crawl since has made it stale; null when it was never analysed. */
  analysis(siteId: number): AnalysisState | null {
    return analysisState(this.store, siteId);
  }

  /** Stored matches with their passages' text; a passage re-embedded since the analysis drops its match. */
  private evidence(matches: PairRow['evidence']): PairEvidence[] {
    const passage = (id: number) => {
      const p = this.store.embeddings.passage(id);
      return p
        ? { id, text: p.text.length > EVIDENCE_CHARS ? `${p.text.slice(0, EVIDENCE_CHARS - 1)}…` : p.text }
        : null;
    };
    return matches.flatMap(({ from, to, ...m }) => {
      const [a, b] = [passage(from), passage(to)];
      return a && b ? [{ passage_a: a, passage_b: b, ...m }] : [];
    });
  }

  private expand({ representative_reason, representative_detail, ...row }: ClusterRow): Cluster {
    const members = this.store.similarity.members(row.id);
    const summaries = this.pages.summaries(members.map((m) => m.page_id));
    return {
      ...row,
      representative_page:
        row.representative_page === null ? null : (summaries.get(row.representative_page) ?? null),
      representative_reason:
        representative_reason === null
          ? null
          : { reason: representative_reason, detail: representative_detail ?? '' },
      pages: members
        .filter((m) => summaries.has(m.page_id))
        .map((m) => ({ page: summaries.get(m.page_id)!, score: m.score })),
    };
  }

  clusters(q: {
    site_id?: number | undefined;
    min_size: number;
    limit: number;
    cursor?: CursorKey | undefined;
  }) {
    const afterId = afterKey(q.cursor, 'number') ?? 0;
    const rows = this.store.similarity.clusters(q.site_id, q.min_size, afterId, q.limit + 1);
    const { page, next_cursor } = idPage(rows, q.limit);
    return { items: page.map((r) => this.expand(r)), next_cursor };
  }

  cluster(id: number): Cluster {
    const row = this.store.similarity.cluster(id);
    if (!row) throw new NotFoundError(`No cluster with id ${id} in the current analyses.`);
    return this.expand(row);
  }
}
