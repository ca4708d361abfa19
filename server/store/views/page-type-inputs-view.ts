/**
 * What classifying a site's pages reads (domain/pages/page-types-service.ts): each page's stored fields with its
 * markup signals (`page_signals`, absent for pages crawled before migration 27), and which sites still have HTML
 * pages without a type. The link graph comes from the link index's packed reads (views/link-index-view.ts).
 */
import type { Db } from '../db.js';
import { parsePageSignals, type PageSignals } from '../repos/page-signals-repo.js';
import { statementCache } from '../statement-cache.js';

export interface PageTypeInputRow {
  id: number;
  url: string;
  status_code: number | null;
  content_type: string | null;
  depth: number | null;
  title: string | null;
  h1: string | null;
  headings: { level: number; text: string }[];
  word_count: number;
  structured_data_types: string[];
  signals: PageSignals | null;
}

type StoredRow = Omit<PageTypeInputRow, 'headings' | 'structured_data_types' | 'signals'> & {
  headings: string;
  structured_data_types: string;
  signals: string | null;
};

export function pageTypeInputsView(db: Db) {
  // Prepared on first use: the tables are migration 27's.
  const statements = statementCache(db);
  const pages = () =>
    statements<[number], StoredRow>(
      `SELECT p.id, p.url, p.status_code, p.content_type, p.depth, p.title, p.h1, p.headings, p.word_count,
         p.structured_data_types, s.signals
       FROM pages p LEFT JOIN page_signals s ON s.page_id = p.id WHERE p.site_id = ? ORDER BY p.id`,
    );
  const unclassified = () =>
    statements<[], number>(
      `SELECT DISTINCT site_id FROM pages
       WHERE page_type IS NULL AND status_code >= 200 AND status_code < 300 AND content_type LIKE '%html%'`,
    ).pluck();
  return {
    /** Every page of the site, JSON columns parsed. */
    *pages(siteId: number): Generator<PageTypeInputRow> {
      for (const r of pages().iterate(siteId))
        yield {
          ...r,
          headings: JSON.parse(r.headings) as PageTypeInputRow['headings'],
          structured_data_types: JSON.parse(r.structured_data_types) as string[],
          signals: parsePageSignals(r.signals),
        };
    },
    /** Sites with an HTML page that has no type (a database from before page types, or a crawl cut short). */
    sitesWithUnclassifiedPages: (): number[] => unclassified().all(),
  };
}
