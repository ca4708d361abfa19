/** Pages as the API shows them: lists with filters and keyset cursors, one page in full, and its links. */
import type { Store } from '../../store/index.js';
import type { PageRow } from '../../store/repos/pages-repo.js';
import type { ExtractFilter, LinkRow, PageDetailRow } from '../../store/views/pages-view.js';
import type { PageRenderWrite } from '../../store/repos/page-renders-repo.js';
import type { PageRender } from '../../schemas/page-render.js';
import type { ExtractorRow } from '../../store/repos/extractors-repo.js';
import { EXTRACT_FILTER } from '../../schemas/pages.js';
import type { CursorKey } from '../../schemas/common.js';
import { sourceBit, type EdgeKind } from '../../schemas/crawl.js';
import type { Link, Page, PageListItem, PageListQuery, PageSummary } from '../../schemas/pages.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { siteLabelById } from '../sites/site-label.js';
import { pageExtracts } from '../extraction/page-values.js';
import { afterKey, afterSortKey, idPage, keysetPage } from '../sort-cursor.js';

export function summaryOf(row: PageRow): PageSummary {
  return {
    id: row.id,
    site_id: row.site_id,
    url: row.url,
    status_code: row.status_code,
    content_type: row.content_type,
    depth: row.depth,
    title: row.title,
    h1: row.h1,
    indexable: row.indexable === 1,
    indexability_reason: row.indexability_reason,
    word_count: row.word_count,
    page_type: row.page_type,
    response_ms: row.response_ms,
    inlinks: row.inlinks,
    outlinks: row.outlinks,
    crawled_at: row.crawled_at,
  };
}

export class PagesService {
  constructor(private readonly store: Store) {}

  list(q: PageListQuery & { cursor?: CursorKey | undefined }): {
    items: PageListItem[];
    next_cursor: string | null;
  } {
    const after = afterSortKey(q.cursor, q.sort);
    const { filters, sortExtractor } = this.extractQuery(q);
    const rows = this.store.pagesQuery.list(
      {
        extract: filters,
        siteId: q.site_id,
        statusCodes: q.status_code,
        indexable: q.indexable,
        contentType: q.content_type,
        depth: q.depth,
        q: q.q,
        pageTypes: q.page_type,
        jsChanged: q.js_changed,
      },
      q.sort,
      after,
      q.limit + 1,
      sortExtractor,
    );
    const { page, next_cursor } = keysetPage(rows, q.limit, q.sort);
    const gsc = new Map(this.store.gscFigures.figuresFor(page.map((r) => r.id)).map((f) => [f.url_id, f]));
    const extracts = pageExtracts(this.store, page);
    const jsChanged = this.store.pageRenders.changedOf(page.map((r) => r.id));
    const items = page.map((r) => {
      const f = gsc.get(r.id);
      return {
        ...summaryOf(r),
        meta_description: r.meta_description,
        canonical_url: r.canonical_url,
        bytes: r.bytes,
        gsc_clicks: f?.clicks ?? null,
        gsc_impressions: f?.impressions ?? null,
        gsc_position: f?.position ?? null,
        js_changed: jsChanged.get(r.id) ?? null,
        lcp_ms: r.lcp_ms,
        cls: r.cls,
        tbt_ms: r.tbt_ms,
        transfer_bytes: r.transfer_bytes,
        requests: r.requests,
        extract: extracts.get(r.id) ?? {},
      };
    });
    return { items, next_cursor };
  }

  /**
   * The list's custom extraction filters and sort, by rule: names are the site's rules' (case-insensitive), so
   * they need `site_id`; an unknown one is a 400 naming the query key.
   */
  private extractQuery(q: PageListQuery): { filters: ExtractFilter[]; sortExtractor: number | undefined } {
    const keys = Object.keys(q).filter((k) => EXTRACT_FILTER.test(k));
    const sortName = /^-?extract\.(.+)$/.exec(q.sort)?.[1];
    if (!keys.length && sortName === undefined) return { filters: [], sortExtractor: undefined };
    const rule = (name: string, field: string): ExtractorRow => {
      const bad = (message: string) =>
        new ValidationError(`Invalid query: ${field} ${message}.`, [{ path: field, message }]);
      if (q.site_id === undefined) throw bad('needs site_id (rule names are per site)');
      const row = this.store.extractors.byName(q.site_id, name);
      if (!row) throw bad(`names no extraction rule of ${siteLabelById(this.store, q.site_id)}`);
      return row;
    };
    const filters = keys.map((key): ExtractFilter => {
      const [, name, op] = EXTRACT_FILTER.exec(key)!;
      const row = rule(name!, `query.${key}`);
      const value = q[key as `extract.${string}`] ?? '';
      const boolean = row.take === 'exists' || row.kind === 'contains' || row.kind === 'not_contains';
      const shape = boolean ? 'boolean' : row.take === 'count' ? 'number' : 'text';
      if (!op && shape === 'boolean' && value !== 'true' && value !== 'false')
        throw new ValidationError(`Invalid query: query.${key} must be true or false.`, [
          { path: `query.${key}`, message: 'must be true or false' },
        ]);
      if (op === 'exists' && value !== 'true' && value !== 'false')
        throw new ValidationError(`Invalid query: query.${key} must be true or false.`, [
          { path: `query.${key}`, message: 'must be true or false' },
        ]);
      if (op === 'contains' && shape !== 'text')
        throw new ValidationError(
          `Invalid query: query.${key}: rule "${row.name}" gives ${shape === 'boolean' ? 'true or false' : 'a count'}, not text; use extract.${row.name}=…`,
          [
            {
              path: `query.${key}`,
              message: `the rule gives ${shape === 'boolean' ? 'true or false' : 'a count'}, not text`,
            },
          ],
        );
      if (op === 'contains' && value.trim() === '')
        throw new ValidationError(`Invalid query: query.${key} needs the text to look for.`, [
          { path: `query.${key}`, message: 'needs the text to look for' },
        ]);
      if (!op && shape === 'number' && !/^-?\d+(\.\d+)?$/.test(value))
        throw new ValidationError(`Invalid query: query.${key} must be a number.`, [
          { path: `query.${key}`, message: 'must be a number' },
        ]);
      return {
        extractorId: row.id,
        op: (op as 'contains' | 'exists' | undefined) ?? 'eq',
        value,
        shape,
        all: row.all_values === 1,
      };
    });
    return {
      filters,
      sortExtractor: sortName === undefined ? undefined : rule(sortName, 'query.sort').id,
    };
  }

