/**
 * The audit's exports: `issues.csv` (one row per check of the catalogue, with its count and share) and
 * `issue-urls.csv|xlsx` (one row per finding, its evidence flattened into cells; one sheet per check in XLSX, whose
 * columns are that check's evidence fields). Findings are read a page at a time, like every other export.
 */
import type { Finding, Issue } from '../../schemas/audit.js';
import type { CheckId } from '../../schemas/audit-checks.js';
import { Cursor, type CursorKey } from '../../schemas/common.js';
import { EVIDENCE } from '../../schemas/audit-terms.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Row } from './datasets.js';
import type { Sheet } from './xlsx-writer.js';

export const ISSUE_COLUMNS = [
  'check',
  'category',
  'severity',
  'priority',
  'title',
  'urls',
  'share',
  'muted',
  'description',
];
export const FINDING_COLUMNS = ['check', 'priority', 'severity', 'url', 'page_id', 'evidence'];

const PAGE = 1000;

/** One cell's text for an evidence value: lists one item a line, objects as `key: value` pairs. */
export function cellOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((v) => String(cellOf(v) ?? '')).join('\n');
  if (typeof value === 'object') {
    return Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(', ');
  }
  return value as string | number | boolean;
}

const issueRow = (i: Issue): Row => ({
  check: i.check,
  category: i.category,
  severity: i.severity,
  priority: i.priority,
  title: i.title,
  urls: i.urls,
  share: i.share,
  muted: i.muted,
  description: i.description,
});

export class AuditExports {
  constructor(private readonly audit: AuditService) {}

  /** Every check, in the issue list's order (priority, then URL count). */
  private checks(siteId: number): Issue[] {
    return this.audit.issues(siteId, { limit: 1000, include_empty: true, include_muted: true }).items;
  }

  async *issues(siteId: number): AsyncGenerator<Row[]> {
    yield this.checks(siteId).map(issueRow);
  }

  /** The check's findings a page at a time, yielding to other requests between pages. */
  private async *findingsOf(siteId: number, issue: Issue): AsyncGenerator<Finding[]> {
    for (const items of this.audit.findingPages(siteId, issue.check, PAGE)) {
      yield items;
      await new Promise((r) => setImmediate(r));
    }
  }

  /** CSV rows: the evidence as one cell of `key: value` text. */
  async *findingRows(siteId: number): AsyncGenerator<Row[]> {
    for (const issue of this.checks(siteId).filter((i) => i.urls > 0)) {
      for await (const items of this.findingsOf(siteId, issue)) {
        yield items.map((f) => ({
          check: f.check,
          priority: issue.priority,
          severity: issue.severity,
          url: f.url,
          page_id: f.page_id,
          evidence: cellOf(f.evidence),
        }));
      }
    }
  }

  /**
   * One check's URLs as its issue view lists them (all, or only those a template fix covers, or only the fixes
   * of their own): each with its title, how it is fixed and a column per field of its evidence. The columns
   * depend on the check, so they come with the rows. A check that found nothing has the columns and no row.
   */
  checkTable(
    siteId: number,
    check: CheckId,
    inTemplate: boolean | undefined,
  ): { columns: string[]; chunks: AsyncIterable<Row[]> } {
    const issue = this.checks(siteId).find((i) => i.check === check);
    const fields = issue ? Object.keys(EVIDENCE[issue.evidence].shape) : [];
    const templates = new Map(issue?.templates.map((t) => [t.template_id, t.label]));
    const audit = this.audit;
    return {
      columns: ['url', 'title', 'page_id', 'fix', ...fields],
      chunks: (async function* () {
        let cursor: CursorKey | undefined;
        do {
          const page = audit.findings(siteId, check, { limit: PAGE, cursor, in_template: inTemplate });
          yield page.items.map((f) => ({
            url: f.url,
            title: f.title,
            page_id: f.page_id,
            fix:
              f.template_id === null
                ? 'this page'
                : `in template: ${templates.get(f.template_id) ?? f.template_id}`,
            ...Object.fromEntries(fields.map((k) => [k, cellOf((f.evidence as Record<string, unknown>)[k])])),
          }));
          cursor = page.next_cursor === null ? undefined : Cursor.parse(page.next_cursor);
          await new Promise((r) => setImmediate(r));
        } while (cursor);
      })(),
    };
  }

  /** XLSX sheets: one per check with findings, a column per field of its evidence. */
  async *sheets(siteId: number): AsyncGenerator<Sheet> {
    const withFindings = this.checks(siteId).filter((i) => i.urls > 0);
    if (!withFindings.length) {
      yield { name: 'issues', columns: ISSUE_COLUMNS, chunks: this.issues(siteId) };
      return;
    }
    for (const issue of withFindings) {
      const fields = Object.keys(EVIDENCE[issue.evidence].shape);
      const findings = this.findingsOf(siteId, issue);
      yield {
        name: issue.check,
        columns: ['url', 'page_id', ...fields],
        chunks: (async function* () {
          for await (const items of findings) {
            yield items.map((f) => ({
              url: f.url,
              page_id: f.page_id,
              ...Object.fromEntries(
                fields.map((k) => [k, cellOf((f.evidence as Record<string, unknown>)[k])]),
              ),
            }));
          }
        })(),
      };
    }
  }
}
