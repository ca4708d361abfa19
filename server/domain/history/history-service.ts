/**
 * Crawl history as the API and the jobs see it: a snapshot at the end of every finished spider crawl (pruned to
 * the `keep_crawls` newest), the changes between two snapshots with the audit's issues that appeared and were
 * fixed, and one page's states crawl by crawl.
 */
import {
  CHANGE_KINDS,
  type Change,
  type IssuesGone,
  type ChangeKind,
  type ChangeList,
  type ChangesQuery,
  type PageHistory,
  type PageState,
  type Snapshot,
} from '../../schemas/history.js';
import type { CursorKey } from '../../schemas/common.js';
import type { SiteChangedEvent } from '../../schemas/events.js';
import type { Store } from '../../store/index.js';
import type { SnapshotRow, UrlStateRow } from '../../store/repos/history-repo.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { requireSite } from '../sites/site-required.js';
import { capital, siteLabelById } from '../sites/site-label.js';
import type { EventBus } from '../events.js';
import type { SettingsService } from '../settings/settings-service.js';
import { afterKey, cursorPage } from '../sort-cursor.js';
import { changeNotice } from './change-notice.js';
import { issueGone, issuesGoneGroups } from './issues-gone.js';
import { pageChanges } from './page-changes.js';

type Computed = Omit<Change, 'page_id'>;
interface Comparison {
  key: string;
  changes: Computed[];
  issues: boolean;
  issuesGone: IssuesGone[];
}
const KIND_RANK = new Map(CHANGE_KINDS.map((k, i) => [k, i]));

type PresentRow = UrlStateRow & { state: PageState };
/** The URLs that were pages at the crawl, by URL. */
const present = (rows: UrlStateRow[]) =>
  new Map(rows.filter((r): r is PresentRow => r.state !== null).map((r) => [r.url, r]));

export class HistoryService {
  /** The last comparison computed per site; a snapshot, an audit or a measured cosine makes it stale. */
  private readonly cache = new Map<number, Comparison>();

  constructor(
    private readonly store: Store,
    bus: EventBus,
    private readonly settings: SettingsService,
  ) {
    bus.on('site.updated', (e) => this.cache.delete(e.site_id));
  }

  /** A crawl's place among its site's crawls ("Crawl 3"), or null when its job is gone. */
  crawlNumber(crawlId: number): number | null {
    return this.store.jobs.crawlNumber(crawlId);
  }

  private toSnapshot(r: SnapshotRow): Snapshot {
    return {
      crawl_id: r.crawl_id,
      crawl_number: this.crawlNumber(r.crawl_id),
      finished_at: r.finished_at,
      urls: r.urls,
      changed: r.changed,
    };
  }

  /** Called by the crawl job once the crawl finished; prunes to `keep_crawls` in the same transaction. */
  snapshotCrawl(siteId: number, crawlId: number): Snapshot {
    const keep = this.settings.get().keep_crawls;
    const row = this.store.tx(() => {
      const taken = this.store.history.take(siteId, crawlId);
      this.store.history.prune(siteId, keep);
      return taken;
    });
    this.cache.delete(siteId);
    return this.toSnapshot(row);
  }

  snapshots(siteId: number, q: { limit: number; cursor?: CursorKey | undefined }) {
    requireSite(this.store, siteId);
    const after = afterKey(q.cursor, 'number');
    const rows = this.store.history
      .snapshots(siteId)
      .filter((r) => after === null || r.crawl_id < after)
      .slice(0, q.limit + 1);
    const { page, next_cursor } = cursorPage(rows, q.limit, (r) => [r.crawl_id]);
    return { items: page.map((r) => this.toSnapshot(r)), next_cursor };
  }

  /**
   * Records how far a changed page's text moved in meaning, measured by the embedding job as it replaces the
   * page's vector, on the latest snapshot's row for it (a content change has one). One recorder per batch.
   */
  contentMoved(siteId: number): (url: string, cosine: number) => void {
    const latest = this.store.history.snapshots(siteId)[0];
    return (url, cosine) => {
      if (!latest) return;
      this.store.history.setContentCosine(siteId, url, latest.crawl_id, Math.round(cosine * 1e4) / 1e4);
      this.cache.delete(siteId);
    };
  }

