/**
 * The refusal every passage reader shares (idea check, similarity analysis, campaign actions): between the two
 * phases of an embed job (site-embedding.ts) a page is searchable by its lead but has no passages yet, and a
 * reader would take it for a page that says nothing — a covered idea called new, a pair lost, a topic proposed
 * again. So they answer 409 until the passages are in, naming the embed job to wait for when one is running.
 */
import type { Store } from '../../store/index.js';
import { ConflictError } from '../errors.js';

/** Throws a 409 when pages of the site (of every site, for null) are waiting for their passages. */
export function requirePassages(store: Store, siteId: number | null, reader: string): void {
  const pending = store.embeddings.countPassagesPending(siteId);
  if (!pending) return;
  const pages = pending === 1 ? '1 page' : `${pending} pages`;
  const embed = siteId === null ? null : store.jobs.activeFor(siteId, 'embed');
  if (embed)
    throw new ConflictError(
      `Site ${siteId} is being embedded (job ${embed.id}): the passages of ${pages} are not in yet, and ${reader} reads them. Try again when that job has finished.`,
      { job_id: embed.id },
    );
  throw new ConflictError(
    `The passages of ${pages}${siteId === null ? '' : ` of site ${siteId}`} are not embedded (the last embed job did not finish), and ${reader} reads them: POST /pages/embeddings/rebuild finishes them; try again after it.`,
  );
}
