/**
 * The site's custom extraction and custom search rules, beside its crawl schedule: each rule as a row (what it
 * reads, what it takes, whether stored pages carry its values yet), add / edit / delete, a test of the saved
 * rules (or of the rule being edited, from its form) on any page of the site, and re-applying the main-text rules to
 * stored pages without a crawl. Rules over the HTML need a crawl to fill in their values; the panel says which.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { call } from '../api/call.js';
import { useEvent } from '../api/events.js';
import type { Extractor, ExtractorTestResult, Job, JobOf, Site } from '../api/types.js';
import { EXTRACTOR_KIND_INFO, EXTRACTOR_SOURCE_LABELS } from '../api/value-lists.js';
import { Badge } from '../components/controls.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { JobLines, StartJobButton } from '../components/job-status.js';
import { ProblemNotice, fieldMessages } from '../components/problem-notice.js';
import { useAction, useApi } from '../hooks/use-api.js';
import { fmtCount } from '../format.js';
import { links } from '../router.js';
import { ExtractionRuleForm } from './extraction-rule-form.js';
import { ExtractionTestResults } from './extraction-test-results.js';
import { TestUrlField } from './extraction-test-url.js';

/** The API's limit on a site's rules (a 51st is refused). */
const MAX_RULES = 50;

export interface SiteJobs {
  active: Job[];
  finished: Job[];
  track: (job: Job) => void;
}

/** What a rule takes, in words. */
function takeText(rule: Extractor): string {
  if (EXTRACTOR_KIND_INFO[rule.kind].search) return 'yes / no';
  const what = rule.take.startsWith('attribute:')
    ? `attribute ${rule.take.slice('attribute:'.length)}`
    : rule.take === 'html'
      ? 'HTML'
      : rule.take === 'exists'
        ? 'yes / no'
        : rule.take;
  return rule.all && rule.take !== 'count' && rule.take !== 'exists' ? `${what}, every match` : what;
}

/** What a finished re-apply did, from its result. */
function ApplySummary({ job }: { job: Job }) {
  if (job.kind !== 'extract_apply' || !job.result) return null;
  const result: NonNullable<JobOf<'extract_apply'>['result']> = job.result;
  return (
    <>
      {fmtCount(result.rules, 'main-text rule')} applied to {fmtCount(result.pages, 'page')}.
      {result.needs_recrawl.length > 0 && <> Still waiting for a crawl: {result.needs_recrawl.join(', ')}.</>}
    </>
  );
}

/** The Pages view with this rule's column shown and sorted by it. */
const pagesWith = (siteId: number, name: string) =>
  `${links.site(siteId, 'pages')}?cols=${encodeURIComponent(name)}&sort=-extract.${encodeURIComponent(name)}`;

