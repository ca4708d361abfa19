/**
 * The idea check ("do we already cover this?"). It reads the site's passages, so while they are being embedded
 * the server refuses an answer now (409); the panel then queues the same check as a job, which runs by itself
 * when the passages are in, shows what it waits for (the job's own words: how many pages, about how long), and
 * shows the answer when the job finishes. Passages are crawled text and are rendered as text.
 */
import { useState, type FormEvent } from 'react';
import { call, type CallArgs } from '../api/call.js';
import { ApiError } from '../api/client.js';
import { useEvent } from '../api/events.js';
import type { IdeaCheckResult, Job, JobOf } from '../api/types.js';
import { Badge } from '../components/controls.js';
import { ErrorNotice } from '../components/feedback.js';
import { JobStatus } from '../components/job-status.js';
import { PageName } from '../components/page-title.js';
import { useAction } from '../hooks/use-api.js';
import { fmtScore, words } from '../format.js';

const VERDICT_TONE: Record<IdeaCheckResult['verdict'], string> = {
  covered: 'bad',
  partially_covered: 'warn',
  new: 'ok',
};
const VERDICT_TEXT: Record<IdeaCheckResult['verdict'], string> = {
  covered: 'Already covered: an existing page answers this idea.',
  partially_covered: 'Partially covered: existing pages touch on it; consider extending one.',
  new: 'New: no existing page covers this idea.',
};

type Answer = { answer: IdeaCheckResult } | { job: JobOf<'idea_check'> };

/** The answer now, or, while the passages are being embedded, the queued job that will give it. */
async function checkOrQueue(body: CallArgs<'ideas.startCheck'>): Promise<Answer> {
  try {
    return { answer: await call('ideas.check', body) };
  } catch (err) {
    // Every 409 of the check is about its passages; queueing says whether a job will bring them, or why not.
    if (!(err instanceof ApiError && err.status === 409)) throw err;
    return { job: await call('ideas.startCheck', body) };
  }
}

export function IdeaPanel({ siteId, persona }: { siteId: number; persona: string }) {
  const [idea, setIdea] = useState('');
  const [result, setResult] = useState<IdeaCheckResult>();
  const [queued, setQueued] = useState<Job>();
  const [ended, setEnded] = useState<Job>();
  const check = useAction(checkOrQueue);

  /** The queued check's latest state: its progress while it waits, its answer when it ends. */
  const follow = (job: Job) => {
    if (job.status === 'queued' || job.status === 'running') return setQueued(job);
    setQueued(undefined);
    if (job.kind === 'idea_check' && job.status === 'succeeded' && job.result) setResult(job.result);
    else setEnded(job);
  };
  useEvent('job.progress', (job) => {
    if (job.id === queued?.id) follow(job);
  });
  useEvent('job.finished', (job) => {
    if (job.id === queued?.id) follow(job);
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    setQueued(undefined);
    setEnded(undefined);
    const res = await check.run({
      idea,
      site_id: siteId,
      k: 5,
      ...(persona.trim() ? { persona_context: persona } : {}),
    });
    if (!res) return;
    if ('answer' in res) return setResult(res.answer);
    follow(res.job);
    // A check whose passages came in meanwhile may have run before this answer arrived: read it once.
    call('jobs.get', { job_id: res.job.id }).then(follow, () => undefined);
  };
  return (
    <div className="panel">
      <h2>Idea check</h2>
      <form onSubmit={submit} aria-label="Idea check">
        <div className="field">
          <label htmlFor="idea-text">Idea for a new page</label>
          <textarea
            id="idea-text"
            rows={3}
            required
            maxLength={10000}
            value={idea}
            onChange={(e) => setIdea(e.target.value)}
            placeholder="A guide to growing herbs indoors in winter"
          />
        </div>
        <button className="btn btn-primary" type="submit" disabled={check.busy || queued !== undefined}>
          {check.busy ? 'Checking…' : queued ? 'Queued…' : 'Check idea'}
        </button>
      </form>
      <ErrorNotice error={check.error} />
      {queued && (
        <div className="idea-queued" aria-label="Queued idea check">
          <p className="muted small">
            The site’s passages are being embedded: the check waits for them and runs by itself.
          </p>
          <JobStatus job={queued} />
        </div>
      )}
      {ended && (
        <div className="notice notice-bad" role="alert">
          {ended.status === 'cancelled'
            ? 'The queued idea check was cancelled.'
            : `The queued idea check failed: ${ended.error?.detail ?? 'no reason given'}`}
        </div>
      )}
      {result && <Verdict result={result} />}
    </div>
  );
}

function Verdict({ result }: { result: IdeaCheckResult }) {
  return (
    <div className="verdict" data-verdict={result.verdict}>
      <p>
        <Badge tone={VERDICT_TONE[result.verdict]}>{words(result.verdict)}</Badge>{' '}
        <span className="muted">score {fmtScore(result.score)}</span>
      </p>
      <p>{VERDICT_TEXT[result.verdict]}</p>
      {result.matches.length > 0 && (
        <ol className="results" aria-label="Closest pages">
          {result.matches.map((m) => (
            <li key={m.page.id} className="result">
              <div className="result-body">
                <PageName page={m.page} />
                <blockquote className="result-passage">{m.passage}</blockquote>
              </div>
              <span className="result-score">{fmtScore(m.score)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
