/**
 * Where a site's passages stand for what reads them (the idea check, the similarity analysis, campaign actions).
 * Between the two phases of an embed job (site-embedding.ts) a page is searchable by its lead but has no passages
 * yet, and a reader would take it for a page that says nothing: a covered idea called new, a pair lost, a topic
 * proposed again. So a reader waits for them. An answer asked for now is refused (409) naming the job to wait
 * for; a job is queued behind that job (the runner holds it while `waitFor` names one) and runs when the passages
 * are in, or fails with the reason when that job ended without them. What no job will bring is refused with
 * what to do.
 */
import type { Store } from '../../store/index.js';
import type { Job } from '../../schemas/jobs.js';
import { ConflictError } from '../errors.js';
import { WAITING_PHASE, type JobWait } from '../jobs/jobs-service.js';
import { capital, siteLabelById } from '../sites/site-label.js';
import { aboutTime, type EmbedEta } from './embed-eta.js';
import type { CoverageCounts } from './search-coverage.js';

export type PassageState =
  | { kind: 'ready' }
  /** An embed job, queued or running, will embed the passages of `missing` of the `pages` pages. */
  | { kind: 'embedding'; job: Job; missing: number; pages: number; eta: number | null }
  /** No page of the site is embedded yet and a crawl of it runs; the embedding follows the crawl. */
  | { kind: 'crawling'; job: Job }
  /** The passages of `pending` pages are missing and no job will embed them: the last embed job did not finish. */
  | { kind: 'unfinished'; pending: number; last: Job | null }
  /** Pages were crawled but none is embedded, and no job will embed them. */
  | { kind: 'not-embedded'; pages: number };

/**
 * What holds a reader back: an embed job that will bring passages it would miss (the idea check, campaign
 * actions), or any embed job of the site, since it rewrites the vectors a whole-site analysis reads (similarity).
 */
export type WaitsOn = 'missing-passages' | 'any-embedding';

const pagesOf = (n: number) => (n === 1 ? '1 page' : `${n.toLocaleString('en')} pages`);
/** "the passages of 757 of 1,169 pages", or of all of them. */
const passagesOf = (missing: number, pages: number) =>
  missing >= pages && pages > 1
    ? `the passages of all ${pagesOf(pages)}`
    : `the passages of ${missing.toLocaleString('en')} of ${pagesOf(pages)}`;

export class PassageGate {
  constructor(
    private readonly store: Store,
    private readonly counts: CoverageCounts,
    private readonly eta: EmbedEta,
  ) {}

  /** Where the passages of a site (of every site, for null) stand. */
  state(siteId: number | null, on: WaitsOn = 'missing-passages'): PassageState {
    if (siteId === null) return this.everySite();
    const c = this.counts.of(siteId);
    const missing = c.pending + c.pages - c.searchable;
    const embed = this.store.jobs.activeFor(siteId, 'embed');
    if (embed && (missing > 0 || on === 'any-embedding')) {
      const eta = embed.status === 'running' ? this.eta.secondsLeft(siteId) : null;
      return { kind: 'embedding', job: embed, missing, pages: c.pages, eta };
    }
    if (c.pending > 0) return { kind: 'unfinished', pending: c.pending, last: this.lastEmbed(siteId) };
    // Some pages may stay without a vector (no title, no text): a site with any embedded page is read as it is.
    if (c.searchable > 0) return { kind: 'ready' };
    const crawl = this.store.jobs.activeFor(siteId, 'crawl');
    if (crawl) return { kind: 'crawling', job: crawl };
    // A site with no page yet covers nothing, and says so truly: every idea is new there.
    return c.pages ? { kind: 'not-embedded', pages: c.pages } : { kind: 'ready' };
  }

  /** An answer asked for now: throws the 409 unless the passages are in. `queue` says how to queue it instead. */
  require(siteId: number | null, reader: string, queue?: string): void {
    const state = this.state(siteId);
    if (state.kind !== 'ready') throw this.refusal(state, siteId, reader, queue);
  }

  /**
   * A job asked for: the wait it starts with when a job will bring the passages (null when they are in), or the
   * 409 when none will. The similarity analysis (`any-embedding`) is refused only for unfinished passages, as
   * it always was: without embeddings it still finds duplicates by content.
   */
  admit(siteId: number, reader: string, on: WaitsOn = 'missing-passages'): JobWait | null {
    const state = this.state(siteId, on);
    const wait = this.waitOf(state);
    if (wait || state.kind === 'ready') return wait;
    if (on === 'any-embedding' && state.kind !== 'unfinished') return null;
    throw this.refusal(state, siteId, reader);
  }

