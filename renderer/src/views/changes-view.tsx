/**
 * What changed on a site between two crawls: pick the crawls (the latest two by default), read the summary as a
 * bar per kind of change (a bar filters the list), and go through the changes URL by URL with what each was
 * before and is after. Crawls, kinds and filter live in the address (`?from=&to=&change=`), so a notice or
 * another view can link to one comparison; "Export" downloads the comparison shown (its crawls and kinds).
 * Everything from the crawled site is rendered as text.
 */
import { useState } from 'react';
import { ApiError } from '../api/client.js';
import { call } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { ChangeKind, ChangeList, Snapshot } from '../api/types.js';
import { CHANGE_KINDS } from '../api/value-lists.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { usePagedList } from '../hooks/use-paged-list.js';
import { fmtCount, fmtDate } from '../format.js';
import { links, replaceHashParams } from '../router.js';
import { ChangeSummaryPanel } from './change-summary.js';
import { ChangeTable } from './change-table.js';
import { crawlName } from './change-text.js';
import { ExportButton } from '../components/export-button.js';

/** Rows a page of the list; more come with "Load more". */
const PAGE_SIZE = 50;

/** A crawl id from the address, or undefined when there is none (or it is not one). */
const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/** The kinds named in the address's comma list; none named: every kind. */
const kindsParam = (value: string | null) =>
  (value ?? '').split(',').filter((v): v is ChangeKind => CHANGE_KINDS.includes(v as ChangeKind));

export function ChangesView({ siteId, params }: { siteId: number; params: URLSearchParams }) {
  // `keep_crawls` bounds the snapshots a site keeps, far below a page of 1000.
  const snapshots = useApi(
    (signal) => call('history.snapshots', { site_id: siteId, limit: 1000 }, { signal }),
    [siteId],
  );
  useSiteChanges(siteId, ['pages'], snapshots.reload);
  const items = snapshots.data?.items;
  return (
    <section className="view">
      <header className="view-header">
        <div className="view-header-text">
          <h1>Changes</h1>
          <p className="view-lede">
            What changed between two crawls: pages added and removed, status codes, titles, text, links, your
            extraction rules’ values and the audit’s issues. Click a kind of change to list only those.
          </p>
        </div>
      </header>
      <ErrorNotice error={snapshots.error} />
      {!items && !snapshots.error && <Loading />}
      {items && items.length < 2 && <NotYet siteId={siteId} crawls={items.length} />}
      {items && items.length >= 2 && <Comparison siteId={siteId} snapshots={items} params={params} />}
    </section>
  );
}

function NotYet({ siteId, crawls }: { siteId: number; crawls: number }) {
  return (
    <EmptyState title="Changes appear after the second crawl.">
      <p>
        {crawls === 0
          ? 'This site has no finished crawl yet.'
          : 'This site has been crawled once; there is nothing to compare it with yet.'}{' '}
        Each finished crawl is kept, and the next one is compared with it.{' '}
        <a href={links.site(siteId)}>Crawl it from the overview</a>, or give it a schedule.
      </p>
    </EmptyState>
  );
}

/** The crawls the address names, completed with the server's defaults: the latest, and the one before `to`. */
function pairOf(snapshots: Snapshot[], from: number | undefined, to: number | undefined) {
  const toId = to ?? snapshots[0]!.crawl_id;
  const fromId = from ?? snapshots.find((s) => s.crawl_id < toId)?.crawl_id;
  return { fromId, toId };
}

