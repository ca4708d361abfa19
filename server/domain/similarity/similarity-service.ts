/**
 * Duplicate and overlapping pages. Candidates never come from all pairs: exact duplicates share a content
 * hash, near duplicates share a MinHash band (locality-sensitive hashing), and topical neighbours come from the
 * sqlite-vec k-nearest pages. Every candidate is scored by the passage reranker and given an outcome; the new
 * analysis is written beside the old one and published in one transaction.
 */
import { buildAnnIndex } from '../../adapters/ann-index.js';
import type { Store } from '../../store/index.js';
import type { AnalysisPage, PairRow } from '../../store/repos/similarity-repo.js';
import { jaccardEstimate, signatureFromBuffer } from '../crawl/minhash.js';
import { NotFoundError, UnavailableError } from '../errors.js';
import type { EventBus } from '../events.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import { cosine } from '../embeddings/vectors.js';
import type { Job } from '../../schemas/jobs.js';
import type { AnalyzeRequest } from '../../schemas/similarity.js';
import { buildClusters } from './clusters.js';
import { RERANKER_NAME, passageReranker } from './reranker.js';

export const SIMILARITY_KIND = 'similarity';
export const SIMILARITY_EXCLUSIVE_WITH = ['crawl', 'embed', SIMILARITY_KIND];
const NEIGHBOURS = 10;
/** From this many embedded pages on, candidates come from an approximate (HNSW) index. */
export const ANN_MIN_PAGES = 5000;
const BANDS = 32;
const ROWS = 4;
/** Above this many pages with one content hash, each is paired with the first only (a star, not a clique). */
const CLIQUE_LIMIT = 20;

type Outcome = PairRow['outcome'];

export interface AnalysisProgress {
  phase: string;
  done: number;
  total: number | null;
  message: string;
}

