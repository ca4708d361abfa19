/** One job as a line of progress: what it does, how far it is, and a way to stop it. */
import { useState, type ReactNode } from 'react';
import { errorText } from '../api/client.js';
import { call } from '../api/call.js';
import type { Job, JobKind } from '../api/types.js';
import { fmtAbout, jobLabel, jobName } from '../format.js';
import { ProgressBar } from './progress-bar.js';

export function JobStatus({ job }: { job: Job }) {
  const [cancelError, setCancelError] = useState<string>();
  const [cancelling, setCancelling] = useState(false);
  const { phase, done, total, message } = job.progress;
  const cancel = async () => {
    setCancelling(true);
    try {
      await call('jobs.cancel', { job_id: job.id });
    } catch (err) {
      setCancelError(errorText(err));
      setCancelling(false);
    }
  };
  return (
    <div className="job" data-job-id={job.id} data-job-status={job.status}>
      <div className="job-head">
        <span className="job-title">
          {job.kind === 'crawl' ? (
            jobName(job)
          ) : (
            <>
              {jobLabel(job.kind)} <span className="muted">#{job.id}</span>
            </>
          )}
        </span>
        <span className="job-phase">
          {job.status !== 'queued'
            ? phase || job.status
            : phase === 'waiting'
              ? 'queued behind another job'
              : 'waiting to start'}
        </span>
        <button type="button" className="btn btn-small" onClick={cancel} disabled={cancelling}>
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
      <ProgressBar done={done} total={total} label={`${jobLabel(job.kind)} progress`} />
      <div className="job-message muted">
        {message ||
          (total ? `${done.toLocaleString()} of ${total.toLocaleString()}` : `${done.toLocaleString()} done`)}
      </div>
      {job.status === 'running' && job.kind === 'crawl' && phase === 'crawling' && (
        <div className="job-message job-pace">{paceText(job.progress, 'pages')}</div>
      )}
      {cancelError && (
        <div className="notice notice-error" role="alert">
          {cancelError}
        </div>
      )}
    </div>
  );
}

/**
 * A running job's pace as the API measures it (the last 30 s: job-rate.ts), and the time left at that pace:
 * "12.5 pages/s · about 3 min left", "estimating…" until the server has measured enough.
 */
export function paceText(progress: Job['progress'], unit: string): string {
  const { rate, eta_seconds: eta } = progress;
  if (rate === null || rate === undefined) return `${unit}/s and time left: estimating…`;
  const pace = `${rate < 10 ? rate.toFixed(1) : Math.round(rate).toLocaleString()} ${unit}/s`;
  if (eta === null || eta === undefined) return `${pace} · time left: estimating…`;
  return eta === 0 ? pace : `${pace} · ${fmtAbout(eta)} left`;
}

/** How a finished job ended, in one sentence; `summary` says what a successful one did, when the view knows. */
export function JobOutcome({ job, summary }: { job: Job; summary?: ReactNode }) {
  const tone = job.status === 'succeeded' ? 'ok' : job.status === 'cancelled' ? 'muted' : 'bad';
  const text =
    job.status === 'succeeded'
      ? `${jobLabel(job.kind)} finished.`
      : job.status === 'cancelled'
        ? `${jobLabel(job.kind)} was cancelled.`
        : `${jobLabel(job.kind)} failed: ${job.error?.detail ?? 'no reason given'}`;
  return (
    <div className={`notice notice-${tone}`} role="status" data-job-id={job.id} data-job-status={job.status}>
      {text}
      {job.status === 'succeeded' && summary && <> {summary}</>}
    </div>
  );
}

/**
 * A view's own kind of job: its progress line while one runs, and how the last one ended (`summary` says what a
 * successful one did).
 */
export function JobLines({
  jobs,
  kind,
  summary,
}: {
  jobs: { active: Job[]; finished: Job[] };
  kind: JobKind;
  summary?: (job: Job) => ReactNode;
}) {
  const running = jobs.active.find((j) => j.kind === kind);
  const last = jobs.finished.find((j) => j.kind === kind);
  return (
    <>
      {running && (
        <div className="panel">
          <JobStatus job={running} />
        </div>
      )}
      {last && <JobOutcome key={last.id} job={last} summary={summary?.(last)} />}
    </>
  );
}

/** The button that starts a view's job; it says so while one runs, and waits while `busy` or `disabled`. */
export function StartJobButton(props: {
  label: string;
  runningLabel: string;
  running: boolean;
  busy: boolean;
  disabled?: boolean;
  title?: string | undefined;
  start: () => Promise<Job | undefined>;
  onStarted: (job: Job) => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-primary"
      disabled={props.running || props.busy || props.disabled}
      title={props.title}
      onClick={async () => {
        const job = await props.start();
        if (job) props.onStarted(job);
      }}
    >
      {props.running ? props.runningLabel : props.label}
    </button>
  );
}
