/** Upload a Search Console export (zip or CSV); the import runs as a job whose progress shows here. */
import { callUpload } from '../api/call.js';
import type { Job } from '../api/types.js';
import { JobOutcome, JobStatus } from '../components/job-status.js';
import { ProblemNotice } from '../components/problem-notice.js';
import { useAction } from '../hooks/use-api.js';
import type { GscJobs } from './gsc-sync-panel.js';

const isImport = (j: Job) => j.kind === 'gsc_import';

export function GscImportPanel({ siteId, jobs }: { siteId: number; jobs: GscJobs }) {
  // The file is the body, as the Search Console export was downloaded (zip or CSV).
  const upload = useAction((file: File) =>
    callUpload('analytics.gscImport', { site_id: siteId, filename: file.name }, file),
  );
  const importing = jobs.active.filter(isImport);
  const otherRunning = jobs.active.some((j) => !isImport(j));
  const finished = jobs.finished.filter(isImport).slice(0, 1);
  return (
    <div className="stack gsc-import">
      <div className="field">
        <label htmlFor="gsc-file">Search Console export (zip or CSV)</label>
        <input
          id="gsc-file"
          type="file"
          accept=".zip,.csv,application/zip,text/csv"
          disabled={upload.busy || jobs.active.length > 0}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const job = await upload.run(file);
            if (job) jobs.track(job);
          }}
        />
      </div>
      <p className="muted small">
        In Search Console open Performance → Export → Download ZIP. The zip (or one of its CSVs) gives totals
        per page, per query and per day; each import replaces the previous one’s totals.
      </p>
      {otherRunning && (
        <p className="notice notice-muted">A sync of this site is running; import when it has ended.</p>
      )}
      <ProblemNotice error={upload.error} title="Not imported:" />
      {importing.map((job) => (
        <JobStatus key={job.id} job={job} />
      ))}
      {finished.map((job) => (
        <JobOutcome key={job.id} job={job} />
      ))}
    </div>
  );
}
