/**
 * How much of a site a search answer covers while it is being embedded: the embed job makes every new page
 * searchable by its title and lead within a minute, then embeds passages for minutes more (PostgreSQL's manual:
 * 42 s, then 6 min with q8). Answers meanwhile are real but partial; the coverage says how partial and for how
 * long, so the UI can say "412 of 1,169 pages searchable so far; full results in about 3 min".
 */
import type { Store } from '../../store/index.js';
import type { SearchCoverage } from '../../schemas/embeddings.js';
import type { Job } from '../../schemas/jobs.js';
import type { EventBus } from '../events.js';
import type { EmbedEta } from './embed-eta.js';

/** More embed jobs than this at once is not a real workload; the list stays bounded all the same. */
const MAX_JOBS = 100;
/**
 * How long counts are kept when nothing says they moved: pages a crawl writes say so only when it ends, and a
 * crawl in another process (`siteloupe crawl`) not at all.
 */
const KEEP_MS = 30_000;

type Counts = ReturnType<Store['embeddings']['coverage']>;

/**
 * A site's counts: its embeddable and searchable pages, kept until its vectors move (the vector generation, which
 * every write of `page_embeddings` moves, from any connection), its pages do (`site.updated` with `pages`), or 30 s
 * pass; counting them reads every page row of the site, 250 ms for 100,000 pages on these two busy cores, too
 * much for every search and for the job runner, which asks on each of its turns. The pages whose passages are
 * pending, which decide whether a reader waits, are counted afresh each time (a partial index: 1.5 ms).
 */
export class CoverageCounts {
  private readonly kept = new Map<number | null, { key: string; at: number; counts: Counts }>();

  constructor(
    private readonly store: Store,
    bus: EventBus,
    private readonly now: () => number = () => Date.now(),
  ) {
    bus.on('site.updated', (e) => {
      if (!e.changes.includes('pages')) return;
      this.kept.delete(e.site_id);
      this.kept.delete(null);
    });
  }

  of(siteId: number | null): Counts {
    const key =
      siteId === null
        ? this.store.embeddings.vectorGenerations()
        : String(this.store.embeddings.vectorGeneration(siteId));
    const pending = this.store.embeddings.countPassagesPending(siteId);
    const kept = this.kept.get(siteId);
    if (kept && kept.key === key && this.now() - kept.at < KEEP_MS) return { ...kept.counts, pending };
    const counts = this.store.embeddings.coverage(siteId);
    this.kept.set(siteId, { key, at: this.now(), counts });
    return { ...counts, pending };
  }
}

export function searchCoverage(
  store: Store,
  counts: CoverageCounts,
  eta: EmbedEta,
  siteId: number | null,
): SearchCoverage {
  const c = counts.of(siteId);
  const jobs: Job[] =
    siteId === null
      ? store.jobs.list({
          beforeId: null,
          limit: MAX_JOBS,
          kinds: ['embed'],
          statuses: ['running', 'queued'],
        })
      : [store.jobs.activeFor(siteId, 'embed')].filter((j): j is Job => j !== null);
  // The last job to finish decides when the answer is complete; a queued job has no rate yet.
  const left = jobs.map((j) =>
    j.status === 'running' && j.site_id !== null ? eta.secondsLeft(j.site_id) : null,
  );
  return {
    pages: c.pages,
    searchable_pages: c.searchable,
    passages_pending: c.pending,
    embed_job_ids: jobs.map((j) => j.id).sort((a, b) => a - b),
    eta_seconds: left.length && left.every((s) => s !== null) ? Math.round(Math.max(...left)) : null,
    complete: jobs.length === 0 && c.pending === 0,
  };
}