  /**
   * A job about to read the passages, after its wait: throws the 409 unless they are in now — the job it waited
   * for ended without them, or another embed job started between the runner's pick and the run.
   */
  runNow(siteId: number, reader: string, on: WaitsOn = 'missing-passages'): void {
    const state = this.state(siteId, on);
    if (state.kind === 'ready') return;
    // Without embeddings a whole-site analysis still finds duplicates by content (as `admit` lets it).
    if (on === 'any-embedding' && state.kind === 'not-embedded') return;
    throw this.refusal(state, siteId, reader);
  }

  /** What a queued job of the site waits for now (the runner asks before starting it), or null. */
  waitFor(siteId: number, on: WaitsOn = 'missing-passages'): JobWait | null {
    return this.waitOf(this.state(siteId, on));
  }

  private waitOf(state: PassageState): JobWait | null {
    if (state.kind === 'crawling') {
      return {
        job_id: state.job.id,
        progress: {
          phase: WAITING_PHASE,
          done: 0,
          total: null,
          message: `Queued behind crawl job ${state.job.id}: runs when the site's pages are crawled and embedded.`,
        },
      };
    }
    if (state.kind !== 'embedding') return null;
    const { job, missing, pages, eta } = state;
    const what = missing ? `${passagesOf(missing, pages)} are embedded` : 'it has finished';
    const when =
      job.status === 'queued' ? ' (that job is queued itself)' : eta === null ? '' : `, in ${aboutTime(eta)}`;
    return {
      job_id: job.id,
      progress: {
        phase: WAITING_PHASE,
        done: pages - missing,
        total: pages,
        message: `Queued behind embed job ${job.id}: runs when ${what}${when}.`,
      },
    };
  }

  private refusal(state: PassageState, siteId: number | null, reader: string, queue?: string): ConflictError {
    const site = siteId === null ? 'a site' : siteLabelById(this.store, siteId);
    const Site = capital(site);
    const then = queue ?? 'Try again when that job has finished.';
    switch (state.kind) {
      case 'embedding': {
        const { job, missing, pages, eta } = state;
        const when = eta === null ? '' : ` They should be in ${aboutTime(eta)}.`;
        return new ConflictError(
          `${Site} is being embedded (job ${job.id}, ${job.status}): ${passagesOf(missing, pages)} are not in yet, and ${reader} reads them.${when} ${then}`,
          { job_id: job.id },
        );
      }
      case 'crawling':
        return new ConflictError(
          `${Site} is being crawled (job ${state.job.id}) and none of its pages is embedded yet, and ${reader} reads their passages; they are embedded when the crawl ends. ${queue ?? 'Try again when the embedding has finished.'}`,
          { job_id: state.job.id },
        );
      case 'unfinished':
        return new ConflictError(
          `The passages of ${pagesOf(state.pending)} of ${site} are not embedded (${lastEmbed(state.last)}), and ${reader} reads them: POST /pages/embeddings/rebuild finishes them; try again after it.`,
          state.last ? { job_id: state.last.id } : undefined,
        );
      case 'not-embedded':
        return new ConflictError(
          `None of the ${pagesOf(state.pages)} of ${site} is embedded, and ${reader} reads their passages: POST /pages/embeddings/rebuild embeds them; try again after it.`,
        );
      case 'ready':
        throw new Error('no refusal when the passages are in');
    }
  }

  /** Every site at once (an idea check without a site): only passages left pending hold it back. */
  private everySite(): PassageState {
    const pending = this.store.embeddings.countPassagesPending(null);
    if (!pending) return { kind: 'ready' };
    const embed = this.store.jobs.list({
      beforeId: null,
      limit: 1,
      kinds: ['embed'],
      statuses: ['running', 'queued'],
    })[0];
    if (!embed) return { kind: 'unfinished', pending, last: null };
    const pages = this.counts.of(null).pages;
    return { kind: 'embedding', job: embed, missing: pending, pages, eta: null };
  }

  private lastEmbed(siteId: number): Job | null {
    return this.store.jobs.list({ beforeId: null, limit: 1, siteId, kinds: ['embed'] })[0] ?? null;
  }
}

/** How the last embed job left the passages, in words. */
function lastEmbed(job: Job | null): string {
  if (!job) return 'the last embed job did not finish';
  if (job.status === 'cancelled') return `embed job ${job.id} was cancelled`;
  if (job.status === 'failed') return `embed job ${job.id} failed: ${job.error?.detail ?? 'no reason given'}`;
  return `embed job ${job.id} did not finish them`;
}