  /** Summaries of the given pages, keyed by id (missing ids are absent). */
  summaries(ids: number[]): Map<number, PageSummary> {
    const out = new Map<number, PageSummary>();
    for (const id of ids) {
      const row = this.store.pages.get(id);
      if (row) out.set(id, summaryOf(row));
    }
    return out;
  }

  get(id: number): Page {
    const row = this.store.pagesQuery.get(id);
    if (!row) throw new NotFoundError(`No page with id ${id}.`);
    return {
      ...summaryOf(row),
      meta_description: row.meta_description,
      headings: row.headings,
      canonical_url: row.canonical_url,
      canonical_state: row.canonical_state,
      meta_robots: row.meta_robots,
      x_robots_tag: row.x_robots_tag,
      hreflang: row.hreflang,
      structured_data_types: row.structured_data_types,
      language: row.language,
      bytes: row.bytes,
      truncated: row.truncated === 1,
      content_hash: row.content_hash,
      redirect_chain: row.redirect_chain,
      fetch_error: row.fetch_error,
      encoding: row.encoding,
      in_sitemap: (row.sources & sourceBit('sitemap')) !== 0,
      rendered: row.rendered === 1,
      extract: pageExtracts(this.store, [row]).get(row.id) ?? {},
      page_type_evidence: row.page_type_evidence,
      render: pageRender(row, this.store.pageRenders.get(row.id)),
    };
  }

  links(
    id: number,
    q: {
      direction: 'in' | 'out';
      edge_kind?: EdgeKind[] | undefined;
      limit: number;
      cursor?: CursorKey | undefined;
    },
  ): { items: Link[]; next_cursor: string | null } {
    if (!this.store.pages.get(id)) throw new NotFoundError(`No page with id ${id}.`);
    const afterId = afterKey(q.cursor, 'number') ?? 0;
    const rows = this.store.pagesQuery.links(id, q.direction, q.edge_kind, afterId, q.limit + 1);
    const { page, next_cursor } = idPage(rows, q.limit);
    return { items: page.map(toLink), next_cursor };
  }
}

function toLink(r: LinkRow): Link {
  return {
    id: r.id,
    source: { id: r.source_id, url: r.source_url, title: r.source_title, status_code: r.source_status },
    target: { id: r.target_id, url: r.target_url, title: r.target_title, status_code: r.target_status },
    edge_kind: r.edge_kind,
    anchor_text: r.anchor_text,
    nofollow: r.nofollow === 1,
    count: r.count,
  };
}

/** A rendered page's raw side (stored) beside its rendered side (the page's own columns). */
function pageRender(row: PageDetailRow, r: PageRenderWrite | null): PageRender | null {
  if (!r) return null;
  return {
    raw: {
      title: r.raw_title,
      meta_description: r.raw_description,
      h1: r.raw_h1,
      canonical_url: r.raw_canonical,
      robots: r.raw_robots,
      word_count: r.raw_word_count,
      links: r.raw_links,
    },
    rendered: {
      title: row.title,
      meta_description: row.meta_description,
      h1: row.h1,
      canonical_url: row.canonical_url,
      robots: r.rendered_robots,
      word_count: row.word_count,
      links: r.rendered_links,
    },
    changed: r.changed,
    links_only_rendered: r.links_only_rendered,
    links_only_rendered_count: r.links_only_rendered_count,
    console_errors: r.console_errors,
    console_error_count: r.console_error_count,
    blocked_resources: r.blocked_resources,
    blocked_count: r.blocked_count,
  };
}
