/**
 * `page_renders` (migration 35): a rendered page's raw HTML against its rendered DOM (#36 §1), written with the
 * page by the crawl (domain/crawl/render-compare.ts decides what changed), read by the page details and the `js_*`
 * audit checks. JSON columns are decoded here.
 */
import type { Db } from '../db.js';
import { marks } from '../sql.js';
import { statementCache } from '../statement-cache.js';
import type { BlockedResource, ConsoleErrorEntry, JsChange } from '../../schemas/page-render.js';

/** What the crawl writes of one rendered page; the rendered side's title, h1 … are the page's own columns. */
export interface PageRenderWrite {
  raw_title: string | null;
  raw_description: string | null;
  raw_h1: string | null;
  raw_canonical: string | null;
  raw_robots: string[];
  rendered_robots: string[];
  raw_word_count: number;
  raw_links: number;
  rendered_links: number;
  changed: JsChange[];
  links_only_rendered: string[];
  links_only_rendered_count: number;
  console_errors: ConsoleErrorEntry[];
  console_error_count: number;
  blocked_resources: BlockedResource[];
  blocked_count: number;
}

/** Columns holding JSON, decoded here. */
type JsonColumn =
  | 'raw_robots'
  | 'rendered_robots'
  | 'changed'
  | 'links_only_rendered'
  | 'console_errors'
  | 'blocked_resources';
type Stored = Omit<PageRenderWrite, JsonColumn> & Record<JsonColumn, string>;

const COLUMNS = [
  'raw_title',
  'raw_description',
  'raw_h1',
  'raw_canonical',
  'raw_robots',
  'rendered_robots',
  'raw_word_count',
  'raw_links',
  'rendered_links',
  'changed',
  'links_only_rendered',
  'links_only_rendered_count',
  'console_errors',
  'console_error_count',
  'blocked_resources',
  'blocked_count',
] as const satisfies (keyof PageRenderWrite)[];

export function pageRendersRepo(db: Db) {
  // Prepared on first use: a store may open a database from before migration 35 (tests do).
  const st = statementCache(db);
  const upsert = () =>
    st<[Stored & { page_id: number }], never>(
      `INSERT INTO page_renders (page_id, ${COLUMNS.join(', ')})
       VALUES (@page_id, ${COLUMNS.map((c) => `@${c}`).join(', ')})
       ON CONFLICT(page_id) DO UPDATE SET ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    );
  return {
    /** Replaces a page's row; null (the page was not rendered this time) removes it. */
    write(pageId: number, row: PageRenderWrite | null): void {
      if (row === null) {
        st<[number], never>('DELETE FROM page_renders WHERE page_id = ?').run(pageId);
        return;
      }
      upsert().run({
        page_id: pageId,
        ...row,
        raw_robots: JSON.stringify(row.raw_robots),
        rendered_robots: JSON.stringify(row.rendered_robots),
        changed: JSON.stringify(row.changed),
        links_only_rendered: JSON.stringify(row.links_only_rendered),
        console_errors: JSON.stringify(row.console_errors),
        blocked_resources: JSON.stringify(row.blocked_resources),
      });
    },

    /** What JavaScript changed of each of these pages that was rendered (pages not rendered are absent). */
    changedOf(pageIds: readonly number[]): Map<number, JsChange[]> {
      const out = new Map<number, JsChange[]>();
      if (!pageIds.length) return out;
      const rows = st<number[], { page_id: number; changed: string }>(
        `SELECT page_id, changed FROM page_renders WHERE page_id IN (${marks(pageIds.length)})`,
      ).all(...pageIds);
      for (const r of rows) out.set(r.page_id, JSON.parse(r.changed) as JsChange[]);
      return out;
    },

    get(pageId: number): PageRenderWrite | null {
      const row = st<[number], Stored>(
        `SELECT ${COLUMNS.join(', ')} FROM page_renders WHERE page_id = ?`,
      ).get(pageId);
      if (!row) return null;
      return {
        ...row,
        raw_robots: JSON.parse(row.raw_robots) as string[],
        rendered_robots: JSON.parse(row.rendered_robots) as string[],
        changed: JSON.parse(row.changed) as JsChange[],
        links_only_rendered: JSON.parse(row.links_only_rendered) as string[],
        console_errors: JSON.parse(row.console_errors) as ConsoleErrorEntry[],
        blocked_resources: JSON.parse(row.blocked_resources) as BlockedResource[],
      };
    },
  };
}
export type PageRendersRepo = ReturnType<typeof pageRendersRepo>;
