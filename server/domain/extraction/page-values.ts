/**
 * Pages' stored values keyed by rule name, as GET /pages, a page's detail and the exports show them: every rule
 * of the page's site is present, null where the page has no value for it (not HTML, or not crawled since the
 * rule was added).
 */
import type { Store } from '../../store/index.js';
import type { ExtractorRow } from '../../store/repos/extractors-repo.js';
import type { ExtractValue } from '../../schemas/extraction.js';

export type PageExtract = Record<string, ExtractValue>;

/** Values of the given pages for the given rules (all of one site). */
export function valuesForRules(
  store: Store,
  rules: readonly ExtractorRow[],
  pageIds: readonly number[],
): Map<number, PageExtract> {
  const out = new Map<number, PageExtract>();
  const empty = () => Object.fromEntries(rules.map((r) => [r.name, null])) as PageExtract;
  for (const id of pageIds) out.set(id, rules.length ? empty() : {});
  if (!rules.length || !pageIds.length) return out;
  const names = new Map(rules.map((r) => [r.id, r.name]));
  for (const row of store.pageExtracts.forPages(pageIds, [...names.keys()])) {
    const values = out.get(row.page_id);
    if (values) values[names.get(row.extractor_id)!] = row.value;
  }
  return out;
}

/** Values of pages that may belong to several sites: each page gets its own site's rules. */
export function pageExtracts(
  store: Store,
  pages: readonly { id: number; site_id: number }[],
): Map<number, PageExtract> {
  const bySite = new Map<number, number[]>();
  for (const p of pages) {
    const ids = bySite.get(p.site_id);
    if (ids) ids.push(p.id);
    else bySite.set(p.site_id, [p.id]);
  }
  const out = new Map<number, PageExtract>();
  for (const [siteId, ids] of bySite)
    for (const [id, values] of valuesForRules(store, store.extractors.list(siteId), ids)) out.set(id, values);
  return out;
}
