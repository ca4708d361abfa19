/**
 * The Pages view's filters as the address holds them, and the `pages.list` call they make. The fixed filters are
 * the contract's own fields; the rule filters (`extract.<name>`, `extract.<name>.contains`, …) are named by the
 * user's rules, so the contract cannot list them and they are folded into the query here.
 */
import { call, type CallArgs } from '../api/call.js';
import type { PageSort, PageType } from '../api/types.js';
import { PAGE_TYPE_NAMES } from '../api/value-lists.js';
import { extractFiltersFrom } from './extraction-query.js';

export type PageFilters = Omit<CallArgs<'pages.list'>, 'site_id' | 'cursor' | 'limit'> & {
  /** Filters on extraction rules, keyed as the API has them. */
  extract: Record<string, string>;
};

export function filtersFrom(params: URLSearchParams): PageFilters {
  const status = params.get('status');
  const indexable = params.get('indexable');
  const depth = params.get('depth');
  const pageType = params.get('page_type') as PageType | null;
  return {
    ...(params.get('q') ? { q: params.get('q')! } : {}),
    ...(status ? { status_code: [Number(status)] } : {}),
    ...(indexable === 'true' || indexable === 'false' ? { indexable: indexable === 'true' } : {}),
    ...(depth && /^\d+$/.test(depth) ? { depth: Number(depth) } : {}),
    ...(params.get('type') ? { content_type: params.get('type')! } : {}),
    ...(pageType && PAGE_TYPE_NAMES.includes(pageType) ? { page_type: [pageType] } : {}),
    ...(params.get('js') === 'true' || params.get('js') === 'false'
      ? { js_changed: params.get('js') === 'true' }
      : {}),
    extract: extractFiltersFrom(params),
    // The address is the user's to edit: a sort the server does not know comes back as a 400 the view shows.
    sort: (params.get('sort') ?? '-inlinks') as PageSort,
  };
}

export function listPages(
  siteId: number,
  filters: PageFilters,
  cursor: string | undefined,
  limit: number,
  signal: AbortSignal,
) {
  const { extract, ...fields } = filters;
  return call('pages.list', { site_id: siteId, ...fields, ...extract, cursor, limit }, { signal });
}
