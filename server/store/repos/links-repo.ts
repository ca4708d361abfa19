/** Rows of `links`: one per (source, target, kind), replaced whenever the source page is fetched again. */
import type { Db } from '../db.js';

export interface LinkWrite {
  target_id: number;
  edge_kind: string;
  anchor_text: string | null;
  nofollow: boolean;
  count: number;
}

export function linksRepo(db: Db) {
  const clear = db.prepare<[number]>('DELETE FROM links WHERE source_id = ?');
  const insert = db.prepare<[number, number, number, string, string | null, number, number]>(
    `INSERT INTO links (site_id, source_id, target_id, edge_kind, anchor_text, nofollow, count)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    replaceOutgoing(siteId: number, sourceId: number, links: LinkWrite[]): void {
      clear.run(sourceId);
      for (const l of links) {
        insert.run(siteId, sourceId, l.target_id, l.edge_kind, l.anchor_text, l.nofollow ? 1 : 0, l.count);
      }
    },
  };
}
export type LinksRepo = ReturnType<typeof linksRepo>;
