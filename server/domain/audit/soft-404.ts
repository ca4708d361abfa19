/**
 * `soft_404`: indexable pages answering 200 that read as not found, gone or empty. Three ways to tell, cheapest
 * first:
 *
 * - the page's own words (store/views/soft-404-inputs-view.ts): a title or h1 reading "not found" (the page
 *   types' error rule), no words and no links, or a short main text saying there is nothing to show
 *   (domain/crawl/content-wording.ts);
 * - the text of one of the site's real error pages (answering 404 or 410), exactly: a missing URL that renders
 *   the not-found template with 200;
 * - when the site is embedded, closeness by meaning to one of those error pages, embedded here as the site's
 *   pages were (doc-vector.ts): the template served with 200 with the requested path or search echoed in it, so
 *   its text differs per URL.
 *
 * The closeness rule finds the template and not paraphrases, by measurement (bench/soft-404-closeness.ts, six
 * real CMS and shop templates against 744 short pages of three real manuals and a shop's own short pages): the
 * template with a path echoed scored 0.91–0.97 against the plain one, while a site's own "no products found" or
 * "no longer available" pages in other words scored 0.10–0.61 — no higher than its contact or about page
 * (up to 0.63). Those are the wording rule's to find; the default threshold, 0.85, sits in the gap.
 */
import type { Soft404Evidence } from '../../store/views/soft-404-inputs-view.js';
import { cosine } from '../embeddings/vectors.js';
import type { FindingOf } from './code-check.js';
import type { CheckContext } from './check-sources.js';

/** A site's distinct error texts compared (its 404 template, a 410 page, a shop's "product gone" page). */
const ERROR_TEXTS = 5;

export async function soft404Findings(
  ctx: Pick<CheckContext, 'store' | 'siteId' | 'embedPages'> & { threshold: number },
  signal?: AbortSignal,
): Promise<FindingOf<'soft_404'>[]> {
  const { store, siteId } = ctx;
  const found: FindingOf<'soft_404'>[] = store.soft404Inputs.byWords(siteId);
  if (!ctx.embedPages || !store.embeddings.vectorCount(siteId)) return found;
  const errors = store.soft404Inputs.errorPages(siteId, ERROR_TEXTS);
  if (!errors.length) return found;
  let vectors: (Float32Array | null)[];
  try {
    vectors = await ctx.embedPages(errors);
  } catch {
    signal?.throwIfAborted();
    // The model failing (a worker that cannot start) costs this rule, not the audit: the words still decide.
    return found;
  }
  signal?.throwIfAborted();
  const refs = errors.flatMap((page, i) => (vectors[i] ? [{ page, vector: vectors[i] }] : []));
  if (!refs.length) return found;

  const listed = new Set(found.map((f) => f.url_id));
  // One pass over the stored vectors, in SQLite's buffers: ~5 dot products a page (100,000 pages: ~0.2 s).
  const close = new Map<number, NonNullable<Soft404Evidence['error_page']>>();
  store.embeddings.readSiteVectors(siteId, () => (pageId, vector) => {
    if (listed.has(pageId)) return;
    let best = refs[0]!;
    let bestSim = -1;
    for (const ref of refs) {
      const sim = cosine(vector, ref.vector);
      if (sim > bestSim) [best, bestSim] = [ref, sim];
    }
    if (bestSim >= ctx.threshold)
      close.set(pageId, {
        url: best.page.url,
        page_id: best.page.id,
        similarity: Math.round(bestSim * 1000) / 1000,
      });
  });
  signal?.throwIfAborted();
  // A vector outlives its page's indexability until the next embedding: judge the page as crawled.
  for (const page of store.soft404Inputs.indexablePages(siteId, [...close.keys()])) {
    found.push({
      url_id: page.id,
      url: page.url,
      page_id: page.id,
      evidence: {
        rule: 'like_error_page',
        words: null,
        word_count: page.word_count,
        error_page: close.get(page.id)!,
      },
    });
  }
  return found.sort((a, b) => a.url_id - b.url_id);
}
