/**
 * `page_a11y_scans` and `page_a11y` (migration 0036): what axe-core found in each rendered page (#36 §2), written
 * by the crawl with the page and by the accessibility job, read by the audit's SQL (store/views/audit-sql-a11y.ts)
 * and by the job, which lists the pages it checks from here. Statements are prepared on first use: a store may
 * open a database from before the migration (tests do).
 */
import { z } from 'zod';
import { A11yNode, type A11yScan, AxeImpact } from '../../schemas/a11y-scan.js';
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import { HTML_200 } from '../views/audit-sql-fragments.js';

export interface A11yTarget {
  id: number;
  url: string;
}

export interface A11yCoverage {
  /** HTML pages answering 200: those an accessibility check applies to. */
  html_pages: number;
  /** Of those, the pages axe-core checked (by a rendered crawl or the accessibility job). */
  checked: number;
  /** Of those, the pages failing at least one rule. */
  failing: number;
}

const StoredNodes = z.array(A11yNode);
const StoredRow = z.object({
  rule: z.string(),
  impact: AxeImpact.nullable(),
  count: z.number().int(),
  nodes: z.string().transform((s) => StoredNodes.parse(JSON.parse(s))),
});

export function pageA11yRepo(db: Db) {
  const statements = statementCache(db);
  const removeScan = () => statements<[number], never>('DELETE FROM page_a11y_scans WHERE page_id = ?');
  const upsertScan = () =>
    statements<[number, string, number, number, string], never>(
      `INSERT INTO page_a11y_scans (page_id, axe_version, best_practices, ms, scanned_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(page_id) DO UPDATE SET axe_version = excluded.axe_version,
         best_practices = excluded.best_practices, ms = excluded.ms, scanned_at = excluded.scanned_at`,
    );
  const removeRules = () => statements<[number], never>('DELETE FROM page_a11y WHERE page_id = ?');
  const insertRule = () =>
    statements<[number, string, string | null, number, string], never>(
      'INSERT INTO page_a11y (page_id, rule, impact, count, nodes) VALUES (?, ?, ?, ?, ?)',
    );
  const targets = () =>
    statements<[number, number, number], A11yTarget>(
      `SELECT p.id, p.url FROM pages p WHERE p.site_id = ? AND p.id > ? AND ${HTML_200}
       ORDER BY p.id LIMIT ?`,
    );
  const countTargets = () =>
    statements<[number], { n: number }>(
      `SELECT COUNT(*) AS n FROM pages p WHERE p.site_id = ? AND ${HTML_200}`,
    );
  const coverage = () =>
    statements<[number], A11yCoverage>(
      `SELECT COUNT(*) AS html_pages, COUNT(s.page_id) AS checked,
         COUNT(CASE WHEN EXISTS (SELECT 1 FROM page_a11y a WHERE a.page_id = s.page_id) THEN 1 END) AS failing
       FROM pages p LEFT JOIN page_a11y_scans s ON s.page_id = p.id
       WHERE p.site_id = ? AND ${HTML_200}`,
    );
  const rulesOf = () =>
    statements<[number], { rule: string; impact: string | null; count: number; nodes: string }>(
      'SELECT rule, impact, count, nodes FROM page_a11y WHERE page_id = ? ORDER BY rule',
    );

  return {
    /**
     * Replaces what a page's last check found. Null (a crawl that did not check it: not rendered, or axe failed
     * in it) removes it, since the page may have changed since. Call inside a transaction.
     */
    write(pageId: number, scan: A11yScan | null): void {
      removeRules().run(pageId);
      if (scan === null) {
        removeScan().run(pageId);
        return;
      }
      upsertScan().run(
        pageId,
        scan.axe_version,
        scan.best_practices ? 1 : 0,
        scan.ms,
        new Date().toISOString(),
      );
      const insert = insertRule();
      for (const v of scan.violations) insert.run(pageId, v.rule, v.impact, v.count, JSON.stringify(v.nodes));
    },
    /** The site's HTML pages answering 200 after page `afterId`, in id order: what the accessibility job checks. */
    targets(siteId: number, afterId: number, limit: number): A11yTarget[] {
      return targets().all(siteId, afterId, limit);
    },
    countTargets(siteId: number): number {
      return countTargets().get(siteId)?.n ?? 0;
    },
    /** How much of the site axe-core has checked. */
    coverage(siteId: number): A11yCoverage {
      return coverage().get(siteId) ?? { html_pages: 0, checked: 0, failing: 0 };
    },
    /** The rules a page fails, with their elements (decoded). */
    rules(pageId: number) {
      return rulesOf()
        .all(pageId)
        .map((r) => StoredRow.parse(r));
    },
  };
}
export type PageA11yRepo = ReturnType<typeof pageA11yRepo>;