  /**
   * The two snapshots a comparison is between: `to` defaults to the latest, `from` to the one before it. Both
   * must be finished spider crawls of this site still kept; a crawl that is not is a 400 saying why.
   */
  pair(siteId: number, from?: number, to?: number): { from: SnapshotRow; to: SnapshotRow } {
    requireSite(this.store, siteId);
    const all = this.store.history.snapshots(siteId);
    const find = (id: number, param: 'from' | 'to') => {
      const s = all.find((r) => r.crawl_id === id);
      if (!s) {
        const why = this.notComparable(siteId, id);
        throw new ValidationError(`Crawl ${id} cannot be compared: ${why}.`, [
          { path: `query.${param}`, message: why },
        ]);
      }
      return s;
    };
    const toRow = to !== undefined ? find(to, 'to') : all[0];
    if (!toRow)
      throw new NotFoundError(
        `${capital(siteLabelById(this.store, siteId))} has no finished crawl yet; changes need two.`,
      );
    const fromRow = from !== undefined ? find(from, 'from') : all.find((r) => r.crawl_id < toRow.crawl_id);
    if (!fromRow) {
      throw new NotFoundError(
        `${capital(siteLabelById(this.store, siteId))} has one finished crawl (${toRow.crawl_id}); changes are shown once it has been crawled again.`,
      );
    }
    if (fromRow.crawl_id >= toRow.crawl_id) {
      throw new ValidationError('`from` must be an earlier crawl than `to`.', [
        { path: 'query.from', message: `must be an earlier crawl than ${toRow.crawl_id}` },
      ]);
    }
    return { from: fromRow, to: toRow };
  }

  /** Why job `id` has no snapshot of site `siteId`, in the words of a 400's detail. */
  private notComparable(siteId: number, id: number): string {
    const job = this.store.jobs.get(id);
    if (!job) return 'there is no crawl with that id';
    if (job.kind !== 'crawl') return `job ${id} is a ${job.kind} job, not a crawl`;
    if (job.site_id !== siteId) {
      const other = job.site_id === null ? undefined : this.store.sites.get(job.site_id);
      return `it is a crawl of another site${other ? ` (${other.name})` : ''}`;
    }
    if (job.status === 'queued' || job.status === 'running') return `it has not finished (${job.status})`;
    if (job.status !== 'succeeded')
      return `it ${job.status === 'failed' ? 'failed' : 'was cancelled'}, so it keeps no snapshot`;
    if (job.params.mode === 'list')
      return 'it is a list crawl, which fetched only its URLs and keeps no snapshot';
    return 'its snapshot was pruned (the keep_crawls setting keeps only the newest)';
  }

  changes(siteId: number, q: ChangesQuery & { cursor?: CursorKey | undefined }): ChangeList {
    const { from, to } = this.pair(siteId, q.from, q.to);
    const { changes, issues, issuesGone } = this.compute(siteId, from.crawl_id, to.crawl_id);
    const summary = summarize(changes);
    const wanted = q.change ? new Set(q.change) : null;
    const after = q.cursor ? this.afterChange(q.cursor) : null;
    const rows = changes
      .filter((c) => !wanted || wanted.has(c.change))
      .filter((c) => !after || compareChange(c, after) > 0)
      .slice(0, q.limit + 1);
    const { page, next_cursor } = cursorPage(rows, q.limit, (c) => [c.url, c.change, c.check]);
    return {
      from: this.toSnapshot(from),
      to: this.toSnapshot(to),
      summary,
      issues_compared: issues,
      issues_gone: issuesGone,
      items: this.withPageIds(siteId, page),
      next_cursor,
    };
  }

  /** Every change between two snapshots, in list order, `size` at a time (the changes export). */
  *changePages(siteId: number, fromId: number, toId: number, size: number): Generator<Change[]> {
    const { changes } = this.compute(siteId, fromId, toId);
    for (let i = 0; i < changes.length; i += size) yield this.withPageIds(siteId, changes.slice(i, i + size));
  }

  private withPageIds(siteId: number, changes: Computed[]): Change[] {
    return changes.map((c) => ({ ...c, page_id: this.store.history.pageIdOf(siteId, c.url) }));
  }

