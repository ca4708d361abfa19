/**
 * The `extract_apply` job: re-applies a site's main-text rules to the main text stored with each page, so a
 * changed regex or search over the copy needs no crawl. Rules over `html` or `rendered` cannot be: the HTML is
 * not stored (a 50,000-page site's HTML would be gigabytes), so the result lists those that need a re-crawl.
 * Each batch commits on its own; a cancelled run leaves the rules stale, and the next run starts over.
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { Store } from '../../store/index.js';
import type { JobProgress, JobResultOf } from '../../schemas/jobs.js';
import type { EventBus } from '../events.js';
import { extractRules } from './extract-rule.js';
import { extractRow } from './extract-values.js';
import { compileRulesCached } from './rule-compiler.js';
import { evaluateRules } from './rule-evaluator.js';

const BATCH = 500;

export async function applyMainTextRules(
  store: Store,
  bus: EventBus,
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
    const slots = compileRulesCached(extractRules(rows));
    let after = 0;
    for (;;) {
      signal.throwIfAborted();
      const batch = store.pages.mainTextsAfter(siteId, after, BATCH);
      if (!batch.length) break;
      store.tx(() => {
        for (const { page_id, main_text } of batch) {
          const outcomes = evaluateRules(slots, { html: '', rendered: null, mainText: main_text });
          outcomes.forEach((o, i) =>
            store.pageExtracts.putOne(
              page_id,
              rows[i]!.id,
              o.error === null ? extractRow(rows[i]!.id, o.value) : null,
            ),
          );
        }
      });
      pages += batch.length;
      after = batch.at(-1)!.page_id;
      progress({ phase: 'applying', done: pages, total, message: `${pages} pages` });
      // Other requests get their turn between batches.
      await yieldToEvents();
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
