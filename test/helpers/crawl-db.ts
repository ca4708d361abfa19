/** Reads a crawl's results straight from a data dir's SQLite file, in a form two crawls can be compared by. */
import Database from 'better-sqlite3';
import { join } from 'node:path';

export interface CrawlSnapshot {
  pages: Map<string, Record<string, unknown>>;
  edges: Set<string>;
  others: Map<string, string>;
}

export function snapshotCrawl(dataDir: string, siteId = 1): CrawlSnapshot {
  const db = new Database(join(dataDir, 'siteloupe.db'), { readonly: true });
  try {
    const pages = new Map<string, Record<string, unknown>>();
    const rows = db
      .prepare(
        `SELECT url, status_code, fetch_error, content_type, depth, title, h1, indexable, indexability_reason,
                canonical_state, content_hash, redirect_chain, word_count, inlinks, outlinks
         FROM pages WHERE site_id = ? ORDER BY url`,
      )
      .all(siteId) as Record<string, unknown>[];
    for (const r of rows) pages.set(String(r.url), r);
    const edges = new Set(
      (
        db
          .prepare(
            `SELECT s.url AS source, t.url AS target, l.edge_kind, l.nofollow, l.count, l.anchor_text
             FROM links l JOIN urls s ON s.id = l.source_id JOIN urls t ON t.id = l.target_id WHERE l.site_id = ?`,
          )
          .all(siteId) as Record<string, unknown>[]
      ).map((e) => JSON.stringify([e.source, e.target, e.edge_kind, e.nofollow, e.count, e.anchor_text])),
    );
    const others = new Map(
      (
        db.prepare(`SELECT url, reason FROM urls WHERE site_id = ? AND state = 'skipped'`).all(siteId) as {
          url: string;
          reason: string;
        }[]
      ).map((o) => [o.url, o.reason]),
    );
    return { pages, edges, others };
  } finally {
    db.close();
  }
}
