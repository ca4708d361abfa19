/**
 * Shortest link depths, computed in SQLite after a crawl: concurrent workers can fetch a page before a shorter
 * path to it is known, so the depths recorded while crawling are only upper bounds. A level-by-level
 * breadth-first search over stored edges in a temporary table keeps memory flat on large sites.
 */
import { ANCHOR_EDGE_KINDS } from '../../schemas/crawl.js';
import type { Db } from '../db.js';
import { edgeKindsSql } from '../sql.js';

/** Edges a crawl follows one level deeper (redirects keep the depth and are handled apart). */
const STEP_KINDS = edgeKindsSql([...ANCHOR_EDGE_KINDS, 'canonical', 'hreflang']);

export function crawlDepthRepo(db: Db) {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS bfs (id INTEGER PRIMARY KEY, depth INTEGER NOT NULL);
           CREATE INDEX IF NOT EXISTS temp.bfs_depth ON bfs(depth);`);
  const clear = db.prepare('DELETE FROM bfs');
  const seeds = db.prepare<[number]>(
    `INSERT INTO bfs (id, depth) SELECT id, 0 FROM urls WHERE site_id = ? AND depth = 0`,
  );
  const viaRedirects = db.prepare<[number, number]>(
    `INSERT OR IGNORE INTO bfs (id, depth)
     SELECT l.target_id, ? FROM links l JOIN bfs b ON b.id = l.source_id AND b.depth = ?
     WHERE l.edge_kind = 'redirect'`,
  );
  const nextLevel = db.prepare<[number, number]>(
    `INSERT OR IGNORE INTO bfs (id, depth)
     SELECT DISTINCT l.target_id, ? FROM links l
       JOIN bfs b ON b.id = l.source_id AND b.depth = ?
       JOIN urls u ON u.id = l.target_id AND u.internal = 1
     WHERE l.edge_kind IN ${STEP_KINDS} AND l.nofollow = 0`,
  );
  const applyUrls = db.prepare<[number]>(
    `UPDATE urls SET depth = (SELECT depth FROM bfs WHERE bfs.id = urls.id),
       priority = COALESCE((SELECT depth FROM bfs WHERE bfs.id = urls.id), priority)
     WHERE site_id = ?`,
  );
  const applyPages = db.prepare<[number]>(
    `UPDATE pages SET depth = (SELECT depth FROM urls WHERE urls.id = pages.id) WHERE site_id = ?`,
  );

  return {
    /** Recomputes `urls.depth` and `pages.depth` from the seeds (depth 0); unreachable URLs get null. */
    recompute: db.transaction((siteId: number): number => {
      clear.run();
      seeds.run(siteId);
      let level = 0;
      for (;;) {
        // Redirect hops keep the depth of the redirecting URL, so close over them first.
        while (viaRedirects.run(level, level).changes > 0);
        if (nextLevel.run(level + 1, level).changes === 0) break;
        level++;
      }
      applyUrls.run(siteId);
      applyPages.run(siteId);
      clear.run();
      return level;
    }),
  };
}
