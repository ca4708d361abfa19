/**
 * Rows of `page_extracts`: what each rule took from each page, its value read back parsed from `value_json`. A
 * crawl replaces a page's rows with the page (a page that is now a redirect or an error keeps no values from
 * before); `extract_apply` replaces one rule's.
 */
import type { ExtractValue } from '../../schemas/extraction.js';
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

export interface PageExtractWrite {
  extractor_id: number;
  value_json: string;
  first_text: string | null;
  first_num: number | null;
}

export interface PageExtractRow {
  page_id: number;
  extractor_id: number;
  value: ExtractValue;
}

interface StoredPageExtract {
  page_id: number;
  extractor_id: number;
  value_json: string;
}

const toPageExtract = (r: StoredPageExtract): PageExtractRow => ({
  page_id: r.page_id,
  extractor_id: r.extractor_id,
  value: JSON.parse(r.value_json) as ExtractValue,
});

const CHUNK = 500;

/** Statements are prepared on first use: tests build a store over databases from before migration 23. */
export function pageExtractsRepo(db: Db) {
  const prepared = statementCache(db);
  const clearPage = () => prepared('DELETE FROM page_extracts WHERE page_id = ?');
  const clearOne = () => prepared('DELETE FROM page_extracts WHERE page_id = ? AND extractor_id = ?');
  const put = () =>
    prepared(
      `INSERT INTO page_extracts (extractor_id, page_id, value_json, first_text, first_num) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(extractor_id, page_id) DO UPDATE SET value_json = excluded.value_json,
       first_text = excluded.first_text, first_num = excluded.first_num`,
    );
  const write = (pageId: number, r: PageExtractWrite) =>
    put().run(r.extractor_id, pageId, r.value_json, r.first_text, r.first_num);

  return {
    /** All of a page's values, as a crawl found them. */
    replacePage(pageId: number, rows: readonly PageExtractWrite[]): void {
      clearPage().run(pageId);
      for (const r of rows) write(pageId, r);
    },
    /** One rule's value on one page (null: none, the row goes). */
    putOne(pageId: number, extractorId: number, row: PageExtractWrite | null): void {
      if (row) write(pageId, row);
      else clearOne().run(pageId, extractorId);
    },
    /** The values of the given pages, for the given rules. */
    forPages(pageIds: readonly number[], extractorIds: readonly number[]): PageExtractRow[] {
      if (!pageIds.length || !extractorIds.length) return [];
      const out: PageExtractRow[] = [];
      const rules = extractorIds.map(() => '?').join(',');
      for (let i = 0; i < pageIds.length; i += CHUNK) {
        const ids = pageIds.slice(i, i + CHUNK);
        const sql = `SELECT page_id, extractor_id, value_json FROM page_extracts
          WHERE page_id IN (${ids.map(() => '?').join(',')}) AND extractor_id IN (${rules})`;
        out.push(
          ...prepared<number[], StoredPageExtract>(sql)
            .all(...ids, ...extractorIds)
            .map(toPageExtract),
        );
      }
      return out;
    },
  };
}
export type PageExtractsRepo = ReturnType<typeof pageExtractsRepo>;
