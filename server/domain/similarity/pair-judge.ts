/**
 * One analysis's verdict on each candidate pair, once it is scored: its outcome and the rule that decided it
 * (merge-verdict.ts), the page to keep of a duplicate or merge (page-to-keep.ts), whether the pages already link
 * each other, their Search Console clicks, and its rank in what to act on (pair-rank.ts). What it reads of the
 * site (text, links, canonicals) it reads only for the pairs that need it.
 */
import type { Store } from '../../store/index.js';
import type { AnalysisPage, KeepRow, NewPair, PairRow } from '../../store/repos/similarity-repo.js';
import { isNavigational } from '../../schemas/pages.js';
import type { GscPageFigures } from '../analytics/gsc-queries.js';
import { jaccardEstimate, signatureFromBuffer } from '../crawl/minhash.js';
import { cosine } from '../embeddings/vectors.js';
import { HubParts } from './hub-parts.js';
import { MergeVerdicts, type Verdict } from './merge-verdict.js';
import { groupPageToKeep, pageToKeep, type KeepCandidate } from './page-to-keep.js';
import { pairRank } from './pair-rank.js';
import { QuerySubjects } from './query-subjects.js';
import type { ScoredPair } from './reranker-choice.js';
import { EXACT_JACCARD_MARGIN, shingleJaccard, textOverlap } from './shingle-jaccard.js';
import { TitleSubjects } from './title-subjects.js';
import { UrlContexts } from './url-contexts.js';

export interface AnalysisThresholds {
  duplicate_jaccard: number;
  merge_reranker: number;
  related_reranker: number;
  subject_agreement: number;
  query_agreement: number;
}

type Judged = Omit<NewPair, 'rank'> & { settled: boolean };

const f2 = (x: number) => x.toFixed(2);

export class PairJudge {
  private readonly byId: Map<number, AnalysisPage>;
  private readonly hubs: HubParts;
  private readonly verdicts: MergeVerdicts;
  private readonly canonicals: Map<number, number>;

  constructor(
    private readonly store: Store,
    private readonly siteId: number,
    private readonly t: AnalysisThresholds,
    private readonly site: {
      pages: AnalysisPage[];
      vectorOf: Map<number, Float32Array>;
      /** Each page's candidate partners: their text is the template a pair's own text is read without. */
      partners: Map<number, number[]>;
      figures: Map<number, GscPageFigures>;
      queryRows: ConstructorParameters<typeof QuerySubjects>[0];
      sharedQueries: (a: number, b: number) => number;
    },
  ) {
    this.byId = new Map(site.pages.map((p) => [p.id, p]));
    this.hubs = new HubParts(
      site.pages,
      () => store.similarity.pageLinks(siteId),
      () => store.similarity.upLinked(siteId),
    );
    this.canonicals = store.similarity.canonicalTargets(siteId);
    const text = (id: number) => store.similarity.mainText(id);
    this.verdicts = new MergeVerdicts(t, {
      subjects: new TitleSubjects(site.pages.map((p) => [p.id, p.h1 || p.title])),
      places: new UrlContexts(site.pages.map((p) => ({ id: p.id, url: p.url, title: p.h1 || p.title }))),
      hubs: this.hubs,
      queries: new QuerySubjects(site.queryRows),
      textShare: (a, b) => {
        const others = [...new Set([...site.partners.get(a)!, ...site.partners.get(b)!])].filter(
          (id) => id !== a && id !== b,
        );
        return textOverlap(text(a), text(b), others.map(text));
      },
    });
  }

  /** Whether the two pages have one content hash: a duplicate nothing needs to score. */
  sameText(a: number, b: number): boolean {
    const hash = this.byId.get(a)!.content_hash;
    return hash !== null && hash === this.byId.get(b)!.content_hash;
  }

  private keepCandidate(id: number): KeepCandidate {
    const p = this.byId.get(id)!;
    return {
      id,
      url: p.url,
      inlinks: p.inlinks,
      clicks: this.site.figures.size ? (this.site.figures.get(id)?.clicks ?? 0) : null,
      indexable: p.indexable,
      canonical: this.canonicals.get(id) ?? null,
      navigational: isNavigational(p.page_type),
    };
  }

