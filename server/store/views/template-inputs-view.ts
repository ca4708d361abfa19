/**
 * What a site's templates are found from (domain/templates/): every HTML page answering 2xx that has a layout
 * skeleton, with its URL and title (a template's label is made of what its pages share); and how many pages of
 * each template an audit check looks at (domain/audit/template-fixes.ts).
 */
import type { Population } from '../../schemas/audit-checks.js';
import type { Db } from '../db.js';
import { shinglesFromBuffer } from '../repos/page-skeletons-repo.js';
import { statementCache } from '../statement-cache.js';

const HTML_200 = `(p.status_code = 200 AND p.content_type IN ('text/html', 'application/xhtml+xml'))`;

export interface TemplateInputRow {
  id: number;
  url: string;
  title: string | null;
  shingles: Uint32Array;
  chain: string;
  generator: string | null;
}

type RawRow = Omit<TemplateInputRow, 'shingles'> & { shingles: Buffer };

/** A template's pages in each population an audit check is taken over (schemas/audit-checks.ts `POPULATIONS`). */
export type TemplatePopulations = Record<Population, number>;

export function templateInputsView(db: Db) {
  // Prepared on first use: a store may open a database from before migration 29 (tests do).
  const statements = statementCache(db);
  const pages = () =>
    statements<[number], RawRow>(
      `SELECT p.id, p.url, p.title, s.shingles, s.chain, s.generator
       FROM pages p JOIN page_skeletons s ON s.page_id = p.id
       WHERE p.site_id = ? AND p.status_code BETWEEN 200 AND 299
       ORDER BY p.id`,
    );
  const populations = () =>
    statements<
      [number],
      {
        template_id: number;
        pages: number;
        html_pages: number;
        indexable_pages: number;
        embedded_pages: number;
      }
    >(
      `SELECT s.template_id, COUNT(*) AS pages,
         SUM(${HTML_200}) AS html_pages,
         SUM(${HTML_200} AND p.indexable = 1) AS indexable_pages,
         SUM(EXISTS (SELECT 1 FROM page_embeddings e WHERE e.page_id = p.id)) AS embedded_pages
       FROM page_skeletons s JOIN pages p ON p.id = s.page_id
       WHERE p.site_id = ? AND s.template_id IS NOT NULL
       GROUP BY s.template_id`,
    );
  const headingPages = () =>
    statements<[number, string], { template_id: number; pages: number }>(
      `SELECT s.template_id, COUNT(DISTINCT p.id) AS pages
       FROM pages p JOIN page_skeletons s ON s.page_id = p.id, json_each(p.headings) h
       WHERE p.site_id = ? AND s.template_id IS NOT NULL AND json_extract(h.value, '$.text') = ?
       GROUP BY s.template_id`,
    );
  return {
    /** How many pages of each template have a heading of these words. */
    headingPages: (siteId: number, text: string): Map<number, number> =>
      new Map(
        headingPages()
          .all(siteId, text)
          .map((r) => [r.template_id, r.pages]),
      ),
    /** Each template's pages by population (a page is in its variant, or in its layout when it has none). */
    populations: (siteId: number): Map<number, TemplatePopulations> =>
      new Map(
        populations()
          .all(siteId)
          .map((r) => [
            r.template_id,
            {
              internal_urls: r.pages,
              pages: r.pages,
              redirects: 0,
              html_pages: r.html_pages,
              indexable_pages: r.indexable_pages,
              embedded_pages: r.embedded_pages,
            },
          ]),
      ),
    pages: (siteId: number): TemplateInputRow[] =>
      pages()
        .all(siteId)
        .map((r) => ({ ...r, shingles: shinglesFromBuffer(r.shingles) })),
  };
}
