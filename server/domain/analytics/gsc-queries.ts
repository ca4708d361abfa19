/**
 * Search Console figures for the other areas that rank, score or display pages (pages list, other URLs,
 * campaigns). Reads only; the sync and the import write. Every figure is keyed by URL id, which is also the
 * page id of a crawled page.
 */
import type { Store } from '../../store/index.js';
import type { GscFigureRow } from '../../store/views/gsc-figures-view.js';

export interface GscPageFigures {
  clicks: number;
  impressions: number;
  /** clicks / impressions, 0 when there were no impressions. */
  ctr: number;
  /** Average position weighted by impressions (1 = top). */
  position: number;
}

export interface GscTopQuery {
  query: string;
  clicks: number;
  impressions: number;
  position: number;
  /** Crawled pages with impressions for the query, best first; empty when only query totals were imported. */
  page_ids: number[];
}

export interface GscPageTrend {
  recent_clicks: number;
  previous_clicks: number;
  recent_impressions: number;
  previous_impressions: number;
  /** Average position over the window, weighted by impressions; null without impressions. */
  recent_position: number | null;
  previous_position: number | null;
}

/** The trend compares the last 28 days that have data with the 28 days before them. */
const TREND_DAYS = 28;

export class GscQueries {
  constructor(private readonly store: Store) {}

  hasData(siteId: number): boolean {
    return this.store.gscFigures.hasData(siteId);
  }

  pageFigures(siteId: number): Map<number, GscPageFigures> {
    return toFigures(this.store.gscFigures.pageFigures(siteId));
  }

  /** The `limit` pages with the most clicks (then impressions), best first; the others are not read. */
  topPages(siteId: number, limit: number): Map<number, GscPageFigures> {
    return toFigures(this.store.gscFigures.topPages(siteId, limit));
  }

  /** How many pages (and GSC-only URLs) have figures. */
  pagesWithData(siteId: number): number {
    return this.store.gscFigures.pageCount(siteId);
  }

  /** The queries with the most clicks (then impressions), each with the pages that rank for it. */
  topQueries(siteId: number, limit: number): GscTopQuery[] {
    const rows = this.store.gscFigures.topQueries(siteId, limit);
    const pages = this.store.gscFigures.rankingPages(
      siteId,
      rows.map((r) => r.query),
    );
    return rows.map((r) => ({ ...r, page_ids: pages.get(r.query) ?? [] }));
  }

  /**
   * Clicks of each page in the last 28 days of data against the 28 days before. Only dated page rows (the API
   * sync) can say this; imported page totals have no dates and are left out.
   */
  pageTrend(siteId: number): Map<number, GscPageTrend> {
    const out = new Map<number, GscPageTrend>();
    const last = this.store.gscFigures.lastDate(siteId);
    if (!last) return out;
    const recentFrom = shiftDays(last, -(TREND_DAYS - 1));
    const previousFrom = shiftDays(last, -(2 * TREND_DAYS - 1));
    for (const r of this.store.gscFigures.trend(siteId, recentFrom, previousFrom)) {
      const { url_id, ...trend } = r;
      out.set(url_id, trend);
    }
    return out;
  }

  /**
   * A counter of the queries two pages both have impressions for. The site's page → queries sets are read
   * once, with queries interned as numbers, so counting many pairs costs one set intersection each.
   */
  /** Each page's impressions per query (API-synced rows: a UI export has no page-and-query rows). */
  pageQueryImpressions(siteId: number): Iterable<{ url_id: number; query: string; impressions: number }> {
    return this.store.gscFigures.pageQueryImpressions(siteId);
  }

  sharedQueryCounts(siteId: number): (pageA: number, pageB: number) => number {
    const ids = new Map<string, number>();
    const byPage = new Map<number, Set<number>>();
    for (const r of this.store.gscFigures.pageQueries(siteId)) {
      let qid = ids.get(r.query);
      if (qid === undefined) ids.set(r.query, (qid = ids.size));
      let set = byPage.get(r.url_id);
      if (!set) byPage.set(r.url_id, (set = new Set()));
      set.add(qid);
    }
    return (pageA, pageB) => {
      const a = byPage.get(pageA);
      const b = byPage.get(pageB);
      if (!a || !b) return 0;
      const [small, large] = a.size <= b.size ? [a, b] : [b, a];
      let n = 0;
      for (const q of small) if (large.has(q)) n++;
      return n;
    };
  }
}

function toFigures(rows: GscFigureRow[]): Map<number, GscPageFigures> {
  const out = new Map<number, GscPageFigures>();
  for (const r of rows) {
    out.set(r.url_id, {
      clicks: r.clicks,
      impressions: r.impressions,
      ctr: r.impressions > 0 ? r.clicks / r.impressions : 0,
      position: r.position,
    });
  }
  return out;
}

/** YYYY-MM-DD shifted by whole days, in UTC so no time zone moves a date. */
export function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
