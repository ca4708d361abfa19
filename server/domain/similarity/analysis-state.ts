/**
 * Whether a site's similarity analysis still describes the site. A crawl that finished after the analysis may
 * have changed pages, their text and their links, so the pairs (and the pages to keep, the links they count) are
 * stale until the analysis runs again — which it does by itself once the crawl's pages are embedded, on a site
 * that has had one (jobs/follow-ups.ts), and which the UI offers meanwhile.
 */
import type { Store } from '../../store/index.js';
import type { AnalysisState } from '../../schemas/similarity.js';

/** The site's current analysis and whether it is stale; null for a site never analysed. */
export function analysisState(store: Store, siteId: number): AnalysisState | null {
  const run = store.similarity.currentRun(siteId, 'crawl');
  if (!run) return null;
  // Both are ISO-8601 UTC timestamps from one clock: they compare as strings.
  const stale = run.last_crawl_at !== null && run.last_crawl_at > run.analyzed_at;
  const rerun = store.jobs.activeFor(siteId, 'similarity');
  const embed = stale && !rerun ? store.jobs.activeFor(siteId, 'embed') : null;
  let reason: string | null = null;
  if (stale) {
    const next = rerun
      ? rerun.status === 'running'
        ? 'It is running again now.'
        : 'It is queued to run again.'
      : embed
        ? 'It runs again once the crawl’s pages are embedded.'
        : 'Run it again to bring its pairs up to date.';
    reason = `The site was crawled again after this analysis, so its pages, their text and links may have changed. ${next}`;
  }
  return {
    run_id: run.run_id,
    analyzed_at: run.analyzed_at,
    reranker: run.reranker,
    stale,
    reason,
    last_crawl_at: run.last_crawl_at,
    rerun_job_id: rerun?.id ?? embed?.id ?? null,
  };
}
