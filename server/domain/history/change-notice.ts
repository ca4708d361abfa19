/**
 * The one-line notice after a scheduled crawl: of everything that changed, what an analyst must hear about. By
 * default (`important`) new high-priority issues, indexable pages whose status changed, and removed pages; `all`
 * adds every other changed page. Nothing to tell, no notice.
 */
import { CHECKS, type CheckId } from '../../schemas/audit-checks.js';
import type { ChangeKind } from '../../schemas/history.js';

export interface NoticeInput {
  siteName: string;
  mode: 'important' | 'all' | 'off';
  changes: { url: string; change: ChangeKind; check: string | null }[];
  /** Whether each URL was indexable at the earlier crawl. */
  wasIndexable: (url: string) => boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function changeNotice(input: NoticeInput): { notable: number; message: string } | null {
  if (input.mode === 'off') return null;
  const highIssues = input.changes.filter(
    (c) => c.change === 'issue_added' && CHECKS[c.check as CheckId]?.priority === 'high',
  ).length;
  const statusUrls = new Set(
    input.changes.filter((c) => c.change === 'status_changed' && input.wasIndexable(c.url)).map((c) => c.url),
  );
  const removed = input.changes.filter((c) => c.change === 'removed').length;
  const parts: string[] = [];
  if (highIssues) parts.push(plural(highIssues, 'new high-priority issue', 'new high-priority issues'));
  if (statusUrls.size)
    parts.push(plural(statusUrls.size, 'indexable page changed status', 'indexable pages changed status'));
  if (removed) parts.push(plural(removed, 'page removed', 'pages removed'));
  let notable = highIssues + statusUrls.size + removed;
  if (input.mode === 'all') {
    const pageChanges = input.changes.filter((c) => !c.change.startsWith('issue_'));
    const added = pageChanges.filter((c) => c.change === 'added').length;
    const changed = new Set(
      pageChanges.filter((c) => c.change !== 'added' && c.change !== 'removed').map((c) => c.url),
    ).size;
    if (added) parts.push(plural(added, 'page added', 'pages added'));
    if (changed) parts.push(plural(changed, 'page changed', 'pages changed'));
    notable = pageChanges.length + input.changes.filter((c) => c.change === 'issue_added').length;
  }
  return parts.length ? { notable, message: `${input.siteName}: ${parts.join(', ')}` } : null;
}
