/**
 * One site at a glance: start or cancel a crawl (live progress from `/events`), the figures of the last crawl,
 * the health score of the latest audit, summary charts, the analysis jobs that follow a crawl, and the crawl
 * history.
 */
import { useState, type FormEvent } from 'react';
import { call, type CallArgs } from '../api/call.js';
import { useEvent, useSiteChanges } from '../api/events.js';
import type { Job, Site, SiteSummary } from '../api/types.js';
import { HealthScore } from '../components/audit-marks.js';
import { BarChart, type Bar } from '../components/bar-chart.js';
import { ExternalLink, Stat } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { JobOutcome, JobStatus } from '../components/job-status.js';
import { useActiveJobs } from '../hooks/use-active-jobs.js';
import { useAction, useApi } from '../hooks/use-api.js';
import { useThrottled } from '../hooks/use-throttled.js';
import { fmtCount, fmtDate, fmtInt, jobName, words } from '../format.js';
import { links, navigate } from '../router.js';
import { useSites } from '../sites-context.js';
import { CrawlSchedulePanel } from './crawl-schedule-panel.js';
import { ExtractionPanel } from './extraction-panel.js';

export function SiteOverview({ siteId }: { siteId: number }) {
  const { byId, reload: reloadSites } = useSites();
  const site = byId(siteId)!;
  const summary = useApi((signal) => call('sites.summary', { site_id: siteId }, { signal }), [siteId]);
  const crawls = useApi(
    (signal) => call('sites.crawls', { site_id: siteId, limit: 20 }, { signal }),
    [siteId],
  );
  const jobs = useActiveJobs({ siteId });
  const refresh = () => {
    summary.reload();
    crawls.reload();
  };
  useSiteChanges(siteId, ['site', 'pages', 'similarity', 'embeddings', 'audit'], refresh);
  // While a crawl runs the figures and charts fill in every few seconds rather than only at the end; while the
  // site is embedded, the "embedded" figure grows with the pages search finds (the job says so only when a phase
  // ends).
  const duringCrawl = useThrottled(() => {
    summary.reload();
    crawls.reload();
    reloadSites();
  }, 3000);
  const duringEmbed = useThrottled(reloadSites, 3000);
  useEvent('job.progress', (job) => {
    if (job.site_id !== siteId) return;
    if (job.kind === 'crawl') duringCrawl();
    else if (job.kind === 'embed') duringEmbed();
  });
  useEvent('job.finished', (job) => {
    if (job.site_id === siteId) {
      refresh();
      reloadSites();
    }
  });

  const crawling = jobs.active.some((j) => j.kind === 'crawl');
  // A re-apply shows its progress in the extraction panel, by the button that started it.
  const topJobs = jobs.active.filter((j) => j.kind !== 'extract_apply');
  const topFinished = jobs.finished.filter((j) => j.kind !== 'extract_apply');
  return (
    <section className="view">
      <header className="view-header">
        <div>
          <h1>{site.name}</h1>
          <p className="view-lede">
            <ExternalLink url={site.start_url} /> · added {fmtDate(site.created_at)}
            {site.next_crawl_at && <> · next crawl {fmtDate(site.next_crawl_at)}</>}
            {site.http_auth && <> · signs in as {site.http_auth.username}</>}
          </p>
        </div>
        <CrawlButton site={site} disabled={crawling} onStarted={jobs.track} />
      </header>

      {topJobs.length > 0 && (
        <div className="panel jobs-panel" aria-label="Running jobs">
          {topJobs.map((job) => (
            <JobStatus key={job.id} job={job} />
          ))}
        </div>
      )}
      {topFinished.slice(0, 2).map((job) => (
        <JobOutcome key={job.id} job={job} />
      ))}

      <div className="stat-row stat-row-large panel">
        <Stat label="pages" value={fmtInt(site.stats.pages)} hint="Every fetched URL" />
        <Stat label="HTML pages" value={fmtInt(site.stats.html_pages)} />
        <Stat label="redirects" value={fmtInt(site.stats.redirects)} />
        <Stat label="errors" value={fmtInt(site.stats.errors)} hint="4xx, 5xx and failed fetches" />
        <Stat label="blocked by robots" value={fmtInt(site.stats.blocked)} />
        <Stat
          label="embedded"
          value={fmtInt(site.stats.embedded)}
          hint="Pages search finds now (by their title and lead while the rest of their text is embedded)"
        />
        <Stat label="similar pairs" value={fmtInt(site.stats.pairs)} />
        <Stat label="clusters" value={fmtInt(site.stats.clusters)} />
      </div>

      {summary.data?.audit && <AuditHealthPanel siteId={siteId} audit={summary.data.audit} />}

      <ErrorNotice error={summary.error} />
      {summary.data ? (
        summary.data.pages === 0 ? (
          <EmptyState title="Nothing crawled yet.">
            <p>Start a crawl to see status codes, depths, indexability and response times here.</p>
          </EmptyState>
        ) : (
          <SummaryCharts summary={summary.data} />
        )
      ) : (
        !summary.error && <Loading />
      )}

      <AnalysisPanel siteId={siteId} busy={jobs.active.length > 0} onStarted={jobs.track} />
      <CrawlSchedulePanel site={site} onSaved={reloadSites} />
      <ExtractionPanel key={site.id} site={site} jobs={jobs} onChanged={reloadSites} />
      <CrawlHistory jobs={crawls.data?.items} error={crawls.error} />
      <DangerZone site={site} disabled={jobs.active.length > 0} />
    </section>
  );
}

