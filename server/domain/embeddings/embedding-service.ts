/**
 * Page embeddings and what is built on them: embedding a site's pages (only those whose text or model changed),
 * semantic search, similar pages and the idea check. Inference runs in the embedder's worker thread; this
 * service decides what is embedded and how results are scored.
 */
import { join } from 'node:path';
import { Embedder, ModelUnavailableError } from '../../adapters/embedder/embedder.js';
import type { Store } from '../../store/index.js';
import type {
  EmbeddingSearch,
  EmbeddingSearchResult,
  IdeaCheck,
  IdeaCheckResult,
  IdeaCheckStart,
  SearchCoverage,
} from '../../schemas/embeddings.js';
import type { JobKind, JobOf } from '../../schemas/jobs.js';
import type { PageSummary } from '../../schemas/pages.js';
import { NotFoundError, UnavailableError } from '../errors.js';
import { requireSite } from '../sites/site-required.js';
import type { EventBus } from '../events.js';
import { EmbedEta } from './embed-eta.js';
import { PageVectorIndex } from './page-vector-index.js';
import { highlights, queryStems } from './passage-highlight.js';
import { passageSection, sectionUrl } from './passage-section.js';
import { PassageGate } from './passages-ready.js';
import { CoverageCounts, searchCoverage } from './search-coverage.js';
import { resultFilter, type ResultFilter } from './result-page-types.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { PagesService } from '../pages/pages-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import { MODEL_DIM, MODEL_NAME } from '../system/health-service.js';
import { docVector, type EmbeddablePage } from './doc-vector.js';
import { embedSitePages, titleText, type EmbedProgress } from './site-embedding.js';
import { rows, similarityFromDistance, weightedMean } from './vectors.js';

/** Embedding reads what a crawl writes: never both at once for one site. */
export const EMBED_EXCLUSIVE_WITH = ['crawl', 'embed'] as const satisfies readonly JobKind[];

/** sqlite-vec's largest k. */
const MAX_KNN = 4096;

/** What is embedded when a persona is given: the persona, a blank line, then the query or idea. */
export const embeddedText = (text: string, persona?: string) => (persona ? `${persona}\n\n${text}` : text);

