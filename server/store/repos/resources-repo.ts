/**
 * `resources` and `resource_uses` (migration 33): what the site's pages load and the external URLs they link to,
 * each checked once a crawl (domain/crawl/resource-checker.ts), and which page uses which resource as what.
 */
import type { Db } from '../db.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';
import { statementCache } from '../statement-cache.js';

/** One use of a resource by a page, as the crawl writes it. */
export interface ResourceUse {
  url: string;
  kind: string;
}

/** A resource waiting for this crawl's check, with what the check must find out. */
export interface PendingResource {
  id: number;
  url: string;
  /** Loaded as an image somewhere: its size matters (`image_too_large`). */
  image: number;
  /** Loaded as something fetched (not only an iframe): robots.txt of its host decides. */
  loaded: number;
  /** The target of an anchor link from a page. */
  linked: number;
  /** When the URL is one of the site's fetched pages: what that fetch found (it is not fetched again). */
  page_status: number | null;
  page_error: string | null;
  page_type: string | null;
  page_bytes: number | null;
  page_fetched: number;
}

/** How one resource's check went. */
export interface ResourceResult {
  id: number;
  status_code: number | null;
  fetch_error: string | null;
  content_type: string | null;
  bytes: number | null;
  bytes_capped: boolean;
  method: 'HEAD' | 'GET' | null;
  response_ms: number | null;
  checked_at: string;
}

export function resourcesRepo(db: Db) {
  // Prepared on first use: a store may open a database from before migration 33 (tests do).
  const st = statementCache(db);
  const linkedExternal = (
    site: string,
  ) => `SELECT u.url FROM urls u WHERE u.site_id = ${site} AND u.internal = 0
    AND EXISTS (SELECT 1 FROM links l WHERE l.target_id = u.id AND l.edge_kind IN ${ANCHOR_KINDS_SQL})`;
  return {
    /** A new crawl: every resource is checked again (rows and ids kept; uses are replaced with their pages). */
    beginFresh: (siteId: number) =>
      st<[number], never>('UPDATE resources SET checked = 0 WHERE site_id = ?').run(siteId),

    /** A page's resources replace what it used; a page with none (an error now, a redirect) uses none. */
    replaceUses(siteId: number, pageId: number, uses: readonly ResourceUse[]): void {
      st<[number], never>('DELETE FROM resource_uses WHERE page_id = ?').run(pageId);
      if (!uses.length) return;
      const insert = st<[number, string], never>(
        'INSERT INTO resources (site_id, url) VALUES (?, ?) ON CONFLICT (site_id, url) DO NOTHING',
      );
      const id = st<[number, string], number>(
        'SELECT id FROM resources WHERE site_id = ? AND url = ?',
      ).pluck();
      const use = st<[number, number, string], never>(
        'INSERT OR IGNORE INTO resource_uses (resource_id, page_id, kind) VALUES (?, ?, ?)',
      );
      for (const u of uses) {
        insert.run(siteId, u.url);
        use.run(id.get(siteId, u.url)!, pageId, u.kind);
      }
    },

    /**
     * Once the pages are written: rows nothing uses or links to any more go, and (when external links are
     * checked) every external URL a page links to gets a row, waiting for its check.
     */
    settle(siteId: number, externalLinks: boolean): void {
      const keep = externalLinks ? `OR url IN (${linkedExternal('@site')})` : '';
      st<[{ site: number }], never>(
        `DELETE FROM resources WHERE site_id = @site
           AND NOT (EXISTS (SELECT 1 FROM resource_uses ru WHERE ru.resource_id = resources.id) ${keep})`,
      ).run({ site: siteId });
      if (externalLinks)
        st<[{ site: number }], never>(
          `INSERT INTO resources (site_id, url) SELECT @site, url FROM (${linkedExternal('@site')}) WHERE true
           ON CONFLICT (site_id, url) DO NOTHING`,
        ).run({ site: siteId });
    },

    /** Up to `limit` resources waiting for their check, after id `afterId`, in id order. */
    pending(siteId: number, afterId: number, limit: number): PendingResource[] {
      return st<[{ site: number; after: number; limit: number }], PendingResource>(
        `SELECT r.id, r.url,
           EXISTS (SELECT 1 FROM resource_uses ru WHERE ru.resource_id = r.id AND ru.kind = 'image') AS image,
           EXISTS (SELECT 1 FROM resource_uses ru WHERE ru.resource_id = r.id AND ru.kind != 'iframe') AS loaded,
           EXISTS (SELECT 1 FROM urls u JOIN links l ON l.target_id = u.id AND l.edge_kind IN ${ANCHOR_KINDS_SQL}
             WHERE u.site_id = r.site_id AND u.url = r.url) AS linked,
           p.status_code AS page_status, p.fetch_error AS page_error, p.content_type AS page_type,
           p.bytes AS page_bytes, (p.id IS NOT NULL AND pu.state = 'done') AS page_fetched
         FROM resources r
           LEFT JOIN urls pu ON pu.site_id = r.site_id AND pu.url = r.url
           LEFT JOIN pages p ON p.id = pu.id
         WHERE r.site_id = @site AND r.checked = 0 AND r.id > @after
         ORDER BY r.id LIMIT @limit`,
      ).all({ site: siteId, after: afterId, limit });
    },

    /** Writes checks' results, each whole, in one transaction (the caller's). */
    record(results: readonly ResourceResult[]): void {
      const set = st<[ResourceResult & { capped: number }], never>(
        `UPDATE resources SET checked = 1, status_code = @status_code, fetch_error = @fetch_error,
           content_type = @content_type, bytes = @bytes, bytes_capped = @capped, method = @method,
           response_ms = @response_ms, checked_at = @checked_at
         WHERE id = @id`,
      );
      for (const r of results) set.run({ ...r, capped: r.bytes_capped ? 1 : 0 });
    },

    /**
     * How many resources of the site this crawl has yet to check and has checked (`examined`: of those, the ones
     * a setting did not leave out; `offline`: recorded unchecked because no external host answered).
     */
    counts(siteId: number): { pending: number; checked: number; examined: number; offline: number } {
      const row = st<
        [number],
        { pending: number | null; checked: number | null; examined: number | null; offline: number | null }
      >(
        `SELECT SUM(checked = 0) AS pending, SUM(checked = 1) AS checked,
           SUM(checked = 1 AND fetch_error IS NOT 'not_checked') AS examined,
           SUM(checked = 1 AND fetch_error IS 'offline') AS offline
         FROM resources WHERE site_id = ?`,
      ).get(siteId)!;
      return {
        pending: row.pending ?? 0,
        checked: row.checked ?? 0,
        examined: row.examined ?? 0,
        offline: row.offline ?? 0,
      };
    },
  };
}
export type ResourcesRepo = ReturnType<typeof resourcesRepo>;
