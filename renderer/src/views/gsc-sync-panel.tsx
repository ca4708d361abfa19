/**
 * Sync a site's Search Console data: the property and date range (prefilled from the site's last successful
 * sync, or guessed from its start URL), a Sync button that queues the job, its live progress with Cancel, and how it
 * ended — rows fetched, or Google's reason in the job's words.
 */
import { useMemo, useState } from 'react';
import { call, type CallArgs } from '../api/call.js';
import type { Job, JobOf } from '../api/types.js';
import { FINISHED_JOB_STATUSES } from '../api/value-lists.js';
import { JobOutcome, JobStatus } from '../components/job-status.js';
import { ProblemNotice } from '../components/problem-notice.js';
import { useAction, useApi } from '../hooks/use-api.js';
import { fmtCount, fmtDate, fmtInt } from '../format.js';
import { defaultRange, propertyGuesses, shiftDay, GSC_MAX_RANGE_DAYS, isoDay } from './gsc-sync-defaults.js';

const isSync = (j: Job): j is JobOf<'gsc_sync'> => j.kind === 'gsc_sync';

interface SyncForm {
  property: string;
  from: string;
  to: string;
}

export interface GscJobs {
  active: Job[];
  finished: Job[];
  track: (job: Job) => void;
}

/** What a finished sync did, from its params and result. */
function SyncSummary({ job }: { job: JobOf<'gsc_sync'> }) {
  const urls = job.result?.urls_added ?? 0;
  return (
    <>
      {fmtCount(job.result?.fetched ?? 0, 'row')} for{' '}
      <span className="mono break">{job.params.property}</span>,{' '}
      <span className="nowrap">{job.params.date_from}</span> to{' '}
      <span className="nowrap">{job.params.date_to}</span>; {fmtInt(job.result?.changed ?? 0)} new or changed
      {urls > 0 && `, ${fmtCount(urls, 'URL')} the crawl had not found`}.
    </>
  );
}

export function GscSyncPanel({
  siteId,
  startUrl,
  jobs,
}: {
  siteId: number;
  startUrl: string | undefined;
  jobs: GscJobs;
}) {
  const guesses = propertyGuesses(startUrl);
  // The site's recent syncs, newest first: how the last one ended, and what the last good one fetched.
  const recent = useApi(
    (signal) =>
      call('jobs.list', { site_id: siteId, kind: ['gsc_sync'], limit: 20 }, { signal }).then((page) =>
        page.items.filter(isSync),
      ),
    [siteId],
  );
  const lastJob = recent.data?.[0] ?? null;
  // A failed sync may have had a mistyped property: the prefill follows the last one that worked.
  const lastGood = recent.data?.find((j) => j.status === 'succeeded') ?? null;
  const initial = useMemo<SyncForm>(() => {
    const property = lastGood?.params.property || guesses.domain || guesses.prefix || '';
    return { property, ...defaultRange(new Date(), lastGood?.params.date_to || undefined) };
  }, [lastGood, guesses.domain, guesses.prefix]);
  // Untouched, the form follows the prefill (which arrives with the last sync); once edited, it is the user's.
  const [edited, setEdited] = useState<SyncForm | null>(null);
  const form = edited ?? initial;
  const set = (patch: Partial<SyncForm>) => setEdited({ ...form, ...patch });

  const start = useAction((body: CallArgs<'analytics.gscSync'>) => call('analytics.gscSync', body));
  const syncing = jobs.active.filter(isSync);
  const otherRunning = jobs.active.some((j) => !isSync(j));
  const latest =
    jobs.finished.find(isSync) ??
    (lastJob && FINISHED_JOB_STATUSES.includes(lastJob.status) ? lastJob : null);
  const yesterday = shiftDay(isoDay(new Date()), -1);

  return (
    <div className="stack gsc-sync">
      <form
        className="stack"
        aria-label="Sync from Search Console"
        onSubmit={async (e) => {
          e.preventDefault();
          const job = await start.run({
            site_id: siteId,
            property: form.property.trim(),
            date_from: form.from,
            date_to: form.to,
          });
          if (job) jobs.track(job);
        }}
      >
        <div className="field">
          <label htmlFor="gsc-sync-property">Search Console property</label>
          <input
            id="gsc-sync-property"
            className="mono"
            type="text"
            spellCheck={false}
            autoComplete="off"
            value={form.property}
            onChange={(e) => set({ property: e.target.value })}
            aria-describedby="gsc-sync-property-hint"
          />
          <div id="gsc-sync-property-hint" className="muted small gsc-property-hint">
            As Search Console names it: <code>sc-domain:example.com</code> or a URL prefix ending in{' '}
            <code>/</code>.
            {[guesses.domain, guesses.prefix].map(
              (p) =>
                p &&
                p !== form.property && (
                  <button key={p} type="button" className="btn btn-link" onClick={() => set({ property: p })}>
                    Use {p}
                  </button>
                ),
            )}
          </div>
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor="gsc-sync-from">From</label>
            <input
              id="gsc-sync-from"
              type="date"
              value={form.from}
              max={form.to || yesterday}
              onChange={(e) => set({ from: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="gsc-sync-to">To</label>
            <input
              id="gsc-sync-to"
              type="date"
              value={form.to}
              max={yesterday}
              onChange={(e) => set({ to: e.target.value })}
            />
          </div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={start.busy || syncing.length > 0 || otherRunning}
          >
            {start.busy ? 'Starting…' : 'Sync'}
          </button>
          <p className="muted small gsc-range-hint">
            Search Console keeps 16 months ({GSC_MAX_RANGE_DAYS + 1} days). A range synced again only updates
            what changed.
          </p>
        </div>
      </form>
      {otherRunning && (
        <p className="notice notice-muted">An import of this site is running; sync when it has ended.</p>
      )}
      <ProblemNotice error={start.error} title="The sync did not start:" />
      {syncing.map((job) => (
        <JobStatus key={job.id} job={job} />
      ))}
      {!syncing.length && latest && (
        <div className="gsc-last-sync">
          {!jobs.finished.includes(latest) && (
            <p className="muted small">Last sync, {fmtDate(latest.finished_at)}:</p>
          )}
          <JobOutcome job={latest} summary={<SyncSummary job={latest} />} />
        </div>
      )}
    </div>
  );
}
