/**
 * The Search Console tab of Analytics: where the data comes from (the API, connected and synced, or an export
 * imported) above the site's figures per query, page or day. The tables reload when a sync or import ends.
 */
import { useState } from 'react';
import { call, type CallArgs } from '../api/call.js';
import { useEvent, useSiteChanges } from '../api/events.js';
import type { GscCredentialsInfo } from '../api/types.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { GscTable } from '../components/gsc-table.js';
import { useActiveJobs } from '../hooks/use-active-jobs.js';
import { useApi } from '../hooks/use-api.js';
import { useSites } from '../sites-context.js';
import { GscConnectPanel } from './gsc-connect-panel.js';
import { GscImportPanel } from './gsc-import-panel.js';
import { GscSyncPanel, type GscJobs } from './gsc-sync-panel.js';

type GroupBy = NonNullable<CallArgs<'analytics.gsc'>['group_by']>;

const isGsc = (kind: string) => kind === 'gsc_sync' || kind === 'gsc_import';

function useGscJobs(siteId: number, onEnd: () => void): GscJobs {
  const all = useActiveJobs({ siteId });
  useEvent('job.finished', (job) => {
    if (job.site_id === siteId && isGsc(job.kind)) onEnd();
  });
  return {
    active: all.active.filter((j) => isGsc(j.kind)),
    finished: all.finished.filter((j) => isGsc(j.kind)),
    track: all.track,
  };
}

export function GscTab({ siteId }: { siteId: number }) {
  const [groupBy, setGroupBy] = useState<GroupBy>('query');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [query, setQuery] = useState('');
  const site = useSites().byId(siteId);
  const rows = useApi(
    (signal) =>
      call(
        'analytics.gsc',
        {
          site_id: siteId,
          group_by: groupBy,
          ...(from ? { date_from: from } : {}),
          ...(to ? { date_to: to } : {}),
          ...(query.trim() ? { query: query.trim() } : {}),
          limit: 500,
        },
        { signal },
      ),
    [siteId, groupBy, from, to, query],
  );
  useSiteChanges(siteId, ['analytics'], rows.reload);
  const jobs = useGscJobs(siteId, rows.reload);
  // What is stored (kind, e-mail or client id, when); the API never sends the secrets back.
  const loaded = useApi((signal) => call('analytics.gscCredentials', {}, { signal }), []);
  const [saved, setSaved] = useState<GscCredentialsInfo>();
  const credentials = saved ?? loaded.data;
  const filtered = Boolean(from || to || query.trim());

  return (
    <div className="scroll-y stack">
      <div className="two-col gsc-sources">
        <section className="panel stack" aria-labelledby="gsc-api-title">
          <h2 id="gsc-api-title">Sync from Google</h2>
          <GscConnectPanel info={credentials} error={loaded.error} onChange={setSaved} />
          {credentials?.configured && (
            <GscSyncPanel key={siteId} siteId={siteId} startUrl={site?.start_url} jobs={jobs} />
          )}
        </section>
        <section className="panel stack" aria-labelledby="gsc-import-title">
          <h2 id="gsc-import-title">Or import an export</h2>
          <GscImportPanel siteId={siteId} jobs={jobs} />
        </section>
      </div>
      <ErrorNotice error={rows.error} />
      {rows.loading && !rows.data && <Loading />}
      {rows.data && !rows.data.items.length && !filtered && (
        <EmptyState title="No Search Console data for this site yet.">
          <p>There are two ways to get it:</p>
          <ul className="gsc-ways">
            <li>
              <strong>Connect and sync:</strong> store a service account key or an OAuth token above, then
              sync the site’s property for a date range.
            </li>
            <li>
              <strong>Import an export:</strong> in Search Console open Performance → Export → Download ZIP,
              and choose that file above.
            </li>
          </ul>
        </EmptyState>
      )}
      {rows.data && (rows.data.items.length > 0 || filtered) && (
        <section className="panel stack gsc-data" aria-labelledby="gsc-data-title">
          <h2 id="gsc-data-title">Performance</h2>
          <div className="filter-bar">
            <div className="field">
              <label htmlFor="gsc-group">Totals per</label>
              <select
                id="gsc-group"
                value={groupBy}
                onChange={(e) => setGroupBy(e.target.value as typeof groupBy)}
              >
                <option value="query">Query</option>
                <option value="page">Page</option>
                <option value="date">Day</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="gsc-from">From</label>
              <input id="gsc-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="gsc-to">To</label>
              <input id="gsc-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </div>
            <div className="field grow">
              <label htmlFor="gsc-query">Query contains</label>
              <input id="gsc-query" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
            </div>
          </div>
          {rows.data.items.length ? (
            <GscTable rows={rows.data.items} first={groupBy} />
          ) : (
            <p className="muted">No Search Console figures match these filters.</p>
          )}
          {rows.data.next_cursor && <p className="muted small">Showing the first 500 rows.</p>}
        </section>
      )}
    </div>
  );
}
