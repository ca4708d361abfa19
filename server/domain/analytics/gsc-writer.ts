/**
 * Stores Search Console records, from the API or an export alike. Page URLs are spelled the crawler's way
 * (url-normalizer, with the site's query-parameter rule) and registered in `urls` with the `gsc` source bit, so
 * the rows join to crawled pages and URLs only Search Console knows show up as `gsc_only`. Search Console
 * reports a page's `#fragment` jump links separately; they become one URL here, so records that fall on the
 * same key are summed before the upsert instead of overwriting each other.
 */
import type { Store } from '../../store/index.js';
import type { GscGrainName, GscWriteRow } from '../../store/repos/gsc-rows-repo.js';
import { UNLINKED_PRIORITY } from '../../store/repos/urls-repo.js';
import { sourceBit } from '../../schemas/crawl.js';
import { createScope, type Scope } from '../crawl/scope.js';
import { normalizeUrl } from '../crawl/url-normalizer.js';
import type { SitesService } from '../sites/sites-service.js';

export interface GscRecord {
  grain: GscGrainName;
  /** The page URL as Search Console spells it (pqd and page grains). */
  page: string | null;
  query: string | null;
  date: string | null;
  clicks: number;
  impressions: number;
  position: number;
}

export interface GscWriteReport {
  /** Rows after records on one key were merged. */
  rows: number;
  /** Rows inserted or whose figures changed. */
  changed: number;
  urls_added: number;
  /** Records whose page is not an http(s) URL. */
  skipped: number;
  /** URL ids the written rows point at (for pruning an import snapshot). */
  urlIds: number[];
}

interface Acc extends GscWriteRow {
  weighted: number;
  positions: number;
  n: number;
}

const GSC_BIT = sourceBit('gsc');

export class GscWriter {
  constructor(
    private readonly store: Store,
    private readonly sites: SitesService,
  ) {}

  /** Writes records in one transaction. */
  write(siteId: number, origin: 'api' | 'import', records: Iterable<GscRecord>): GscWriteReport {
    const site = this.sites.get(siteId);
    const scope = createScope({
      origin: site.origin,
      followSubdomains: site.settings.follow_subdomains,
      include: site.settings.include_patterns,
      exclude: site.settings.exclude_patterns,
    });
    return this.store.tx(() => {
      const ids = new Map<string, number | null>();
      const merged = new Map<string, Acc>();
      let skipped = 0;
      let added = 0;
      for (const r of records) {
        let urlId: number | null = null;
        if (r.page !== null) {
          let id = ids.get(r.page);
          if (id === undefined) {
            const url = normalizeUrl(r.page, r.page, site.settings.query_params);
            const found = url === null ? null : this.register(siteId, url, scope);
            if (found?.added) added++;
            id = found?.id ?? null;
            ids.set(r.page, id);
          }
          if (id === null) {
            skipped++;
            continue;
          }
          urlId = id;
        }
        const key = `${r.grain}\u0000${urlId ?? ''}\u0000${r.query ?? ''}\u0000${r.date ?? ''}`;
        const acc = merged.get(key);
        if (!acc) {
          merged.set(key, {
            grain: r.grain,
            url_id: urlId,
            query: r.query,
            date: r.date,
            clicks: r.clicks,
            impressions: r.impressions,
            ctr: 0,
            position: r.position,
            weighted: r.position * r.impressions,
            positions: r.position,
            n: 1,
          });
        } else {
          acc.clicks += r.clicks;
          acc.impressions += r.impressions;
          acc.weighted += r.position * r.impressions;
          acc.positions += r.position;
          acc.n++;
        }
      }
      const rows = [...merged.values()].map((a): GscWriteRow => ({
        grain: a.grain,
        url_id: a.url_id,
        query: a.query,
        date: a.date,
        clicks: a.clicks,
        impressions: a.impressions,
        ctr: a.impressions > 0 ? a.clicks / a.impressions : 0,
        position: a.n === 1 ? a.position : a.impressions > 0 ? a.weighted / a.impressions : a.positions / a.n,
      }));
      const changed = this.store.gscRows.upsert(siteId, origin, rows);
      const urlIds = [...new Set(rows.flatMap((r) => (r.url_id === null ? [] : [r.url_id])))];
      return { rows: rows.length, changed, urls_added: added, skipped, urlIds };
    });
  }

  /** The URL's id, marking it as known to Search Console; a URL new to the site is recorded as not crawled. */
  private register(siteId: number, url: string, scope: Scope): { id: number; added: boolean } {
    const existing = this.store.urls.byUrl(siteId, url);
    if (existing) {
      if ((existing.sources & GSC_BIT) === 0)
        this.store.urls.update({ ...existing, sources: existing.sources | GSC_BIT });
      return { id: existing.id, added: false };
    }
    const internal = scope.isInternal(url);
    const reason = !internal
      ? 'outside_scope'
      : scope.ruleFor(url) === 'excluded_by_rule'
        ? 'excluded_by_rule'
        : 'not_crawled';
    const id = this.store.urls.insert({
      site_id: siteId,
      url,
      internal: internal ? 1 : 0,
      state: 'skipped',
      reason,
      depth: null,
      priority: UNLINKED_PRIORITY,
      sources: GSC_BIT,
      followable: 0,
    });
    return { id, added: true };
  }
}
