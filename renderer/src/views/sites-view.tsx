/** All sites: what each holds, and a form to add one (which then opens its overview, ready to crawl). */
import { useState, type FormEvent } from 'react';
import { call, type CallArgs } from '../api/call.js';
import { Stat } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { useAction } from '../hooks/use-api.js';
import { fmtDate, fmtInt } from '../format.js';
import { links, navigate } from '../router.js';
import { useSites } from '../sites-context.js';

export function SitesView() {
  const { sites, error, reload } = useSites();
  return (
    <section className="view">
      <header className="view-header">
        <div>
          <h1>Sites</h1>
          <p className="view-lede">
            Each site is crawled into your local database; nothing leaves this machine.
          </p>
        </div>
      </header>
      <ErrorNotice error={error} />
      {!sites && !error && <Loading />}
      {sites && sites.length === 0 && (
        <EmptyState title="No sites yet.">
          <p>Add the first site below with the address crawling should start from.</p>
        </EmptyState>
      )}
      {sites && sites.length > 0 && (
        <div className="card-grid">
          {sites.map((site) => (
            <a key={site.id} className="site-card" href={links.site(site.id)}>
              <div className="site-card-head">
                <span className="site-card-name">{site.name}</span>
                <span className="site-card-url">{site.start_url}</span>
              </div>
              <div className="stat-row">
                <Stat label="pages" value={fmtInt(site.stats.pages)} />
                <Stat label="HTML" value={fmtInt(site.stats.html_pages)} />
                <Stat label="errors" value={fmtInt(site.stats.errors)} />
                <Stat label="embedded" value={fmtInt(site.stats.embedded)} />
              </div>
              <div className="site-card-foot muted">
                {site.stats.last_crawl_at
                  ? `Last crawl ${fmtDate(site.stats.last_crawl_at)}`
                  : 'Not crawled yet'}
              </div>
            </a>
          ))}
        </div>
      )}
      <AddSite onAdded={reload} />
    </section>
  );
}

function AddSite({ onAdded }: { onAdded: () => void }) {
  const [startUrl, setStartUrl] = useState('');
  const [name, setName] = useState('');
  const [maxPages, setMaxPages] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const create = useAction((body: CallArgs<'sites.create'>) => call('sites.create', body));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const limit = Number(maxPages);
    const site = await create.run({
      start_url: startUrl.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(maxPages.trim() && Number.isFinite(limit) ? { settings: { max_pages: limit } } : {}),
      ...(username.trim() ? { http_auth: { username: username.trim(), password } } : {}),
    });
    if (!site) return;
    setStartUrl('');
    setName('');
    setMaxPages('');
    setUsername('');
    setPassword('');
    onAdded();
    navigate(links.site(site.id));
  };
  return (
    <form className="panel form-panel" onSubmit={submit} aria-labelledby="add-site-title">
      <h2 id="add-site-title">Add a site</h2>
      <div className="form-row">
        <div className="field grow">
          <label htmlFor="site-start-url">Start URL</label>
          <input
            id="site-start-url"
            type="url"
            required
            placeholder="https://example.com/"
            value={startUrl}
            onChange={(e) => setStartUrl(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="site-name">Name (optional)</label>
          <input
            id="site-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="example.com"
          />
        </div>
        <div className="field narrow">
          <label htmlFor="site-max-pages">Max pages</label>
          <input
            id="site-max-pages"
            type="number"
            min={1}
            placeholder="10000"
            value={maxPages}
            onChange={(e) => setMaxPages(e.target.value)}
          />
        </div>
        <button className="btn btn-primary" type="submit" disabled={create.busy}>
          {create.busy ? 'Adding…' : 'Add site'}
        </button>
      </div>
      <details className="form-more">
        <summary>Site behind a login (HTTP authentication)</summary>
        <p className="muted">
          Sent to this site only, never to other hosts it links to. The password is stored on this computer
          and never shown again.
        </p>
        <div className="form-row">
          <div className="field">
            <label htmlFor="site-username">User name</label>
            <input
              id="site-username"
              autoComplete="off"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="site-password">Password</label>
            <input
              id="site-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
        </div>
      </details>
      <ErrorNotice error={create.error} />
    </form>
  );
}
