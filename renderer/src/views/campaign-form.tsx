/** Create or edit a campaign: the hub client, the site, what it is about, and who the content is for. */
import { useState, type FormEvent } from 'react';
import { call } from '../api/call.js';
import type { Campaign } from '../api/types.js';
import { CAMPAIGN_STATUSES } from '../api/value-lists.js';
import { ErrorNotice } from '../components/feedback.js';
import { useAction } from '../hooks/use-api.js';
import { useSites } from '../sites-context.js';

export function CampaignForm({
  campaign,
  hubClient,
  onSaved,
  onCancel,
}: {
  campaign?: Campaign;
  hubClient?: string;
  onSaved: (campaign: Campaign) => void;
  onCancel: () => void;
}) {
  const { sites } = useSites();
  const [hub, setHub] = useState(campaign?.hub_client_id ?? hubClient ?? '');
  const [name, setName] = useState(campaign?.name ?? '');
  const [siteId, setSiteId] = useState(String(campaign?.site_id ?? sites?.[0]?.id ?? ''));
  const [description, setDescription] = useState(campaign?.description ?? '');
  const [status, setStatus] = useState<Campaign['status']>(campaign?.status ?? 'draft');
  const [topics, setTopics] = useState((campaign?.seed_topics ?? []).join('\n'));
  const [persona, setPersona] = useState(campaign?.persona_context ?? '');
  const [maxNew, setMaxNew] = useState(String(campaign?.settings.max_new ?? 25));
  const save = useAction(async () => {
    const common = {
      hub_client_id: hub.trim(),
      name: name.trim(),
      description,
      status,
      seed_topics: topics
        .split('\n')
        .map((t) => t.trim())
        .filter(Boolean),
      persona_context: persona.trim() || null,
      settings: { max_new: Number(maxNew) || 25 },
    };
    return campaign
      ? call('campaigns.update', { campaign_id: campaign.id, ...common })
      : call('campaigns.create', { ...common, site_id: Number(siteId) });
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await save.run();
    if (saved) onSaved(saved);
  };
  const prefix = campaign ? `campaign-${campaign.id}` : 'campaign-new';
  return (
    <form
      className="panel form-panel"
      onSubmit={submit}
      aria-label={campaign ? 'Edit campaign' : 'New campaign'}
    >
      <h2>{campaign ? 'Edit campaign' : 'New campaign'}</h2>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${prefix}-hub`}>Hub client</label>
          <input
            id={`${prefix}-hub`}
            required
            value={hub}
            onChange={(e) => setHub(e.target.value)}
            placeholder="acme"
          />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-name`}>Name</label>
          <input id={`${prefix}-name`} required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-site`}>Site</label>
          <select
            id={`${prefix}-site`}
            value={siteId}
            onChange={(e) => setSiteId(e.target.value)}
            disabled={Boolean(campaign)}
            required
          >
            {!sites?.length && <option value="">Add a site first</option>}
            {sites?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-status`}>Status</label>
          <select
            id={`${prefix}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as Campaign['status'])}
          >
            {CAMPAIGN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field span-2">
          <label htmlFor={`${prefix}-description`}>Description</label>
          <textarea
            id={`${prefix}-description`}
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-topics`}>Seed topics (one per line)</label>
          <textarea
            id={`${prefix}-topics`}
            rows={4}
            value={topics}
            onChange={(e) => setTopics(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-persona`}>Persona context (optional)</label>
          <textarea
            id={`${prefix}-persona`}
            rows={4}
            value={persona}
            onChange={(e) => setPersona(e.target.value)}
          />
        </div>
        <div className="field narrow">
          <label htmlFor={`${prefix}-max-new`}>New targets per expand</label>
          <input
            id={`${prefix}-max-new`}
            type="number"
            min={1}
            max={500}
            value={maxNew}
            onChange={(e) => setMaxNew(e.target.value)}
          />
        </div>
      </div>
      <ErrorNotice error={save.error} />
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={save.busy}>
          {save.busy ? 'Saving…' : campaign ? 'Save changes' : 'Create campaign'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
