/**
 * Classifies a site's pages (page-type.ts) and stores each type with its evidence: when a crawl finalises
 * (crawl-finalize.ts), and when services start for sites whose HTML pages have no type yet (a database from
 * before page types, whose pages are classified from their stored fields; their evidence says the markup was not
 * read). Reads every page once and the link graph once: about 0.1 s for the 1,169 pages of the PostgreSQL manual.
 */
import type { PageType } from '../../schemas/pages.js';
import type { Store } from '../../store/index.js';
import { KNOWN_BITS } from '../graph/link-index-cache.js';
import { buildLinkIndex } from '../graph/link-index.js';
import { isIndexPage, readUrlPath } from '../urls/url-path.js';
import { graphFacts } from './page-type-graph.js';
import { classifyPage, type PageTypeDecision } from './page-type.js';

export interface PageTypeCounts {
  classified: number;
  by_type: Partial<Record<PageType, number>>;
}

export function classifySitePages(store: Store, siteId: number): PageTypeCounts {
  const site = store.sites.get(siteId);
  if (!site) return { classified: 0, by_type: {} };
  const graph = buildLinkIndex(
    store.linkIndex.packedPages(siteId, KNOWN_BITS),
    store.linkIndex.packedLinks(siteId),
  );
  const facts = graphFacts(graph);
  const start = withoutFragment(site.start_url);
  const decisions: (PageTypeDecision & { id: number })[] = [];
  const byType: Partial<Record<PageType, number>> = {};
  for (const row of store.pageTypeInputs.pages(siteId)) {
    const path = readUrlPath(row.url);
    const home = withoutFragment(row.url) === start || (path.dir === '/' && isIndexPage(path));
    const g = facts.get(row.id);
    const decision = classifyPage({ ...row, home, targets: g?.targets ?? 0, parts: g?.parts ?? 0 });
    decisions.push({ id: row.id, ...decision });
    if (decision.type !== null) byType[decision.type] = (byType[decision.type] ?? 0) + 1;
  }
  store.tx(() =>
    store.pages.setTypes(decisions.map((d) => ({ id: d.id, type: d.type, evidence: d.evidence }))),
  );
  return { classified: decisions.filter((d) => d.type !== null).length, by_type: byType };
}

/** Classifies the sites that have HTML pages without a type; the number of sites done. */
export function classifyUnclassifiedSites(store: Store): number {
  const sites = store.pageTypeInputs.sitesWithUnclassifiedPages();
  for (const siteId of sites) classifySitePages(store, siteId);
  return sites.length;
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}
