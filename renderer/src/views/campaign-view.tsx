/**
 * One campaign: its settings (editable), the expand / refresh / rebuild actions with live progress, and its
 * targets as a board by status. Each card says why the target exists (rationale) and on what evidence, and
 * offers only the moves the status machine allows; the server still decides, and a refusal shows its words.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { call, type CallArgs } from '../api/call.js';
import { useEvent, useSiteChanges } from '../api/events.js';
import type { Campaign, CampaignAction, Job, Target, TargetKind, TargetStatus } from '../api/types.js';
import { TARGET_KINDS, TARGET_STATUS_COLUMNS } from '../api/value-lists.js';
import { Badge, ToggleGroup } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { JobOutcome, JobStatus } from '../components/job-status.js';
import { useActiveJobs } from '../hooks/use-active-jobs.js';
import { useAction, useApi } from '../hooks/use-api.js';
import { fmtCount, fmtDate, words } from '../format.js';
import { links, navigate } from '../router.js';
import { useSites } from '../sites-context.js';
import { actionSummary } from './campaign-action-summary.js';
import { CampaignForm } from './campaign-form.js';
import { CAMPAIGN_STATUS_TONE } from './campaigns-view.js';
import { TargetCard } from './target-card.js';

const COLUMNS: { status: TargetStatus; label: string }[] = TARGET_STATUS_COLUMNS.map((status) => {
  const label = words(status);
  return { status, label: label.charAt(0).toUpperCase() + label.slice(1) };
});
const ACTIONS = [
  {
    action: 'expand',
    label: 'Expand',
    hint: 'Propose new targets from topics, Search Console, clusters and orphans',
  },
  { action: 'refresh', label: 'Refresh', hint: 'Recompute scores and evidence from current data' },
  { action: 'rebuild', label: 'Rebuild', hint: 'Replace undecided generated targets with fresh ones' },
] as const;

async function allTargets(campaignId: number, signal: AbortSignal): Promise<Target[]> {
  const out: Target[] = [];
  let cursor: string | undefined;
  do {
    const page = await call('targets.list', { campaign_id: campaignId, cursor, limit: 1000 }, { signal });
    out.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

export function CampaignView({ campaignId }: { campaignId: number }) {
  const campaign = useApi(
    (signal) => call('campaigns.get', { campaign_id: campaignId }, { signal }),
    [campaignId],
  );
  const targets = useApi((signal) => allTargets(campaignId, signal), [campaignId]);
  const jobs = useActiveJobs({ campaignId });
  const [editing, setEditing] = useState(false);
  const [kinds, setKinds] = useState<TargetKind[]>([...TARGET_KINDS]);
  const [local, setLocal] = useState<Map<number, Target>>(new Map());
  const { byId } = useSites();
  const reload = () => {
    campaign.reload();
    targets.reload();
  };
  useEvent('job.finished', (job) => {
    if (job.campaign_id === campaignId) reload();
  });
  useSiteChanges(campaign.data?.site_id, ['campaigns'], reload);
  useEffect(() => setLocal(new Map()), [targets.data]);

  const merged = useMemo(
    () => (targets.data ?? []).map((t) => local.get(t.id) ?? t).filter((t) => kinds.includes(t.kind)),
    [targets.data, local, kinds],
  );
  const onChanged = (t: Target) => {
    setLocal((m) => new Map(m).set(t.id, t));
    campaign.reload();
  };

  if (campaign.error) return <ErrorNotice error={campaign.error} />;
  if (!campaign.data) return <Loading />;
  const c = campaign.data;
  const site = byId(c.site_id);
  return (
    <section className="view">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <a href={links.campaigns()}>Campaigns</a> <span aria-hidden="true">›</span>{' '}
        <a href={links.campaigns(c.hub_client_id)}>{c.hub_client_id}</a> <span aria-hidden="true">›</span>{' '}
        <span>{c.name}</span>
      </nav>
      <header className="view-header">
        <div>
          <h1>
            {c.name} <Badge tone={CAMPAIGN_STATUS_TONE[c.status]}>{c.status}</Badge>
          </h1>
          <p className="view-lede">
            {site ? <a href={links.site(site.id)}>{site.name}</a> : `site ${c.site_id}`} ·{' '}
            {fmtCount(c.target_counts.total, 'target')} · updated {fmtDate(c.updated_at)}
          </p>
          {c.description && <p className="pre-line">{c.description}</p>}
        </div>
        <div className="btn-row">
          {ACTIONS.map((a) => (
            <ActionButton
              key={a.action}
              campaign={c}
              {...a}
              busy={jobs.active.length > 0}
              onStarted={jobs.track}
            />
          ))}
          <button type="button" className="btn" onClick={() => setEditing(!editing)} aria-expanded={editing}>
            Edit
          </button>
        </div>
      </header>
      {editing && (
        <CampaignForm
          campaign={c}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            campaign.reload();
          }}
        />
      )}
      {jobs.active.map((job) => (
        <div key={job.id} className="panel">
          <JobStatus job={job} />
        </div>
      ))}
      {jobs.finished.slice(0, 1).map((job) => (
        <JobOutcome
          key={job.id}
          job={job}
          summary={'action' in job.params ? actionSummary(job.params.action, job.result) : undefined}
        />
      ))}
      {!jobs.finished.length && c.last_action && (
        <p className="muted small">
          Last action: {c.last_action.kind} {c.last_action.status} {fmtDate(c.last_action.at)}
          {c.last_action.result ? ` — ${actionSummary(c.last_action.kind, c.last_action.result)}` : ''}
        </p>
      )}
      {(c.seed_topics.length > 0 || c.persona_context) && (
        <details className="panel">
          <summary>Topics and persona</summary>
          {c.seed_topics.length > 0 && (
            <ul className="chips">
              {c.seed_topics.map((t) => (
                <li key={t} className="chip">
                  {t}
                </li>
              ))}
            </ul>
          )}
          {c.persona_context && <p className="pre-line">{c.persona_context}</p>}
        </details>
      )}
      <div className="filter-bar">
        <ToggleGroup legend="Kinds" options={TARGET_KINDS} value={kinds} onChange={setKinds} />
        <ManualTarget campaign={c} onAdded={targets.reload} />
      </div>
      <ErrorNotice error={targets.error} />
      {!targets.data && !targets.error && <Loading />}
      {targets.data && targets.data.length === 0 && (
        <EmptyState title="No targets yet.">
          <p>
            {c.seed_topics.length > 0
              ? 'Press Expand to have Siteloupe propose targets about the seed topics from the site’s data.'
              : 'Add seed topics (Edit), then press Expand: a campaign proposes targets about its seed topics only.'}
          </p>
        </EmptyState>
      )}
      {targets.data && targets.data.length > 0 && (
        <div className="board" aria-label="Targets by status">
          {COLUMNS.map((col) => {
            const cards = merged.filter((t) => t.status === col.status);
            return (
              <section key={col.status} className="board-col" aria-label={col.label} data-status={col.status}>
                <h2 className="board-col-head">
                  {col.label} <span className="muted">{cards.length}</span>
                </h2>
                <div className="board-cards">
                  {cards.length === 0 && <p className="muted small board-empty">None</p>}
                  {cards.map((t) => (
                    <TargetCard
                      key={t.id}
                      target={t}
                      siteId={c.site_id}
                      onChanged={onChanged}
                      onDeleted={reload}
                    />
                  ))}
                </div>
              </section>
            );
          })}
        </div>
      )}
      <DeleteCampaign campaign={c} busy={jobs.active.length > 0} />
    </section>
  );
}

/** Deleting a campaign, behind a confirm: its targets go with it (its past jobs stay listed as history). */
function DeleteCampaign({ campaign, busy }: { campaign: Campaign; busy: boolean }) {
  // The server refuses (409) while an action of the campaign runs; the button says so before being pressed.
  const remove = useAction(async (id: number) => {
    await call('campaigns.delete', { campaign_id: id });
    return true;
  });
  return (
    <details className="panel danger">
      <summary>Delete this campaign</summary>
      <p>
        Deleting removes {campaign.name} and its {fmtCount(campaign.target_counts.total, 'target')}, decisions
        and notes included. It cannot be undone.
      </p>
      <button
        type="button"
        className="btn btn-danger"
        disabled={busy || remove.busy}
        title={busy ? 'Wait for the running action to finish, or cancel it' : undefined}
        onClick={async () => {
          if (!window.confirm(`Delete the campaign ${campaign.name} and all its targets?`)) return;
          if (await remove.run(campaign.id)) navigate(links.campaigns(campaign.hub_client_id));
        }}
      >
        Delete {campaign.name}
      </button>
      <ErrorNotice error={remove.error} />
    </details>
  );
}

