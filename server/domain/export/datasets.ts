/**
 * The tables a site exports, each read a page at a time by keyset (never one long-open statement, so a crawl
 * can keep writing while a large export streams). Their names, formats and descriptions are the registry's
 * (export-registry.ts).
 */
import type { Store } from '../../store/index.js';
import type { PageRow } from '../../store/repos/pages-repo.js';
import type { PageLabColumns } from '../../store/views/pages-view.js';
import { sourcesFromBits } from '../../schemas/crawl.js';
import { valuesForRules } from '../extraction/page-values.js';

export type Row = Record<string, string | number | boolean | null>;

export interface TableDataset {
  columns: string[];
  /** Columns that depend on the site (a column per custom extraction rule); `columns` when absent. */
  columnsFor?(store: Store, siteId: number): string[];
  /** Up to `limit` rows after `after` (a row id), and the id to continue from (null at the end). */
  read(store: Store, siteId: number, after: number, limit: number): { rows: Row[]; last: number | null };
}

const page = <T extends { id: number }>(rows: T[], map: (r: T) => Row, limit: number) => ({
  rows: rows.map(map),
  last: rows.length === limit ? rows.at(-1)!.id : null,
});

export const PAGE_COLUMNS: (keyof PageRow)[] = [
  'id',
  'url',
  'status_code',
  'content_type',
  'depth',
  'title',
  'meta_description',
  'h1',
  'canonical_url',
  'canonical_state',
  'indexable',
  'indexability_reason',
  'word_count',
  'page_type',
  'language',
  'inlinks',
  'outlinks',
  'response_ms',
  'bytes',
  'fetch_error',
  'crawled_at',
];

/** The lab figures (#36 §3), empty when the page was not measured. */
export const PAGE_LAB_COLUMNS: (keyof PageLabColumns)[] = [
  'lcp_ms',
  'cls',
  'tbt_ms',
  'transfer_bytes',
  'requests',
];

export const pagesTable: TableDataset = {
  columns: [...PAGE_COLUMNS, ...PAGE_LAB_COLUMNS],
  columnsFor: (store, siteId) => [
    ...PAGE_COLUMNS,
    ...PAGE_LAB_COLUMNS,
    ...store.extractors.list(siteId).map((r) => `extract:${r.name}`),
  ],
  read: (store, siteId, after, limit) => {
    const rows = store.pagesQuery.list({ siteId }, 'id', after ? { value: after, id: after } : null, limit);
    const rules = store.extractors.list(siteId);
    const extracts = valuesForRules(
      store,
      rules,
      rows.map((r) => r.id),
    );
    return page(
      rows,
      (r) => ({
        ...Object.fromEntries(PAGE_COLUMNS.map((c) => [c, r[c]])),
        ...Object.fromEntries(PAGE_LAB_COLUMNS.map((c) => [c, r[c]])),
        indexable: r.indexable === 1,
        ...Object.fromEntries(
          Object.entries(extracts.get(r.id) ?? {}).map(([name, v]) => [
            `extract:${name}`,
            Array.isArray(v) ? v.join(' | ') : v,
          ]),
        ),
      }),
      limit,
    );
  },
};

export const linksTable: TableDataset = {
  columns: ['source', 'target', 'edge_kind', 'anchor_text', 'nofollow', 'count'],
  read: (store, siteId, after, limit) =>
    page(
      store.pagesQuery.siteLinks(siteId, after, limit),
      (r) => ({
        source: r.source,
        target: r.target,
        edge_kind: r.edge_kind,
        anchor_text: r.anchor_text,
        nofollow: r.nofollow === 1,
        count: r.count,
      }),
      limit,
    ),
};

export const otherUrlsTable: TableDataset = {
  columns: [
    'url',
    'reason',
    'sources',
    'status_code',
    'content_type',
    'inlinks',
    'gsc_clicks',
    'gsc_impressions',
    'first_seen_at',
  ],
  read: (store, siteId, after, limit) => {
    const rows = store.otherUrls.list(siteId, undefined, 0, after, limit);
    const gsc = new Map(store.gscFigures.figuresFor(rows.map((r) => r.id)).map((f) => [f.url_id, f]));
    return page(
      rows,
      (r) => ({
        url: r.url,
        reason: r.reason,
        sources: sourcesFromBits(r.sources).join(' '),
        status_code: r.status_code,
        content_type: r.content_type,
        inlinks: r.inlinks,
        gsc_clicks: gsc.get(r.id)?.clicks ?? null,
        gsc_impressions: gsc.get(r.id)?.impressions ?? null,
        first_seen_at: r.first_seen_at,
      }),
      limit,
    );
  },
};

export const similarityPairsTable: TableDataset = {
  columns: ['page_a', 'url_a', 'page_b', 'url_b', 'outcome', 'reranker', 'cosine', 'jaccard'],
  read: (store, siteId, after, limit) => {
    const rows = store.similarity.pairs({ siteId }, 'id', after ? { value: after, id: after } : null, limit);
    return page(
      rows,
      (r) => ({
        page_a: r.page_a,
        url_a: store.pages.get(r.page_a)?.url ?? null,
        page_b: r.page_b,
        url_b: store.pages.get(r.page_b)?.url ?? null,
        outcome: r.outcome,
        reranker: r.reranker,
        cosine: r.cosine,
        jaccard: r.jaccard,
      }),
      limit,
    );
  },
};

export const clustersTable: TableDataset = {
  columns: ['cluster_id', 'label', 'size', 'mean_reranker', 'representative_url', 'url', 'score'],
  read: (store, siteId, after, limit) => {
    // Clusters are read a page at a time; each expands to its members.
    const clusters = store.similarity.clusters(siteId, 2, after, limit);
    const rows: Row[] = clusters.flatMap((c) =>
      store.similarity.members(c.id).map((m) => ({
        cluster_id: c.id,
        label: c.label,
        size: c.size,
        mean_reranker: c.mean_reranker,
        representative_url:
          c.representative_page === null ? null : (store.pages.get(c.representative_page)?.url ?? null),
        url: store.pages.get(m.page_id)?.url ?? null,
        score: m.score,
      })),
    );
    return { rows, last: clusters.length === limit ? clusters.at(-1)!.id : null };
  },
};

export const gscTable: TableDataset = {
  columns: ['grain', 'url', 'query', 'date', 'clicks', 'impressions', 'ctr', 'position'],
  read: (store, siteId, after, limit) =>
    page(
      store.gscRows.exportPage(siteId, after, limit),
      (r) => ({
        grain: r.grain,
        url: r.url,
        query: r.query,
        date: r.date,
        clicks: r.clicks,
        impressions: r.impressions,
        ctr: r.ctr,
        position: r.position,
      }),
      limit,
    ),
};
