/**
 * Duplicate and overlapping pages. Candidates never come from all pairs: exact duplicates share a content
 * hash, near duplicates share a MinHash band (locality-sensitive hashing), and topical neighbours are each
 * page's k nearest pages among the site's sqlite-vec page vectors. Every candidate is scored by the reranker
 * (passages, or a configured cross-encoder) and given an outcome; the new analysis is written beside the old one
 * and published in one transaction.
 */
import type { Store } from '../../store/index.js';
import type { AnalysisPage, NewPair, PairRow } from '../../store/repos/similarity-repo.js';
import { GscQueries } from '../analytics/gsc-queries.js';
import { signatureFromBuffer } from '../crawl/minhash.js';
import { UnavailableError, ValidationError } from '../errors.js';
import { requireSite } from '../sites/site-required.js';
import { capital, siteLabelById } from '../sites/site-label.js';
import type { EventBus } from '../events.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import { nearestPages } from '../embeddings/nearest-pages.js';
import type { PassageGate } from '../embeddings/passages-ready.js';
import type { JobKind, JobOf } from '../../schemas/jobs.js';
import type { AnalyzeRequest } from '../../schemas/similarity.js';
import { buildClusters } from './clusters.js';
import { PairJudge } from './pair-judge.js';
import { crossEncoderScorer, partnersOf, passageScorer, type PairScorer } from './reranker-choice.js';

export const SIMILARITY_EXCLUSIVE_WITH = [
  'crawl',
  'embed',
  'similarity',
] as const satisfies readonly JobKind[];
const NEIGHBOURS = 10;
/** Pairs given an outcome between two yields to the event loop. */
const YIELD_EVERY = 2_000;
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
    private readonly passages: PassageGate,
  ) {}

  /**
   * Queues an analysis. While the site is being embedded it waits for that job (the analysis reads the vectors
   * it writes) rather than refusing; refused (409) while a crawl or another analysis of the site is queued or
   * running, or when passages are left pending with no job to embed them.
   */
  schedule(req: AnalyzeRequest): JobOf<'similarity'> {
    requireSite(this.store, req.site_id);
    const wait = this.passages.admit(req.site_id, 'the similarity analysis', 'any-embedding');
    return this.jobs.create({
      kind: 'similarity',
      site_id: req.site_id,
      params: req.thresholds ? { thresholds: req.thresholds } : {},
      // Queued behind the embed job: that job no longer excludes it, the wait holds it back instead.
      exclusive_with: wait
        ? SIMILARITY_EXCLUSIVE_WITH.filter((kind) => kind !== 'embed')
        : SIMILARITY_EXCLUSIVE_WITH,
      progress: wait?.progress,
    });
  }

  private candidates(pages: AnalysisPage[], vectors: { id: number; vector: Float32Array }[]): Set<string> {
    const out = new Set<string>();
    const byHash = new Map<string, number[]>();
    for (const p of pages)
      if (p.content_hash) {
        const same = byHash.get(p.content_hash);
        if (same) same.push(p.id);
        else byHash.set(p.content_hash, [p.id]);
      }
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
        const bucket = buckets.get(k);
        if (bucket) bucket.push(p.id);
        else buckets.set(k, [p.id]);
      }
    }
    for (const ids of buckets.values()) {
      if (ids.length > 1 && ids.length <= CLIQUE_LIMIT)
        ids.forEach((a, i) => ids.slice(i + 1).forEach((b) => out.add(key(a, b))));
    }
    for (const { id, nearest } of nearestPages(vectors, NEIGHBOURS))
      for (const n of nearest) out.add(key(id, n.id));
    return out;
  }

  /** The configured scorer; a folder that fails to load fails the job with the reason, not a silent fallback. */
  private async openScorer(dir: string | null): Promise<PairScorer> {
    if (!dir) return passageScorer(this.store);
    try {
      return await crossEncoderScorer(this.store, dir);
    } catch (err) {
      throw new ValidationError(
        `The cross-encoder in ${dir} could not be loaded: ${(err as Error).message}. Fix the folder or clear the similarity_cross_encoder_dir setting.`,
        [{ path: 'similarity_cross_encoder_dir', message: (err as Error).message }],
        { cause: err },
      );
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
      subject_agreement: s.similarity_subject_agreement,
      query_agreement: s.similarity_query_agreement,
      ...overrides,
    };
    const pages = this.store.similarity.analysisPages(siteId);
    if (!this.store.embeddings.embeddedCount(siteId)) {
      throw new UnavailableError(
        'model-unavailable',
        `${capital(siteLabelById(this.store, siteId))} has no embedded pages: crawl it and embed it first.`,
      );
    }
    ctx.progress({ phase: 'candidates', done: 0, total: pages.length, message: 'Finding candidate pairs' });
    const byId = new Map(pages.map((p) => [p.id, p]));
    // Read once: point lookups in vec0 cost far more than holding a site's page vectors for the analysis.
    const vectors = this.store.embeddings.siteVectors(siteId);
    const vectorOf = new Map(vectors.map((v) => [v.id, v.vector]));
    const candidates = [...this.candidates(pages, vectors)];
    // Search Console: the queries both pages rank for (a pair competing for the same searches) and clicks.
    const gsc = new GscQueries(this.store);
    const scorer = await this.openScorer(s.similarity_cross_encoder_dir);
    const runId = this.store.similarity.createRun(siteId, scorer.name, thresholds);
    const judged: Parameters<PairJudge['ranked']>[0] = [];
    try {
      const pairs = candidates
        .map((c) => c.split(':').map(Number) as [number, number])
        .filter(([a, b]) => byId.has(a) && byId.has(b)); // a neighbour with no text of its own
      const judge = new PairJudge(this.store, siteId, thresholds, {
        pages,
        vectorOf,
        partners: partnersOf(pairs),
        figures: gsc.pageFigures(siteId),
        queryRows: gsc.pageQueryImpressions(siteId),
        sharedQueries: gsc.sharedQueryCounts(siteId),
      });
      const toScore = pairs.filter(([a, b]) => !judge.sameText(a, b));
      const scored = await scorer.scoreAll(toScore, {
        signal: ctx.signal,
        progress: (done, total) =>
          ctx.progress({
            phase: 'reranking',
            done,
            total,
            message: `Scoring ${toScore.length} candidate pairs`,
          }),
      });
      const scoreOf = new Map(toScore.map(([a, b], i) => [key(a, b), scored[i]!]));
      for (const [i, [a, b]] of pairs.entries()) {
        if (i % YIELD_EVERY === 0) {
          ctx.signal.throwIfAborted();
          await new Promise((r) => setImmediate(r)); // the API answers between slices
        }
        const pair = judge.judge(a, b, judge.sameText(a, b) ? null : scoreOf.get(key(a, b))!);
        if (pair) judged.push(pair);
      }
      const kept: NewPair[] = judge.ranked(judged);
      ctx.progress({
        phase: 'clustering',
        done: candidates.length,
        total: candidates.length,
        message: 'Grouping pages',
      });
      const clusters = buildClusters({
        pairs: kept.filter((p) => p.outcome !== 'related'),
        titles: new Map(pages.map((p) => [p.id, p.title])),
        keep: (members) => judge.keepOfGroup(members),
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
              representative_reason: c.representative_reason,
              representative_detail: c.representative_detail,
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
        reranker: scorer.name,
      };
    } catch (err) {
      this.store.similarity.dropRun(runId);
      throw err;
    } finally {
      await scorer.close();
    }
  }
}
