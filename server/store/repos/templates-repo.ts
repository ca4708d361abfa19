/**
 * `templates`: a site's templates as its last finalised crawl found them (domain/templates/): layouts, and the
 * variants inside a layout (`parent_id`). Replaced whole for a site each time; ids run from 1 per site.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

export interface TemplateRow {
  id: number;
  /** The layout a variant belongs to; null for a layout. */
  parent_id: number | null;
  label: string;
  /** The affix most of its titles share, `…` standing for a page's own words (`… — Site`); null for none. */
  title_pattern: string | null;
  pages: number;
  /** A page of the template an analyst can open to see it. */
  example_page_id: number | null;
}

export function templatesRepo(db: Db) {
  // Prepared on first use: a store may open a database from before migration 29 (tests do).
  const statements = statementCache(db);
  const clear = () => statements<[number], never>('DELETE FROM templates WHERE site_id = ?');
  const insert = () =>
    statements<[number, number, number | null, string, string | null, number, number | null], never>(
      `INSERT INTO templates (site_id, id, parent_id, label, title_pattern, pages, example_page_id)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
  const list = () =>
    statements<[number], TemplateRow>(
      `SELECT id, parent_id, label, title_pattern, pages, example_page_id FROM templates
       WHERE site_id = ? ORDER BY id`,
    );
  return {
    /** A site's templates are these from now on. Call inside a transaction. */
    replace(siteId: number, rows: readonly TemplateRow[]): void {
      clear().run(siteId);
      const st = insert();
      for (const r of rows)
        st.run(siteId, r.id, r.parent_id, r.label, r.title_pattern, r.pages, r.example_page_id);
    },
    list: (siteId: number): TemplateRow[] => list().all(siteId),
  };
}
export type TemplatesRepo = ReturnType<typeof templatesRepo>;
