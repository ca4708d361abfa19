/**
 * The line a search answer gets while the site is being embedded: how many pages it covers so far and when the
 * results will be complete ("412 of 1,169 pages searchable so far; full results in about 3 min"). It follows the
 * embed job on `/events`: the figures move with the job, and when the job finishes the search runs again.
 */
import { useEffect, useState } from 'react';
import { call } from '../api/call.js';
import { useEvent } from '../api/events.js';
import type { SearchCoverage } from '../api/types.js';
import { useThrottled } from '../hooks/use-throttled.js';
import { coverageText } from './search-coverage-text.js';

/** `coverage` kept current while its embed jobs run; `onFinished` runs when one of them ends. */
export function useLiveCoverage(
  siteId: number,
  answered: SearchCoverage | undefined,
  onFinished: () => void,
): SearchCoverage | undefined {
  const [coverage, setCoverage] = useState(answered);
  useEffect(() => setCoverage(answered), [answered]);
  // An embed job reports every batch (a few seconds apart): the coverage is read again at most every 2 s.
  const refresh = useThrottled(() => {
    call('pages.searchCoverage', { site_id: siteId }).then(setCoverage, () => {
      // the line keeps its last figures; the next event tries again
    });
  }, 2000);
  const follows = (jobId: number) => coverage?.embed_job_ids.includes(jobId) ?? false;
  useEvent('job.progress', (job) => {
    if (follows(job.id)) refresh();
  });
  useEvent('job.finished', (job) => {
    if (follows(job.id)) onFinished();
  });
  return coverage;
}

export function CoverageLine({ coverage }: { coverage: SearchCoverage | undefined }) {
  const text = coverage && coverageText(coverage);
  if (!text) return null;
  return (
    <p className="notice notice-info coverage-line" role="status" data-complete={String(coverage.complete)}>
      {text}
    </p>
  );
}
