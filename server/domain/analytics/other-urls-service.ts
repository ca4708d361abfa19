/** The other-URLs report: what a site links to, lists or redirects to that is not an indexable page. */
import type { Store } from '../../store/index.js';
import type { CursorKey } from '../../schemas/common.js';
import { sourceBit, sourcesFromBits } from '../../schemas/crawl.js';
import type { OtherUrl, OtherUrlsQuery } from '../../schemas/analytics.js';
import { requireSite } from '../sites/site-required.js';
import { afterKey, idPage } from '../sort-cursor.js';

export class OtherUrlsService {
  constructor(private readonly store: Store) {}

  list(q: OtherUrlsQuery & { cursor?: CursorKey | undefined }): {
    items: OtherUrl[];
    next_cursor: string | null;
  } {
    requireSite(this.store, q.site_id);
    const afterId = afterKey(q.cursor, 'number') ?? 0;
    const bits = (q.source ?? []).reduce((acc, s) => acc | sourceBit(s), 0);
    const rows = this.store.otherUrls.list(q.site_id, q.reason, bits, afterId, q.limit + 1);
    const { page, next_cursor } = idPage(rows, q.limit);
    const gsc = new Map(this.store.gscFigures.figuresFor(page.map((r) => r.id)).map((f) => [f.url_id, f]));
    const items = page.map((r) => ({
      id: r.id,
      url: r.url,
      reason: r.reason,
      sources: sourcesFromBits(r.sources),
      status_code: r.status_code,
      content_type: r.content_type,
      inlinks: r.inlinks,
      gsc_clicks: gsc.get(r.id)?.clicks ?? null,
      gsc_impressions: gsc.get(r.id)?.impressions ?? null,
      first_seen_at: r.first_seen_at,
    }));
    return { items, next_cursor };
  }
}