function ActionButton({
  campaign,
  action,
  label,
  hint,
  busy,
  onStarted,
}: {
  campaign: Campaign;
  action: CampaignAction;
  label: string;
  hint: string;
  busy: boolean;
  onStarted: (job: Job) => void;
}) {
  const run = useAction(() => call(`campaigns.${action}`, { campaign_id: campaign.id }));
  return (
    <span className="action">
      <button
        type="button"
        className={`btn ${action === 'expand' ? 'btn-primary' : ''}`}
        title={hint}
        disabled={busy || run.busy}
        onClick={async () => {
          if (
            action === 'rebuild' &&
            !window.confirm('Rebuild replaces every proposed target that nobody decided on yet. Go on?')
          )
            return;
          const job = await run.run();
          if (job) onStarted(job);
        }}
      >
        {label}
      </button>
      {run.error !== undefined && <ErrorNotice error={run.error} />}
    </span>
  );
}

function ManualTarget({ campaign, onAdded }: { campaign: Campaign; onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<TargetKind>('new_content');
  const [title, setTitle] = useState('');
  const [query, setQuery] = useState('');
  const add = useAction((body: CallArgs<'targets.create'>) => call('targets.create', body));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await add.run({
      campaign_id: campaign.id,
      kind,
      title: title.trim(),
      ...(query.trim() ? { query: query.trim() } : {}),
    });
    if (!created) return;
    setTitle('');
    setQuery('');
    setOpen(false);
    onAdded();
  };
  if (!open)
    return (
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Add a target
      </button>
    );
  return (
    <form className="form-row inline-form" onSubmit={submit} aria-label="Add a target">
      <div className="field">
        <label htmlFor="target-kind">Kind</label>
        <select id="target-kind" value={kind} onChange={(e) => setKind(e.target.value as TargetKind)}>
          {TARGET_KINDS.map((k) => (
            <option key={k} value={k}>
              {words(k)}
            </option>
          ))}
        </select>
      </div>
      <div className="field grow">
        <label htmlFor="target-title">Title</label>
        <input id="target-title" required value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="target-query">Query (optional)</label>
        <input id="target-query" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={add.busy}>
        Add
      </button>
      <button type="button" className="btn" onClick={() => setOpen(false)}>
        Cancel
      </button>
      <ErrorNotice error={add.error} />
    </form>
  );
}