  /**
   * Every change between two snapshots, sorted by URL, then kind, then check. An issue no longer listed is
   * `issue_fixed` only when its page is still an indexable page; one that went away with its page (no longer
   * reached, 404, redirect, error, noindex) is `issue_gone`, after the page's own change in the list.
   */
  compute(siteId: number, fromId: number, toId: number): Comparison {
    const key = `${fromId}:${toId}`;
    const cached = this.cache.get(siteId);
    if (cached?.key === key) return cached;
    const before = present(this.store.history.statesAt(siteId, fromId));
    const after = present(this.store.history.statesAt(siteId, toId));
    const changes: Computed[] = [];
    for (const url of new Set([...before.keys(), ...after.keys()])) {
      const a = before.get(url);
      const b = after.get(url);
      const cosine = b && b.crawl_id === toId ? b.content_cosine : null;
      for (const c of pageChanges(a?.state, b?.state, cosine)) changes.push({ url, check: null, ...c });
    }
    const runs = [this.store.audit.runOfCrawl(siteId, fromId), this.store.audit.runOfCrawl(siteId, toId)];
    const issues = runs[0] !== null && runs[1] !== null;
    if (issues) {
      const [was, now] = runs.map(
        (r) => new Set(this.store.audit.findingKeys(r!.id).map((f) => `${f.check_id}\u0000${f.url}`)),
      );
      const split = (k: string) => k.split('\u0000') as [string, string];
      for (const k of now!) {
        if (was!.has(k)) continue;
        const [check, url] = split(k);
        changes.push({ url, change: 'issue_added', check, before: null, after: null });
      }
      for (const k of was!) {
        if (now!.has(k)) continue;
        const [check, url] = split(k);
        const gone = issueGone(before.get(url)?.state, after.get(url)?.state);
        changes.push(
          gone
            ? { url, change: 'issue_gone', check, before: null, after: gone.now }
            : { url, change: 'issue_fixed', check, before: null, after: null },
        );
      }
    }
    changes.sort(compareChange);
    const entry = { key, changes, issues, issuesGone: issuesGoneGroups(changes) };
    this.cache.set(siteId, entry);
    return entry;
  }

  /**
   * The `site.changed` event for the crawl `toId` against the snapshot before it, or null when the notice
   * setting is off, there is no earlier crawl, or nothing notable changed.
   */
  notice(siteId: number, toId: number): SiteChangedEvent | null {
    const site = this.store.sites.get(siteId);
    const to = this.store.history.snapshot(toId);
    const from = this.store.history.snapshots(siteId).find((r) => r.crawl_id < toId);
    if (!site || !to || !from) return null;
    const { changes } = this.compute(siteId, from.crawl_id, toId);
    const before = present(this.store.history.statesAt(siteId, from.crawl_id));
    const notice = changeNotice({
      siteName: site.name,
      mode: this.settings.get().change_notices,
      changes,
      wasIndexable: (url) => before.get(url)?.state.indexable === true,
    });
    if (!notice) return null;
    const summary = summarize(changes);
    return { site_id: siteId, from: from.crawl_id, to: toId, summary, ...notice };
  }

  pageHistory(pageId: number): PageHistory {
    const page = this.store.pages.get(pageId);
    if (!page) throw new NotFoundError(`No page with id ${pageId}.`);
    const rows = this.store.history.urlRows(page.site_id, page.url);
    const snapshots = this.store.history.snapshots(page.site_id).reverse();
    const items: PageHistory['items'] = [];
    let prev: PageState | undefined;
    for (const s of snapshots) {
      const row = rows.filter((r) => r.crawl_id <= s.crawl_id).at(-1);
      const state = row?.state ?? undefined;
      const cosine = row && row.crawl_id === s.crawl_id ? row.content_cosine : null;
      const changes = items.length ? pageChanges(prev, state, cosine).map((c) => c.change) : [];
      items.push({
        crawl_id: s.crawl_id,
        crawl_number: this.crawlNumber(s.crawl_id),
        finished_at: s.finished_at,
        present: !!state,
        state: state ?? null,
        changes,
      });
      prev = state;
    }
    return { page_id: pageId, url: page.url, items: items.reverse() };
  }

  private afterChange(cursor: CursorKey): Pick<Computed, 'url' | 'change' | 'check'> {
    const [url, change, check] = cursor;
    if (
      cursor.length !== 3 ||
      typeof url !== 'string' ||
      !KIND_RANK.has(change as ChangeKind) ||
      (check !== null && typeof check !== 'string')
    ) {
      throw new ValidationError('The cursor does not belong to this list.', [
        { path: 'query.cursor', message: 'does not belong to this list' },
      ]);
    }
    return { url, change: change as ChangeKind, check };
  }
}

function summarize(changes: readonly Pick<Computed, 'change'>[]): Record<ChangeKind, number> {
  const summary = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const c of changes) summary[c.change]++;
  return summary;
}

function compareChange(
  a: Pick<Computed, 'url' | 'change' | 'check'>,
  b: Pick<Computed, 'url' | 'change' | 'check'>,
): number {
  if (a.url !== b.url) return a.url < b.url ? -1 : 1;
  const k = KIND_RANK.get(a.change)! - KIND_RANK.get(b.change)!;
  if (k !== 0) return k;
  return (a.check ?? '') < (b.check ?? '') ? -1 : (a.check ?? '') > (b.check ?? '') ? 1 : 0;
}