function CrawlButton({
  site,
  disabled,
  onStarted,
}: {
  site: Site;
  disabled: boolean;
  onStarted: (job: Job) => void;
}) {
  const start = useAction((settings: CallArgs<'crawl.start'>['settings']) =>
    call('crawl.start', { site_id: site.id, settings }),
  );
  const [open, setOpen] = useState(false);
  const [maxPages, setMaxPages] = useState(String(site.settings.max_pages));
  const [renderJs, setRenderJs] = useState(site.settings.render_js);
  // Lab metrics (#36 §3) as one choice: off, or the profile they are measured under.
  const labNow = site.settings.lab_metrics ? site.settings.lab_profile : 'off';
  const [lab, setLab] = useState<typeof labNow>(labNow);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const limit = Number(maxPages);
    const job = await start.run({
      ...(Number.isInteger(limit) && limit > 0 && limit !== site.settings.max_pages
        ? { max_pages: limit }
        : {}),
      ...(renderJs !== site.settings.render_js ? { render_js: renderJs } : {}),
      ...(lab === labNow
        ? {}
        : lab === 'off'
          ? { lab_metrics: false }
          : { lab_metrics: true, lab_profile: lab }),
    });
    if (job) {
      onStarted(job);
      setOpen(false);
    }
  };
  return (
    <div className="crawl-control">
      <div className="btn-row">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void submit()}
          disabled={disabled || start.busy}
        >
          {disabled ? 'Crawl running…' : start.busy ? 'Starting…' : 'Start crawl'}
        </button>
        <button
          type="button"
          className="btn"
          aria-expanded={open}
          aria-controls="crawl-options"
          onClick={() => setOpen(!open)}
          disabled={disabled}
        >
          Options
        </button>
      </div>
      {open && (
        <form id="crawl-options" className="popover" onSubmit={submit}>
          <div className="field">
            <label htmlFor="crawl-max-pages">Max pages for this crawl</label>
            <input
              id="crawl-max-pages"
              type="number"
              min={1}
              value={maxPages}
              onChange={(e) => setMaxPages(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="crawl-render">Render JavaScript</label>
            <select
              id="crawl-render"
              value={renderJs}
              onChange={(e) => setRenderJs(e.target.value as Site['settings']['render_js'])}
            >
              <option value="off">Off (fastest)</option>
              <option value="auto">Auto (app shells only)</option>
              <option value="on">On (every page, in Chromium)</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="crawl-lab">Page experience (lab)</label>
            <select
              id="crawl-lab"
              value={lab}
              disabled={renderJs === 'off'}
              onChange={(e) => setLab(e.target.value as typeof labNow)}
            >
              <option value="off">Off</option>
              <option value="desktop">Desktop (LCP, CLS, TBT, weight of rendered pages)</option>
              <option value="mobile">Mobile: slow 4G, 4× CPU (much slower crawl)</option>
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={start.busy}>
            Start with these options
          </button>
        </form>
      )}
      <ErrorNotice error={start.error} />
    </div>
  );
}

function AuditHealthPanel({ siteId, audit }: { siteId: number; audit: NonNullable<SiteSummary['audit']> }) {
  return (
    <div className="panel audit-health">
      <HealthScore score={audit.score} />
      <div className="grow">
        <h2>Site health</h2>
        <p className="muted">
          The audit of {fmtDate(audit.audited_at)}: {fmtCount(audit.issues, 'check')} found something (muted
          ones left out).
        </p>
      </div>
      <a className="btn" href={links.site(siteId, 'issues')}>
        See the issues
      </a>
    </div>
  );
}

const STATUS_TONE = (key: string): Bar['tone'] =>
  key === 'error' ? 'bad' : key.startsWith('2') ? 'ok' : key.startsWith('3') ? 'warn' : 'bad';

/** Numeric keys in their order and the one word key (`error`, `none`) last: how analysts read codes and depths. */
const byNumericKey = (word: string) => (a: { key: string }, b: { key: string }) =>
  a.key === word ? 1 : b.key === word ? -1 : Number(a.key) - Number(b.key);

