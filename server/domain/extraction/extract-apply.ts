/**
 * The `extract_apply` job: re-applies a site's main-text rules to the main text stored with each page, so a
 * changed regex or search over the copy needs no crawl. Rules over `html` or `rendered` cannot be: the HTML is
 * not stored (a 50,000-page site's HTML would be gigabytes), so the result lists those that need a re-crawl.
 * The rules run in the extraction pool's workers, under the same limits as in a crawl (one regex over a
 * 1,000,001-character text held the API for 87 s when this ran on the main thread); a batch is cut into chunks
 * the workers take in parallel, and each batch commits on its own. A cancelled run leaves the rules stale, and
 * the next run starts over.
 */
import type { Store } from '../../store/index.js';
import type { JobProgress, JobResultOf } from '../../schemas/jobs.js';
import type { ExtractorPool } from '../crawl/extract-pool.js';
import type { EventBus } from '../events.js';
import { extractRules } from './extract-rule.js';
import { extractRow } from './extract-values.js';

/** Pages read from the store at a time, and committed together. */
const BATCH = 500;
/** A chunk a worker takes: small enough that a stopped worker replays little, big enough to amortize a message. */
const CHUNK_PAGES = 50;
const CHUNK_CHARS = 4_000_000;

/** What applying needs from the pool. */
export type RuleRunner = Pick<ExtractorPool, 'apply'>;

function chunks<T extends { main_text: string }>(batch: readonly T[]): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let chars = 0;
  for (const row of batch) {
    if (cur.length && (cur.length >= CHUNK_PAGES || chars + row.main_text.length > CHUNK_CHARS)) {
      out.push(cur);
      cur = [];
      chars = 0;
    }
    cur.push(row);
    chars += row.main_text.length;
  }
  if (cur.length) out.push(cur);
  return out;
}

export async function applyMainTextRules(
  store: Store,
  bus: EventBus,
  runner: RuleRunner,
  siteId: number,
  signal: AbortSignal,
  progress: (p: Partial<JobProgress>) => void,
): Promise<JobResultOf<'extract_apply'>> {
  const started = Date.now();
  const all = store.extractors.list(siteId);
  const rows = all.filter((r) => r.source === 'main_text');
  const needsRecrawl = all.filter((r) => r.source !== 'main_text' && r.stale === 1).map((r) => r.name);
  const total = store.siteStats.get(siteId).html_pages;
  let pages = 0;
  if (rows.length) {
    const rules = extractRules(rows);
    let after = 0;
    for (;;) {
      signal.throwIfAborted();
      const batch = store.pages.mainTextsAfter(siteId, after, BATCH);
      if (!batch.length) break;
      const parts = chunks(batch);
      const answers = await Promise.all(
        parts.map((part) => runner.apply({ rules, texts: part.map((p) => p.main_text) }, signal)),
      );
      signal.throwIfAborted();
      store.tx(() => {
        parts.forEach((part, c) =>
          part.forEach(({ page_id }, p) =>
            answers[c]![p]!.forEach((o, i) =>
              store.pageExtracts.putOne(
                page_id,
                rows[i]!.id,
                o.error === null ? extractRow(rows[i]!.id, o.value) : null,
              ),
            ),
          ),
        );
      });
      pages += batch.length;
      after = batch.at(-1)!.page_id;
      progress({ phase: 'applying', done: pages, total, message: `${pages} pages` });
    }
    store.extractors.markFresh(rows);
    bus.emit('site.updated', { site_id: siteId, changes: ['site', 'pages'] });
  }
  return {
    rules: rows.length,
    pages,
    needs_recrawl: needsRecrawl,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