function Comparison(props: { siteId: number; snapshots: Snapshot[]; params: URLSearchParams }) {
  const { siteId, snapshots, params } = props;
  const from = idParam(params.get('from'));
  const to = idParam(params.get('to'));
  const kinds = kindsParam(params.get('change'));
  const kindsKey = kinds.join(',');
  // The summary and the two crawls come with every page of changes; the last page's are the current ones.
  const [head, setHead] = useState<{ key: string; list: ChangeList }>();
  const pairKey = `${from ?? ''}:${to ?? ''}`;
  const list = usePagedList(
    (cursor, signal) =>
      call(
        'history.changes',
        { site_id: siteId, from, to, change: kinds, cursor, limit: PAGE_SIZE },
        { signal },
      ).then((page) => {
        setHead({ key: pairKey, list: page });
        return page;
      }),
    [siteId, pairKey, kindsKey],
  );
  useSiteChanges(siteId, ['pages', 'audit', 'embeddings'], list.reload, 3000);

  const { fromId, toId } = pairOf(snapshots, from, to);
  const pick = (which: 'from' | 'to', id: number) => {
    let f = fromId;
    let t = toId;
    if (which === 'to') {
      t = id;
      if (f === undefined || f >= t) f = snapshots.find((s) => s.crawl_id < t)?.crawl_id;
    } else {
      f = id;
      if (f >= t) t = [...snapshots].reverse().find((s) => s.crawl_id > id)!.crawl_id;
    }
    replaceHashParams({ from: f === undefined ? undefined : String(f), to: String(t) });
  };
  const setKinds = (next: ChangeKind[]) => replaceHashParams({ change: next.join(',') || undefined });

  // The latest two asked for and fewer than two crawls after all (the site's crawls changed meanwhile).
  if (from === undefined && to === undefined && list.error instanceof ApiError && list.error.status === 404)
    return <NotYet siteId={siteId} crawls={snapshots.length} />;
  const current = head?.key === pairKey ? head.list : undefined;
  const shown = current
    ? (kinds.length ? kinds : CHANGE_KINDS).reduce((sum, k) => sum + (current.summary[k] ?? 0), 0)
    : 0;

  const picker = (
    <div className="crawl-pair">
      <CrawlSelect
        label="From crawl"
        snapshots={snapshots.slice(1)}
        value={fromId}
        onChange={(id) => pick('from', id)}
      />
      <span className="crawl-pair-arrow" aria-hidden="true">
        →
      </span>
      <CrawlSelect
        label="To crawl"
        snapshots={snapshots.slice(0, -1)}
        value={toId}
        onChange={(id) => pick('to', id)}
      />
      <ExportButton
        name="changes"
        formats={['csv', 'xlsx']}
        query={{ site_id: siteId, from: fromId, to: toId, ...(kinds.length ? { change: kinds } : {}) }}
        what="these changes"
        disabled={fromId === undefined}
      />
      {(from !== undefined || to !== undefined) && (
        <button
          type="button"
          className="btn btn-link"
          onClick={() => replaceHashParams({ from: undefined, to: undefined })}
        >
          Latest two crawls
        </button>
      )}
    </div>
  );

  return (
    <>
      <ChangeSummaryPanel
        picker={picker}
        list={current}
        failed={Boolean(list.error)}
        selected={kinds}
        onToggle={(kind) =>
          setKinds(kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind])
        }
      />
      <ErrorNotice error={list.error} />
      {current && (
        <>
          <div className="panel change-list">
            <div className="change-list-head">
              <h2>
                {kinds.length ? 'Changes of the chosen kinds' : 'Every change'}{' '}
                <span className="muted">
                  · {list.items.length < shown ? `${list.items.length.toLocaleString()} of ` : ''}
                  {fmtCount(shown, 'change')}
                </span>
              </h2>
              {kinds.length > 0 && (
                <button type="button" className="btn btn-small" onClick={() => setKinds([])}>
                  Show every kind
                </button>
              )}
            </div>
            {list.items.length === 0 && !list.loading ? (
              <p className="muted">
                {kinds.length ? 'No change of these kinds.' : 'Nothing changed between these two crawls.'}
              </p>
            ) : (
              <ChangeTable siteId={siteId} changes={list.items} />
            )}
            {list.hasMore && (
              <button type="button" className="btn" onClick={list.loadMore} disabled={list.loading}>
                {list.loading ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
        </>
      )}
    </>
  );
}

function CrawlSelect(props: {
  label: string;
  snapshots: Snapshot[];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const id = `crawl-${props.label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.value ?? ''} onChange={(e) => props.onChange(Number(e.target.value))}>
        {props.snapshots.map((s) => (
          <option key={s.crawl_id} value={s.crawl_id}>
            {crawlName(s)} · {fmtDate(s.finished_at)} · {fmtCount(s.urls, 'URL')}
          </option>
        ))}
      </select>
    </div>
  );
}
