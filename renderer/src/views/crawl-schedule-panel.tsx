/**
 * The site's crawl schedule on its overview: a cron expression (with presets for the usual ones), whether a time
 * missed while Siteloupe was closed starts a crawl at the next start, when the next crawl is, and what daylight
 * saving time will skip or move (the server's `crawl_schedule_warnings`). Saved with
 * `PATCH /sites/{id}`; the server checks the expression, and a refusal is shown in its words, by field.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { call } from '../api/call.js';
import type { Site } from '../api/types.js';
import { ProblemNotice } from '../components/problem-notice.js';
import { useAction } from '../hooks/use-api.js';
import { fmtDate } from '../format.js';

/** Cron expressions analysts ask for most, in the machine's local time. */
const PRESETS = [
  { label: 'Every day 06:00', expression: '0 6 * * *' },
  { label: 'Every Monday 06:00', expression: '0 6 * * 1' },
  { label: 'Weekdays 07:00', expression: '0 7 * * 1-5' },
  { label: 'First of the month 06:00', expression: '0 6 1 * *' },
] as const;

export function CrawlSchedulePanel({ site, onSaved }: { site: Site; onSaved: () => void }) {
  const stored = site.settings.crawl_schedule ?? '';
  const [expression, setExpression] = useState(stored);
  const [runMissed, setRunMissed] = useState(site.settings.run_missed);
  // A schedule saved elsewhere (another window, the API) replaces what the form shows.
  useEffect(() => {
    setExpression(stored);
    setRunMissed(site.settings.run_missed);
  }, [site.id, stored, site.settings.run_missed]);

  const save = useAction((crawl_schedule: string | null, run_missed: boolean) =>
    call('sites.update', { site_id: site.id, settings: { crawl_schedule, run_missed } }),
  );
  const submit = async (schedule: string | null, event?: FormEvent) => {
    event?.preventDefault();
    if (await save.run(schedule, runMissed)) onSaved();
  };

  return (
    <form
      className="panel form-panel schedule-panel"
      onSubmit={(e) => void submit(expression.trim() || null, e)}
      aria-labelledby="schedule-title"
    >
      <h2 id="schedule-title">Scheduled crawls</h2>
      <p className="muted">
        {site.next_crawl_at
          ? `The next crawl starts ${fmtDate(site.next_crawl_at)}, then the embeddings, the similarity analysis (when the site has had one) and the audit follow. `
          : 'No schedule: the site is crawled when you start a crawl. '}
        Times are this computer’s; nothing runs while Siteloupe is closed.
      </p>
      {site.crawl_schedule_warnings.length > 0 && (
        <div className="notice notice-info schedule-warnings" role="status">
          <p>Daylight saving time changes this schedule:</p>
          <ul>
            {site.crawl_schedule_warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="form-row">
        <div className="field grow">
          <label htmlFor="schedule-cron">Cron expression (minute hour day month weekday)</label>
          <input
            id="schedule-cron"
            placeholder="0 6 * * 1"
            spellCheck={false}
            autoComplete="off"
            value={expression}
            onChange={(e) => setExpression(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="schedule-preset">Presets</label>
          <select
            id="schedule-preset"
            value=""
            onChange={(e) => {
              if (e.target.value) setExpression(e.target.value);
            }}
          >
            <option value="">Choose…</option>
            {PRESETS.map((p) => (
              <option key={p.expression} value={p.expression}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <button className="btn btn-primary" type="submit" disabled={save.busy}>
          {save.busy ? 'Saving…' : 'Save schedule'}
        </button>
        {stored && (
          <button type="button" className="btn" disabled={save.busy} onClick={() => void submit(null)}>
            Remove schedule
          </button>
        )}
      </div>
      <label className="check">
        <input
          id="schedule-run-missed"
          type="checkbox"
          checked={runMissed}
          onChange={(e) => setRunMissed(e.target.checked)}
        />
        When Siteloupe was closed at a scheduled time, crawl once at the next start
      </label>
      <ProblemNotice error={save.error} />
    </form>
  );
}
