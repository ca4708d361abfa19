/** Campaigns grouped by hub client: pick a client, see its campaigns and their target counts, add one. */
import { useState } from 'react';
import { call } from '../api/call.js';
import { useEvent } from '../api/events.js';
import { Badge } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { fmtDate, fmtInt } from '../format.js';
import { links, navigate } from '../router.js';
import { useSites } from '../sites-context.js';
import { CampaignForm } from './campaign-form.js';

export const CAMPAIGN_STATUS_TONE: Record<string, string> = {
  draft: 'muted',
  active: 'ok',
  paused: 'warn',
  archived: 'muted',
};

export function CampaignsView({ hubClient }: { hubClient?: string | undefined }) {
  const hubs = useApi((signal) => call('campaigns.hubClients', { limit: 1000 }, { signal }), []);
  const campaigns = useApi(
    (signal) =>
      call('campaigns.list', { ...(hubClient ? { hub_client_id: hubClient } : {}), limit: 1000 }, { signal }),
    [hubClient],
  );
  const { byId } = useSites();
  const [creating, setCreating] = useState(false);
  useEvent('job.finished', (job) => {
    if (job.campaign_id !== null) campaigns.reload();
  });

  return (
    <section className="view">
      <header className="view-header">
        <div>
          <h1>Campaigns{hubClient ? ` — ${hubClient}` : ''}</h1>
          <p className="view-lede">Content plans per hub client: targets to write, refresh, merge or link.</p>
        </div>
        {!creating && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            New campaign
          </button>
        )}
      </header>
      {creating && (
        <CampaignForm
          hubClient={hubClient}
          onCancel={() => setCreating(false)}
          onSaved={(c) => {
            setCreating(false);
            hubs.reload();
            navigate(links.campaign(c.id));
          }}
        />
      )}
      <div className="split">
        <nav className="panel hub-list" aria-label="Hub clients">
          <h2>Hub clients</h2>
          <ErrorNotice error={hubs.error} />
          <ul className="nav-list">
            <li>
              <a className={`nav-link ${!hubClient ? 'is-active' : ''}`} href={links.campaigns()}>
                All clients
              </a>
            </li>
            {hubs.data?.items.map((h) => (
              <li key={h.hub_client_id}>
                <a
                  className={`nav-link ${hubClient === h.hub_client_id ? 'is-active' : ''}`}
                  href={links.campaigns(h.hub_client_id)}
                  aria-current={hubClient === h.hub_client_id ? 'page' : undefined}
                >
                  {h.hub_client_id} <span className="muted">({h.campaign_count})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grow">
          <ErrorNotice error={campaigns.error} />
          {!campaigns.data && !campaigns.error && <Loading />}
          {campaigns.data && campaigns.data.items.length === 0 && (
            <EmptyState title={hubClient ? `No campaigns for ${hubClient}.` : 'No campaigns yet.'}>
              <p>
                A campaign plans content for one site: create one, then expand it to get proposed targets.
              </p>
            </EmptyState>
          )}
          {campaigns.data && campaigns.data.items.length > 0 && (
            <table className="table panel">
              <thead>
                <tr>
                  <th scope="col">Campaign</th>
                  <th scope="col">Hub client</th>
                  <th scope="col">Site</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Proposed
                  </th>
                  <th scope="col" className="num">
                    Accepted
                  </th>
                  <th scope="col" className="num">
                    In progress
                  </th>
                  <th scope="col" className="num">
                    Done
                  </th>
                  <th scope="col">Last action</th>
                </tr>
              </thead>
              <tbody>
                {campaigns.data.items.map((c) => (
                  <tr key={c.id}>
                    <td className="campaign-name">
                      <a href={links.campaign(c.id)}>{c.name}</a>
                    </td>
                    <td>{c.hub_client_id}</td>
                    <td>{byId(c.site_id)?.name ?? `site ${c.site_id}`}</td>
                    <td>
                      <Badge tone={CAMPAIGN_STATUS_TONE[c.status]}>{c.status}</Badge>
                    </td>
                    <td className="num">{fmtInt(c.target_counts.proposed)}</td>
                    <td className="num">{fmtInt(c.target_counts.accepted)}</td>
                    <td className="num">{fmtInt(c.target_counts.in_progress)}</td>
                    <td className="num">{fmtInt(c.target_counts.done)}</td>
                    <td className="muted">
                      {c.last_action ? (
                        <>
                          {c.last_action.kind} {c.last_action.status} ·{' '}
                          <span className="nowrap">{fmtDate(c.last_action.at)}</span>
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}