export class EmbeddingService {
  private embedder: Embedder | null = null;
  private variant: 'fp32' | 'q8' | null = null;
  /** The running embed jobs' measured rates: the time left that searches and waiting jobs tell. */
  readonly eta = new EmbedEta();
  /** How many of a site's pages are searchable, and how many wait for their passages. */
  private readonly counts: CoverageCounts;
  /** Whether a site's passages are in, for everything that reads them. */
  readonly passages: PassageGate;

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly settings: SettingsService,
    private readonly pages: PagesService,
    private readonly jobs: JobsService,
    private readonly opts: {
      resourcesDir: string;
      /** Told how far a page's meaning moved when its changed text replaces its vector (crawl history). */
      contentMoved?: (siteId: number) => (url: string, cosine: number) => void;
    },
    /** Exact page-vector search from memory; sqlite-vec stays the source of truth. */
    readonly index = new PageVectorIndex(store),
  ) {
    this.counts = new CoverageCounts(store, bus);
    this.passages = new PassageGate(store, this.counts, this.eta);
  }

  /** Queues embedding of a site's changed pages; 503 without the model, 409 while a crawl or embedding runs. */
  schedule(siteId: number): JobOf<'embed'> {
    this.requireSite(siteId);
    this.requireModel();
    return this.jobs.create({
      kind: 'embed',
      site_id: siteId,
      params: {},
      exclusive_with: EMBED_EXCLUSIVE_WITH,
    });
  }

  /** `all-MiniLM-L6-v2@q8` (model and variant): stored with each page so a change of variant re-embeds. */
  get modelId(): string {
    return `${MODEL_NAME}@${this.settings.get().embedding_variant}`;
  }

  private get model() {
    return { name: this.modelId, dim: MODEL_DIM };
  }

  private current(): Embedder {
    const variant = this.settings.get().embedding_variant;
    if (!this.embedder || this.variant !== variant) {
      void this.embedder?.close();
      this.embedder = new Embedder({
        modelsDir: join(this.opts.resourcesDir, 'models'),
        modelName: MODEL_NAME,
        dtype: variant,
      });
      this.variant = variant;
    }
    return this.embedder;
  }

  available(): boolean {
    return this.current().available();
  }

  /** The 503 (with the command that builds the model) when the model file is missing. */
  private requireModel(): void {
    const embedder = this.current();
    if (!embedder.available()) {
      throw new UnavailableError(
        'model-unavailable',
        `The embedding model is not built (${embedder.modelFile} is missing). Build it with \`npm run build:model\` (offline, a few seconds).`,
      );
    }
  }

  /** Throws the 503 problem (with the command that builds the model) when the model cannot run. */
  private async ready(): Promise<Embedder> {
    const embedder = this.current();
    try {
      await embedder.start();
      return embedder;
    } catch (err) {
      if (err instanceof ModelUnavailableError)
        throw new UnavailableError('model-unavailable', err.message, { cause: err });
      throw err;
    }
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const embedder = await this.ready();
    // A query goes ahead of an embed job's batches (they take tens of seconds each on a long page set).
    const [doc] = await embedder.embedDocs([{ title: '', body: text }], { urgent: true });
    const passages = rows(doc!.passageVectors, MODEL_DIM);
    return weightedMean(
      passages.map((vector) => ({ vector, weight: 1 })),
      MODEL_DIM,
    );
  }

  /**
   * Page vectors for pages that are not in the index, made as the index's are (title weighted, passages): what
   * the audit compares stored vectors with (the site's error pages). Ahead of an embed job's batches.
   */
  async embedPages(pages: readonly EmbeddablePage[]): Promise<(Float32Array | null)[]> {
    if (!pages.length) return [];
    const embedder = await this.ready();
    const out = await embedder.embedDocs(
      pages.map((p) => ({ title: titleText(p), body: p.main_text })),
      { urgent: true },
    );
    return out.map((doc) => docVector(doc));
  }

  /** Embeds a site's new and changed pages in two phases (site-embedding.ts). */
  async embedSite(siteId: number, ctx: { signal: AbortSignal; progress(p: EmbedProgress): void }) {
    const embedder = await this.ready();
    return embedSitePages(siteId, {
      ...ctx,
      store: this.store,
      bus: this.bus,
      embedder,
      model: this.modelId,
      contentMoved: this.opts.contentMoved && (() => this.opts.contentMoved!(siteId)),
      eta: this.eta,
    });
  }

  private hits(
    results: { page_id: number; score: number }[],
  ): { page: PageSummary; score: number; rank: number }[] {
    const summaries = this.pages.summaries(results.map((r) => r.page_id));
    return results
      .filter((r) => summaries.has(r.page_id))
      .map((r, i) => ({ page: summaries.get(r.page_id)!, score: r.score, rank: i + 1 }));
  }

  /** A site that does not exist is an error: for a search, not "nothing found" (nor an idea called new). */
  private requireSite(siteId: number | undefined | null): void {
    if (siteId != null) requireSite(this.store, siteId);
  }

  async search(q: EmbeddingSearch): Promise<EmbeddingSearchResult> {
    this.requireSite(q.site_id);
    const text = embeddedText(q.query, q.persona_context);
    const vector = await this.embedQuery(text);
    const only = resultFilter(this.store, q.site_id ?? null, q.page_types);
    const found = this.index.nearest(vector, q.k, q.site_id ?? null, only?.skip, only?.skipped);
    const hits = this.hits(
      found.map((r) => ({ page_id: r.page_id, score: similarityFromDistance(r.distance) })),
    );
    // Why a page matched, in its own words: the passage of each found page nearest to the same vector.
    const passages = this.store.embeddings.bestPassages(
      vector,
      hits.map((h) => h.page.id),
    );
    const stems = queryStems(q.query);
    return {
      items: hits.map((h) => {
        const p = passages.get(h.page.id);
        if (!p) return { ...h, passage: null };
        const inputs = this.store.passageSections.inputs(p.id);
        const section = inputs && passageSection(inputs);
        return {
          ...h,
          passage: {
            text: p.text,
            score: similarityFromDistance(p.distance),
            highlights: highlights(p.text, stems),
            heading: section?.heading ?? null,
            url: sectionUrl(h.page.url, section?.anchor ?? null),
          },
        };
      }),
      embedded_text: text,
      model: this.model,
      coverage: this.coverage(q.site_id ?? null),
    };
  }

  /** How much of a site (of every site, for null) a search covers now, and when it will cover the rest. */
  coverage(siteId: number | null): SearchCoverage {
    this.requireSite(siteId);
    return searchCoverage(this.store, this.counts, this.eta, siteId);
  }

  similar(pageId: number, k: number) {
    const page = this.store.pages.get(pageId);
    if (!page) throw new NotFoundError(`No page with id ${pageId}.`);
    const vector = this.store.embeddings.pageVector(pageId);
    if (!vector) {
      throw new NotFoundError(
        `Page ${pageId} has no embedding (it is not indexable HTML, or the site has not been embedded yet: POST /pages/embeddings/rebuild).`,
      );
    }
    const found = this.index.nearest(vector, k, page.site_id, (id) => id === pageId);
    return {
      items: this.hits(found.map((r) => ({ page_id: r.page_id, score: similarityFromDistance(r.distance) }))),
      model: this.model,
    };
  }

  /** Each page's best passage for `vector`, best pages first: k distinct pages. */
  private bestPassagePages(
    vector: Float32Array,
    k: number,
    siteId: number | null,
    only: ResultFilter | null,
  ) {
    // One page can own many of the nearest passages: widen the search until k distinct pages are found.
    const best = new Map<number, { score: number; passage: string }>();
    for (let want = k * 8; ; want *= 4) {
      const nearest = this.store.embeddings.knnPassages(vector, Math.min(want, MAX_KNN), siteId);
      best.clear();
      for (const r of nearest) {
        const passage = this.store.embeddings.passage(r.passage_id);
        if (!passage || best.has(passage.page_id) || only?.skip(passage.page_id)) continue;
        best.set(passage.page_id, { score: similarityFromDistance(r.distance), passage: passage.text });
      }
      if (best.size >= k || nearest.length < want || want >= MAX_KNN) break;
    }
    return [...best.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, k);
  }

  /**
   * Scores an idea against existing content by its best-matching passages: an idea is covered when some page
   * says the same thing, even if that page is mostly about something else. The persona shapes which pages are
   * listed (it is embedded with the idea, as the contract says), but the verdict is about the idea's subject and
   * is scored on the idea alone: a persona describes the readers, not the topic, and measured on real sites it
   * moves scores both ways by up to 0.3 (it lifts unrelated ideas that share its vocabulary with the site and
   * dilutes specific ones), which flipped verdicts (docs/benchmarks.md, "Semantic verdicts").
   */
  async checkIdea(q: IdeaCheck): Promise<IdeaCheckResult> {
    this.requireSite(q.site_id);
    this.requireModel();
    const siteId = q.site_id ?? null;
    this.passages.require(
      siteId,
      'the idea check',
      siteId === null
        ? undefined
        : `POST /sites/${siteId}/idea-checks queues the check instead: it runs as soon as they are in.`,
    );
    const text = embeddedText(q.idea, q.persona_context);
    const only = resultFilter(this.store, siteId, q.page_types);
    const ranked = this.bestPassagePages(await this.embedQuery(text), q.k, siteId, only);
    const summaries = this.pages.summaries(ranked.map(([id]) => id));
    const matches = ranked
      .filter(([id]) => summaries.has(id))
      .map(([id, m]) => ({ page: summaries.get(id)!, score: m.score, passage: m.passage }));
    const withPersona = matches[0]?.score ?? 0;
    const score = q.persona_context
      ? (this.bestPassagePages(await this.embedQuery(q.idea), 1, siteId, only)[0]?.[1].score ?? 0)
      : withPersona;
    const s = this.settings.get();
    const verdict =
      score >= s.idea_covered_score
        ? 'covered'
        : score >= s.idea_partially_covered_score
          ? 'partially_covered'
          : 'new';
    return {
      verdict,
      score,
      persona_score: q.persona_context ? withPersona : null,
      matches,
      embedded_text: text,
      model: this.model,
    };
  }

  /**
   * Queues an idea check as a job of the site (`idea_check`), whose result is the check's answer: it runs at
   * once when the site's passages are in, and after the job that brings them otherwise (the runner holds it
   * while `passages.waitFor` names one). Refused (409) when no job will bring them, 503 without the model.
   */
  startIdeaCheck(siteId: number, q: IdeaCheckStart): JobOf<'idea_check'> {
    this.requireSite(siteId);
    this.requireModel();
    const wait = this.passages.admit(siteId, 'the idea check');
    // Idea checks do not exclude one another, nor anything else: they only read.
    return this.jobs.create({
      kind: 'idea_check',
      site_id: siteId,
      params: q,
      exclusive_with: [],
      progress: wait?.progress,
    });
  }

  async close(): Promise<void> {
    await this.embedder?.close();
  }
}