  private readonly hubOf = (a: number, b: number) => this.hubs.hubOf(a, b);

  /** The page to keep of a duplicate or merge pair. */
  keep(a: number, b: number): KeepRow {
    return pageToKeep(this.keepCandidate(a), this.keepCandidate(b), this.hubOf);
  }

  /** The page to keep of a cluster's members. */
  keepOfGroup(members: number[]): KeepRow {
    return groupPageToKeep(
      members.map((id) => this.keepCandidate(id)),
      this.hubOf,
    );
  }

  /** A scored candidate's outcome with its rule, or null when it is not similar enough to keep. */
  judge(a: number, b: number, scored: ScoredPair | null): Judged | null {
    const same = scored === null;
    const [pa, pb] = [this.byId.get(a)!, this.byId.get(b)!];
    const estimate =
      pa.minhash && pb.minhash
        ? jaccardEstimate(signatureFromBuffer(pa.minhash), signatureFromBuffer(pb.minhash))
        : 0;
    const text = (id: number) => this.store.similarity.mainText(id);
    const jaccard = same
      ? 1
      : estimate >= this.t.duplicate_jaccard - EXACT_JACCARD_MARGIN
        ? shingleJaccard(text(a), text(b))
        : estimate;
    const reranker = scored ? scored.score : 1;
    let outcome: PairRow['outcome'];
    let verdict: Pick<Verdict, 'rule' | 'detail'>;
    if (same) {
      outcome = 'duplicate';
      verdict = {
        rule: 'same_text',
        detail: 'The two pages have the same content hash: their main text is identical.',
      };
    } else if (jaccard >= this.t.duplicate_jaccard) {
      outcome = 'duplicate';
      verdict = {
        rule: 'near_same_text',
        detail: `Their word 5-shingles overlap with Jaccard ${f2(jaccard)} (duplicate at ${f2(this.t.duplicate_jaccard)} or more).`,
      };
    } else if (reranker >= this.t.merge_reranker) {
      const v = this.verdicts.verdict(a, b);
      outcome = v.merge ? 'merge' : 'related';
      verdict = v;
    } else if (reranker >= this.t.related_reranker) {
      outcome = 'related';
      verdict = {
        rule: 'below_merge',
        detail: `Passage score ${f2(reranker)}: at least ${f2(this.t.related_reranker)} to link, ${f2(this.t.merge_reranker)} to merge.`,
      };
    } else return null;
    const keep = outcome === 'related' ? null : this.keep(a, b);
    const [va, vb] = [this.site.vectorOf.get(a), this.site.vectorOf.get(b)];
    const clicks = this.site.figures.size
      ? (this.site.figures.get(a)?.clicks ?? 0) + (this.site.figures.get(b)?.clicks ?? 0)
      : null;
    return {
      page_a: a,
      page_b: b,
      // Hash and MinHash duplicates include pages that are never embedded (noindex, canonicalised).
      cosine: va && vb ? cosine(va, vb) : null,
      reranker,
      jaccard,
      outcome,
      rule: verdict.rule,
      rule_detail: verdict.detail,
      keep,
      links: {
        a_to_b: this.store.similarity.linkPlace(a, b),
        b_to_a: this.store.similarity.linkPlace(b, a),
      },
      gsc_clicks: clicks,
      shared_queries: this.site.sharedQueries(a, b),
      evidence: scored?.evidence ?? [],
      settled: keep !== null && (keep.reason === 'canonical' || keep.reason === 'indexable'),
    };
  }

  /** The judged pairs with their rank, which compares each pair's clicks with the site's busiest pair. */
  ranked(judged: Judged[]): NewPair[] {
    const maxClicks = judged.reduce((m, p) => Math.max(m, p.gsc_clicks ?? 0), 0);
    return judged.map(({ settled, ...p }) => ({
      ...p,
      rank: pairRank(
        {
          outcome: p.outcome,
          reranker: p.reranker,
          jaccard: p.jaccard,
          links: p.links,
          clicks: p.gsc_clicks,
          settled,
        },
        { relatedFloor: this.t.related_reranker, maxClicks },
      ),
    }));
  }
}
