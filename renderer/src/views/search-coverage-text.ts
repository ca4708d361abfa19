/**
 * The coverage line of a search answer in words: how much of the site the results cover while it is being
 * embedded, and when they will be complete.
 */
import type { SearchCoverage } from '../api/types.js';
import { fmtAbout } from '../format.js';

/** What the line says, or null when the answer covers the whole site. */
export function coverageText(c: SearchCoverage): string | null {
  const of = `of ${c.pages.toLocaleString()} pages`;
  const when =
    c.eta_seconds !== null
      ? `full results in ${fmtAbout(c.eta_seconds)}`
      : 'full results when the embedding has finished';
  if (c.embed_job_ids.length) {
    if (c.searchable_pages < c.pages)
      return `${c.searchable_pages.toLocaleString()} ${of} searchable so far; ${when}.`;
    if (c.passages_pending > 0) {
      const which =
        c.passages_pending < c.searchable_pages ? `${c.passages_pending.toLocaleString()} of them ` : '';
      return `${c.searchable_pages.toLocaleString()} pages searchable, ${which}by their title and opening lines only so far; ${when}.`;
    }
    return `Pages that changed are being embedded again; ${when}.`;
  }
  if (c.passages_pending > 0)
    return `${c.passages_pending.toLocaleString()} ${of} are searchable by their title and opening lines only: the last embedding stopped before their full text. Rebuild the embeddings to finish them.`;
  if (c.searchable_pages === 0 && c.pages > 0)
    return `None of the ${c.pages.toLocaleString()} pages is embedded yet: results appear once the site is embedded (after each crawl, or by rebuilding the embeddings).`;
  return null;
}
