/**
 * `page_skeletons`: each HTML page's layout skeleton (domain/crawl/layout-skeleton.ts), written with the page by
 * the crawl, and the template the crawl's finalise step put the page in (domain/templates/). A satellite of
 * `pages` like `page_markup`: the rows every list scans stay as small as they were. Shingles are stored as
 * little-endian uint32s (the byte order of every platform Siteloupe runs on) and decoded here.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

/** What the crawl writes of a page's skeleton: the shape `PageSkeleton` has, as a structured clone leaves it. */
export interface SkeletonWrite {
  shingles: Uint32Array;
  chain: string;
  generator: string | null;
}

/** A `Uint32Array` as the bytes of a BLOB (no copy). */
export const shinglesToBuffer = (s: Uint32Array): Buffer => Buffer.from(s.buffer, s.byteOffset, s.byteLength);

/** A BLOB as shingles (copied: a Buffer's offset need not be aligned for a Uint32Array view). */
export function shinglesFromBuffer(b: Buffer): Uint32Array {
  const out = new Uint32Array(b.byteLength >>> 2);
  new Uint8Array(out.buffer).set(b.subarray(0, out.byteLength));
  return out;
}

export function pageSkeletonsRepo(db: Db) {
  // Prepared on first use: a store may open a database from before migration 29 (tests do).
  const statements = statementCache(db);
  const upsert = () =>
    statements<[number, Buffer, string, string | null], never>(
      `INSERT INTO page_skeletons (page_id, shingles, chain, generator) VALUES (?, ?, ?, ?)
       ON CONFLICT(page_id) DO UPDATE SET shingles = excluded.shingles, chain = excluded.chain,
         generator = excluded.generator, template_id = NULL`,
    );
  const remove = () => statements<[number], never>('DELETE FROM page_skeletons WHERE page_id = ?');
  const clearSite = () =>
    statements<[number], never>(
      `UPDATE page_skeletons SET template_id = NULL
       WHERE template_id IS NOT NULL AND page_id IN (SELECT id FROM pages WHERE site_id = ?)`,
    );
  const assign = () =>
    statements<[number, number], never>('UPDATE page_skeletons SET template_id = ? WHERE page_id = ?');
  return {
    /** Replaces a page's skeleton (its template is then unknown until the crawl finalises); null removes it. */
    write(pageId: number, skeleton: SkeletonWrite | null): void {
      if (skeleton === null) remove().run(pageId);
      else upsert().run(pageId, shinglesToBuffer(skeleton.shingles), skeleton.chain, skeleton.generator);
    },
    /** Puts a site's pages in their templates, every other page of the site in none. Call inside a transaction. */
    assignTemplates(siteId: number, pages: Iterable<{ page_id: number; template_id: number }>): void {
      clearSite().run(siteId);
      const st = assign();
      for (const p of pages) st.run(p.template_id, p.page_id);
    },
  };
}
export type PageSkeletonsRepo = ReturnType<typeof pageSkeletonsRepo>;