export function ExtractionPanel({
  site,
  jobs,
  onChanged,
}: {
  site: Site;
  jobs: SiteJobs;
  /** A rule was added or removed (the site's rule count changed). */
  onChanged: () => void;
}) {
  const rules = useApi((signal) => call('extraction.list', { site_id: site.id }, { signal }), [site.id]);
  // A crawl or a re-apply fills in stored values: which rules still need a crawl changes with them.
  useEvent('job.finished', (job) => {
    if (job.site_id === site.id) rules.reload();
  });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // Empty: the start URL is tested (see extraction-test-url.tsx for why it does not start filled in).
  const [testUrl, setTestUrl] = useState('');
  const [tested, setTested] = useState<ExtractorTestResult>();
  // With no `rules`, the test runs the site's saved rules.
  const test = useAction((url: string) => call('extraction.test', { site_id: site.id, url }));
  const remove = useAction(async (rule: Extractor) => {
    await call('extraction.delete', { site_id: site.id, extractor_id: rule.id });
    return true;
  });
  // Re-applies the main-text rules to the stored pages; rules over the HTML need a crawl.
  const apply = useAction(() => call('extraction.apply', { site_id: site.id }));

  // Closing a form gives the keyboard back to the button that opened it (a rule's Edit, else Add rule), once
  // the form is gone and that button is back.
  const panelRef = useRef<HTMLElement>(null);
  const returnTo = useRef<string | null>(null);
  const close = () => {
    returnTo.current = typeof editing === 'number' ? `[data-edit="${editing}"]` : '[data-add-rule]';
    setEditing(null);
  };
  useEffect(() => {
    if (editing !== null || !returnTo.current) return;
    const button = panelRef.current?.querySelector<HTMLButtonElement>(returnTo.current);
    if (button && !button.disabled) {
      button.focus();
      returnTo.current = null;
    }
  });

  const items = rules.data?.items ?? [];
  const urlError = fieldMessages(test.error).url;
  const recrawl = items.filter((r) => r.needs_recrawl);
  const mainText = items.filter((r) => r.source === 'main_text');
  const changed = () => {
    rules.reload();
    onChanged();
  };
  const saved = () => {
    close();
    changed();
  };
  const testSaved = async (event: FormEvent) => {
    event.preventDefault();
    setTested(undefined);
    setTested(await test.run(testUrl.trim() || site.start_url));
  };
  const form = (rule?: Extractor) => (
    <ExtractionRuleForm
      siteId={site.id}
      startUrl={site.start_url}
      {...(rule ? { rule } : {})}
      testUrl={testUrl}
      onTestUrl={setTestUrl}
      onSaved={saved}
      onCancel={close}
    />
  );

  return (
    <section ref={panelRef} className="panel extraction-panel" aria-labelledby="extraction-title">
      <div className="panel-head">
        <h2 id="extraction-title">Custom extraction and search</h2>
        {rules.data && (
          <span className="muted">
            {items.length} of {MAX_RULES} rules
          </span>
        )}
        <button
          type="button"
          className="btn"
          data-add-rule
          onClick={() => setEditing('new')}
          disabled={editing === 'new' || items.length >= MAX_RULES || !rules.data}
          aria-expanded={editing === 'new'}
        >
          Add rule
        </button>
      </div>
      <p className="muted">
        Your own columns from every page: prices, SKUs, authors, dates (CSS, XPath or regex), or whether a
        page contains a text. Rules run during the crawl on the page as fetched (or rendered); values show as
        columns in Pages, in a page’s details and in the pages export.
      </p>

      <ErrorNotice error={rules.error} />
      {!rules.data && !rules.error && <Loading />}
      {editing === 'new' && form()}
      {rules.data && items.length === 0 && editing !== 'new' && (
        <p className="muted">No rules yet: add one, test it on a page, then crawl.</p>
      )}
      {items.length > 0 && (
        <table className="table extraction-rules">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Rule</th>
              <th scope="col">Takes</th>
              <th scope="col">Looks in</th>
              <th scope="col">Stored values</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((rule) =>
              editing === rule.id ? (
                <tr key={rule.id} className="extraction-editing">
                  <td colSpan={6}>{form(rule)}</td>
                </tr>
              ) : (
                <tr key={rule.id} data-rule={rule.name}>
                  <th scope="row" className="mono">
                    <a href={pagesWith(site.id, rule.name)} title={`Pages sorted by ${rule.name}`}>
                      {rule.name}
                    </a>
                  </th>
                  <td>
                    <span className="muted">{EXTRACTOR_KIND_INFO[rule.kind].label}</span>{' '}
                    <code className="extraction-selector">{rule.selector}</code>
                  </td>
                  <td>{takeText(rule)}</td>
                  <td>{EXTRACTOR_SOURCE_LABELS[rule.source].replace(/ \(.*\)$/, '')}</td>
                  <td>
                    {site.stats.pages === 0 ? (
                      <span className="muted">after the first crawl</span>
                    ) : rule.needs_recrawl ? (
                      <Badge tone="warn">needs a re-crawl</Badge>
                    ) : rule.source === 'main_text' ? (
                      <span className="muted">re-appliable without a crawl</span>
                    ) : (
                      <span className="tone-text-ok">up to date</span>
                    )}
                  </td>
                  <td className="extraction-actions">
                    <div className="btn-row">
                      <button
                        type="button"
                        className="btn btn-small"
                        data-edit={rule.id}
                        onClick={() => setEditing(rule.id)}
                        aria-label={`Edit ${rule.name}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={remove.busy}
                        aria-label={`Delete ${rule.name}`}
                        onClick={async () => {
                          if (!window.confirm(`Delete the rule ${rule.name} and its values on every page?`))
                            return;
                          if (!(await remove.run(rule))) return;
                          changed();
                          panelRef.current?.querySelector<HTMLElement>('[data-add-rule]')?.focus();
                        }}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      <ErrorNotice error={remove.error} />

      {recrawl.length > 0 && (
        <div className="notice notice-muted extraction-recrawl" role="note">
          {recrawl.length === 1 ? 'The rule ' : 'The rules '}
          {recrawl.map((r, i) => (
            <span key={r.id}>
              {i > 0 && ', '}
              <code>{r.name}</code>
            </span>
          ))}{' '}
          {recrawl.length === 1 ? 'reads' : 'read'} the HTML of each page, which is not stored: stored pages
          get {recrawl.length === 1 ? 'its' : 'their'} values at the next crawl.
        </div>
      )}
      {mainText.length > 0 && (
        <div className="extraction-apply">
          <StartJobButton
            label="Re-apply main-text rules"
            runningLabel="Re-applying…"
            running={jobs.active.some((j) => j.kind === 'extract_apply')}
            busy={apply.busy}
            disabled={site.stats.pages === 0 || jobs.active.some((j) => j.kind === 'crawl')}
            title="Runs the rules over main text on every stored page, without a crawl"
            start={() => apply.run()}
            onStarted={jobs.track}
          />
          <span className="muted">
            {fmtCount(mainText.length, 'rule')} over the main text can be re-applied to the stored pages now.
          </span>
        </div>
      )}
      <ProblemNotice error={apply.error} />
      <JobLines jobs={jobs} kind="extract_apply" summary={(job) => <ApplySummary job={job} />} />

      <form
        className="extraction-test-form"
        onSubmit={testSaved}
        aria-label="Test the rules on a page"
        noValidate
      >
        <div className="form-row">
          <TestUrlField
            id="extraction-test-url"
            value={testUrl}
            onChange={setTestUrl}
            startUrl={site.start_url}
            error={urlError}
          />
          <button type="submit" className="btn" disabled={test.busy || items.length === 0}>
            {test.busy ? 'Testing…' : 'Test saved rules'}
          </button>
        </div>
        <p className="muted small">
          Fetches this one page (rendered when the site renders) and shows what each saved rule takes from it.
          A rule’s form tests the rule as typed, before it is saved.
        </p>
      </form>
      <ProblemNotice error={test.error} placed={['url']} />
      {tested && <ExtractionTestResults result={tested} />}
    </section>
  );
}
