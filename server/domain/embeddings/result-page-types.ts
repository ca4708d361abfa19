/**
 * Which pages a semantic search or an idea check may answer with, by page type (#33): by default every page but
 * an A–Z index or release notes (`REFERENCE_PAGE_TYPES`), which mention every subject without being about one — on
 * the PostgreSQL manual the back-of-book index and the release notes came up as an idea's closest pages; with the
 * request's `page_types`, exactly those types.
 */
import { REFERENCE_PAGE_TYPES, type PageType } from '../../schemas/pages.js';
import type { Store } from '../../store/index.js';

export interface ResultFilter {
  skip: (pageId: number) => boolean;
  /** How many pages `skip` may leave out at most (a search asks its index for that many more). */
  skipped: number;
}

/** The pages to leave out, or null when none is. */
export function resultFilter(
  store: Store,
  siteId: number | null,
  pageTypes: readonly PageType[] | undefined,
): ResultFilter | null {
  if (pageTypes === undefined) {
    const hidden = store.pages.idsOfTypes(siteId, REFERENCE_PAGE_TYPES);
    return hidden.size === 0 ? null : { skip: (id) => hidden.has(id), skipped: hidden.size };
  }
  const allowed = store.pages.idsOfTypes(siteId, pageTypes);
  return { skip: (id) => !allowed.has(id), skipped: Number.MAX_SAFE_INTEGER };
}