const key = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export class SimilarityService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly settings: SettingsService,
    private readonly jobs: JobsService,
  ) {}

  schedule(req: AnalyzeRequest): Job {
    if (!this.store.sites.get(req.site_id)) throw new NotFoundError(`No site with id ${req.site_id}.`);
    return this.jobs.create({
      kind: SIMILARITY_KIND,
      site_id: req.site_id,
      params: req.thresholds ? { thresholds: req.thresholds } : {},
      exclusive_with: SIMILARITY_EXCLUSIVE_WITH,
    });
  }

  private candidates(siteId: number, pages: AnalysisPage[]): Set<string> {
    const out = new Set<string>();
    const byHash = new Map<string, number[]>();
    for (const p of pages)
      if (p.content_hash) byHash.set(p.content_hash, [...(byHash.get(p.content_hash) ?? []), p.id]);
    for (const ids of byHash.values()) {
      if (ids.length > CLIQUE_LIMIT) ids.slice(1).forEach((id) => out.add(key(ids[0]!, id)));
      else ids.forEach((a, i) => ids.slice(i + 1).forEach((b) => out.add(key(a, b))));
    }
    const buckets = new Map<string, number[]>();
    for (const p of pages) {
      if (!p.minhash) continue;
      const sig = signatureFromBuffer(p.minhash);
      for (let band = 0; band < BANDS; band++) {
        const k = `${band}:${Array.from(sig.subarray(band * ROWS, band * ROWS + ROWS)).join(',')}`;
        buckets.set(k, [...(buckets.get(k) ?? []), p.id]);
      }
    }
    for (const ids of buckets.values()) {
      if (ids.length > 1 && ids.length <= CLIQUE_LIMIT)
        ids.forEach((a, i) => ids.slice(i + 1).forEach((b) => out.add(key(a, b))));
    }
    for (const [a, b] of this.neighbours(siteId)) out.add(key(a, b));
    return out;
  }

  /**
   * Each embedded page's nearest pages. Small sites use sqlite-vec's exact scan; above ANN_MIN_PAGES an
   * in-memory HNSW index keeps the work near-linear (an exact scan per page would grow with the square).
   */
  private *neighbours(siteId: number): Generator<[number, number]> {
    const vectors = this.store.embeddings.siteVectors(siteId);
    if (vectors.length < ANN_MIN_PAGES) {
      for (const { id, vector } of vectors) {
        for (const n of this.store.embeddings.knnPages(vector, NEIGHBOURS + 1, siteId))
          if (n.page_id !== id) yield [id, n.page_id];
      }
      return;
    }
    const index = buildAnnIndex(vectors);
    for (const { id, vector } of vectors) {
      for (const n of index.search(vector, NEIGHBOURS + 1)) if (n.id !== id) yield [id, n.id];
    }
  }

  async analyze(
    siteId: number,
    overrides: AnalyzeRequest['thresholds'],
    ctx: { signal: AbortSignal; progress(p: AnalysisProgress): void },
  ) {
    const s = this.settings.get();
    const thresholds = {
      duplicate_jaccard: s.similarity_duplicate_jaccard,
      merge_reranker: s.similarity_merge_reranker,
      related_reranker: s.similarity_related_reranker,
      ...overrides,
    };
    const pages = this.store.similarity.analysisPages(siteId);
    if (!this.store.embeddings.embeddedCount(siteId)) {
      throw new UnavailableError(
        'model-unavailable',
        `Site ${siteId} has no embedded pages: crawl it and embed it first.`,
      );
    }
    ctx.progress({ phase: 'candidates', done: 0, total: pages.length, message: 'Finding candidate pairs' });
    const byId = new Map(pages.map((p) => [p.id, p]));
    const candidates = [...this.candidates(siteId, pages)];
    const passages = new Map<number, Float32Array[]>();
    const passagesOf = (id: number) => {
      let v = passages.get(id);
      if (!v) {
        v = this.store.similarity.passageVectors(id);
        passages.set(id, v);
      }
      return v;
    };
    const runId = this.store.similarity.createRun(siteId, RERANKER_NAME, thresholds);
    const kept: Omit<PairRow, 'id' | 'site_id' | 'analyzed_at'>[] = [];
    try {
      for (let i = 0; i < candidates.length; i++) {
        if (i % 200 === 0) {
          ctx.signal.throwIfAborted();
          ctx.progress({
            phase: 'reranking',
            done: i,
            total: candidates.length,
            message: `${kept.length} pairs so far`,
          });
          await new Promise((r) => setImmediate(r)); // let the API answer between slices of work
        }
        const [a, b] = candidates[i]!.split(':').map(Number) as [number, number];
        const pa = byId.get(a);
        const pb = byId.get(b);
        if (!pa || !pb) continue; // a neighbour with no text of its own
        const va = this.store.embeddings.pageVector(a);
        const vb = this.store.embeddings.pageVector(b);
        const cos = va && vb ? cosine(va, vb) : 0;
        const jaccard =
          pa.minhash && pb.minhash
            ? jaccardEstimate(signatureFromBuffer(pa.minhash), signatureFromBuffer(pb.minhash))
            : 0;
        const sameText = pa.content_hash !== null && pa.content_hash === pb.content_hash;
        const reranker = sameText ? 1 : passageReranker(passagesOf(a), passagesOf(b));
        const outcome: Outcome | null =
          sameText || jaccard >= thresholds.duplicate_jaccard
            ? 'duplicate'
            : reranker >= thresholds.merge_reranker
              ? 'merge'
              : reranker >= thresholds.related_reranker
                ? 'related'
                : null;
        if (outcome)
          kept.push({
            page_a: a,
            page_b: b,
            cosine: cos,
            reranker,
            jaccard: sameText ? 1 : jaccard,
            outcome,
            shared_queries: 0,
          });
      }
      ctx.progress({
        phase: 'clustering',
        done: candidates.length,
        total: candidates.length,
        message: 'Grouping pages',
      });
      const clusters = buildClusters({
        pairs: kept.filter((p) => p.outcome !== 'related'),
        pages: new Map(pages.map((p) => [p.id, { title: p.title, inlinks: p.inlinks }])),
      });
      this.store.tx(() => {
        kept.sort((x, y) => x.page_a - y.page_a || x.page_b - y.page_b);
        for (const p of kept) this.store.similarity.insertPair(runId, siteId, p);
        for (const c of clusters) {
          this.store.similarity.insertCluster(
            runId,
            siteId,
            {
              label: c.label,
              representative_page: c.representative_page,
              mean_reranker: c.mean_reranker,
              size: c.pages.length,
            },
            c.pages,
          );
        }
      });
      this.store.similarity.publish(siteId, runId);
      this.bus.emit('site.updated', { site_id: siteId, changes: ['similarity'] });
      const count = (o: Outcome) => kept.filter((p) => p.outcome === o).length;
      return {
        candidates: candidates.length,
        pairs: kept.length,
        duplicate: count('duplicate'),
        merge: count('merge'),
        related: count('related'),
        clusters: clusters.length,
        reranker: RERANKER_NAME,
      };
    } catch (err) {
      this.store.similarity.dropRun(runId);
      throw err;
    }
  }
}