function SummaryCharts({ summary }: { summary: SiteSummary }) {
  const depths = [...summary.depths].sort(byNumericKey('none'));
  // A fetch that got no answer has no code; the server calls it `error`.
  const statuses = [...summary.status_codes].sort(byNumericKey('error'));
  return (
    <div className="chart-grid">
      <div className="panel chart">
        <h2>Status codes</h2>
        <BarChart
          label="Pages by status code"
          bars={statuses.map((c) => ({ label: c.key, value: c.count, tone: STATUS_TONE(c.key) }))}
        />
      </div>
      <div className="panel chart">
        <h2>Crawl depth</h2>
        <BarChart
          label="Pages by crawl depth"
          bars={depths.map((c) => ({
            label: c.key === 'none' ? 'sitemap only' : `depth ${c.key}`,
            value: c.count,
          }))}
        />
      </div>
      <div className="panel chart">
        <h2>Indexability</h2>
        <BarChart
          label="Pages by indexability"
          bars={summary.indexability.map((c) => ({
            label: words(c.key),
            value: c.count,
            tone: c.key === 'indexable' ? 'ok' : 'warn',
          }))}
        />
      </div>
      <div className="panel chart">
        <h2>Response times</h2>
        <BarChart
          label="Response time percentiles"
          unit=" ms"
          bars={[
            { label: 'median (p50)', value: Math.round(summary.response_ms.p50 ?? 0), tone: 'info' },
            { label: 'slowest 5% (p95)', value: Math.round(summary.response_ms.p95 ?? 0), tone: 'warn' },
          ]}
        />
        <h3>Content types</h3>
        <BarChart
          label="Pages by content type"
          bars={summary.content_types.map((c) => ({ label: c.key, value: c.count, tone: 'muted' }))}
        />
      </div>
    </div>
  );
}

function AnalysisPanel({
  siteId,
  busy,
  onStarted,
}: {
  siteId: number;
  busy: boolean;
  onStarted: (job: Job) => void;
}) {
  const embed = useAction(() => call('pages.rebuildEmbeddings', { site_id: siteId }));
  const analyze = useAction(() => call('similarity.analyze', { site_id: siteId }));
  return (
    <div className="panel">
      <h2>Analysis</h2>
      <p className="muted">
        Pages are embedded after every crawl. Run the similarity analysis to find duplicates, merge candidates
        and related pages.
      </p>
      <div className="btn-row">
        <button
          type="button"
          className="btn"
          disabled={busy || analyze.busy}
          onClick={async () => {
            const job = await analyze.run();
            if (job) onStarted(job);
          }}
        >
          Analyse similarity
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy || embed.busy}
          onClick={async () => {
            const job = await embed.run();
            if (job) onStarted(job);
          }}
        >
          Embed changed pages
        </button>
      </div>
      <ErrorNotice error={analyze.error ?? embed.error} />
    </div>
  );
}

/** What a crawl noted about the site (a Crawl-delay it capped, …); older crawls have none. */
function crawlNotes(job: Job): string[] {
  const result = job.result as { notes?: unknown } | null;
  return Array.isArray(result?.notes) ? result.notes.filter((n): n is string => typeof n === 'string') : [];
}

function CrawlHistory({ jobs, error }: { jobs: Job[] | undefined; error: unknown }) {
  return (
    <div className="panel">
      <h2>Crawl history</h2>
      <ErrorNotice error={error} />
      {jobs && jobs.length === 0 && <p className="muted">No crawls yet.</p>}
      {jobs && jobs.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Crawl</th>
              <th scope="col">Started</th>
              <th scope="col">Finished</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Pages
              </th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id}>
                <td>
                  {jobName(job)}
                  {job.kind === 'crawl' && job.params.trigger === 'schedule' && (
                    <span className="badge tone-muted">scheduled</span>
                  )}
                </td>
                <td>{fmtDate(job.started_at ?? job.created_at)}</td>
                <td>{fmtDate(job.finished_at)}</td>
                <td>
                  <span
                    className={`badge tone-${job.status === 'succeeded' ? 'ok' : job.status === 'failed' ? 'bad' : 'muted'}`}
                  >
                    {job.status}
                  </span>
                </td>
                <td className="num">{fmtInt(job.progress.done)}</td>
                <td className="muted">
                  {job.error?.detail ?? job.progress.message}
                  {crawlNotes(job).map((note) => (
                    <div key={note} className="crawl-note">
                      {note}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function DangerZone({ site, disabled }: { site: Site; disabled: boolean }) {
  const remove = useAction(async (id: number) => {
    await call('sites.delete', { site_id: id });
    return true;
  });
  const { reload } = useSites();
  return (
    <details className="panel danger">
      <summary>Delete this site</summary>
      <p>
        Deleting removes every page, link, embedding and analysis stored for {site.name}. It cannot be undone.
      </p>
      <button
        type="button"
        className="btn btn-danger"
        disabled={disabled || remove.busy}
        onClick={async () => {
          if (!window.confirm(`Delete ${site.name} and everything crawled for it?`)) return;
          if (!(await remove.run(site.id))) return;
          reload();
          navigate(links.sites());
        }}
      >
        Delete {site.name}
      </button>
      <ErrorNotice error={remove.error} />
    </details>
  );
}
