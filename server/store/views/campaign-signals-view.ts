/**
 * Reads of a site's crawl that campaign target generators need and no other area does: orphan pages, pages new
 * since the crawl before, and whether one page links to another. Only pages a search engine could show count (2xx, indexable). Thin pages are not
 * read: a campaign proposes work on its topics, and short pages are the audit's concern.
 */
import type { Db } from '../db.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';

export interface SignalPageRow {
  id: number;
  url: string;
  title: string | null;
  word_count: number;
  inlinks: number;
  depth: number | null;
}

const LIVE_PAGE = `p.status_code BETWEEN 200 AND 299 AND p.indexable = 1`;

export function campaignSignalsView(db: Db) {
  // A page reached through a redirect that is linked is not an orphan: the link only needs updating.
  const orphans = db.prepare<[number, number], SignalPageRow>(
    `SELECT p.id, p.url, p.title, p.word_count, p.inlinks, p.depth FROM pages p JOIN urls u ON u.id = p.id
     WHERE p.site_id = ? AND ${LIVE_PAGE} AND (u.sources & ?) != 0 AND (p.depth IS NULL OR p.depth > 0)
       AND NOT EXISTS (SELECT 1 FROM links l WHERE l.target_id = p.id AND l.source_id != p.id
                       AND (l.edge_kind IN ${ANCHOR_KINDS_SQL} OR l.edge_kind = 'redirect'))
     ORDER BY p.id`,
  );
  // New: first seen since the latest finished crawl started, on a site crawled before it (on a first crawl every
  // page is new, and none is news).
  const newPages = db.prepare<[{ site: number }], SignalPageRow>(
    `WITH crawls AS (SELECT started_at FROM jobs
                     WHERE site_id = @site AND kind = 'crawl' AND status = 'succeeded' AND started_at IS NOT NULL
                     ORDER BY id DESC LIMIT 2)
     SELECT p.id, p.url, p.title, p.word_count, p.inlinks, p.depth FROM pages p JOIN urls u ON u.id = p.id
     WHERE p.site_id = @site AND ${LIVE_PAGE} AND (SELECT COUNT(*) FROM crawls) = 2
       AND u.first_seen_at >= (SELECT MAX(started_at) FROM crawls)
     ORDER BY p.id`,
  );
  const linked = db.prepare<[number, number], { n: number }>(
    `SELECT EXISTS (SELECT 1 FROM links WHERE source_id = ? AND target_id = ? AND edge_kind IN ${ANCHOR_KINDS_SQL})
       AS n`,
  );

  return {
    /** Indexable pages known from `knownBits` sources (sitemap, Search Console, list) that no page links to. */
    orphanPages: (siteId: number, knownBits: number): SignalPageRow[] => orphans.all(siteId, knownBits),
    /** Indexable pages first seen in the latest crawl of a site crawled before. */
    newPages: (siteId: number): SignalPageRow[] => newPages.all({ site: siteId }),
    /** Whether `source` has an anchor link (any position) to `target`. */
    linked: (sourceId: number, targetId: number): boolean => linked.get(sourceId, targetId)!.n === 1,
  };
}
export type CampaignSignalsView = ReturnType<typeof campaignSignalsView>;
