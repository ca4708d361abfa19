/**
 * `page_lab` (migration 37): each rendered page's lab figures (schemas/page-lab.ts), written with the page by the
 * crawl and replaced with it; a page crawled again without them (not rendered, lab metrics off) loses its row,
 * so no figure outlives the crawl that measured it. Read by the pages list and export (views/pages-view.ts) and
 * the audit's lab checks (views/audit-sql-lab.ts).
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import type { LabFigures } from '../../schemas/page-lab.js';

export function pageLabRepo(db: Db) {
  // Prepared on first use: a store may open a database from before migration 37 (tests do).
  const statements = statementCache(db);
  const upsert = () =>
    statements<(string | number | null)[], never>(
      `INSERT INTO page_lab (page_id, profile, lcp_ms, cls, tbt_ms, transfer_bytes, requests, lcp_element, shifts,
         incomplete) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(page_id) DO UPDATE SET profile = excluded.profile, lcp_ms = excluded.lcp_ms,
         cls = excluded.cls, tbt_ms = excluded.tbt_ms, transfer_bytes = excluded.transfer_bytes,
         requests = excluded.requests, lcp_element = excluded.lcp_element, shifts = excluded.shifts,
         incomplete = excluded.incomplete`,
    );
  const remove = () => statements<[number], never>('DELETE FROM page_lab WHERE page_id = ?');
  return {
    /** Replaces a page's figures; null removes them. */
    write(pageId: number, lab: LabFigures | null): void {
      if (lab === null) {
        remove().run(pageId);
        return;
      }
      upsert().run(
        pageId,
        lab.profile,
        lab.lcp_ms,
        lab.cls,
        lab.tbt_ms,
        lab.transfer_bytes,
        lab.requests,
        lab.lcp_element && JSON.stringify(lab.lcp_element),
        JSON.stringify(lab.shifts),
        lab.incomplete ? 1 : 0,
      );
    },
  };
}
