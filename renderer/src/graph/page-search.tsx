/**
 * Finds a page of the site by URL or title through the API (the structure view has not loaded every page), to
 * focus the graph on it.
 */
import { useEffect, useState } from 'react';
import { call } from '../api/call.js';
import type { PageListItem } from '../api/types.js';
import { ErrorNotice } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { shortUrl } from '../format.js';

export function PageSearch(props: { siteId: number; label: string; onPick: (page: PageListItem) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useApi(
    (signal) =>
      query.length >= 2
        ? call('pages.list', { site_id: props.siteId, q: query, limit: 8 }, { signal }).then((p) => p.items)
        : Promise.resolve([] as PageListItem[]),
    [props.siteId, query],
  );
  const matches = query.length >= 2 ? (found.data ?? []) : [];
  return (
    <div className="field find-page">
      <label htmlFor="graph-find">{props.label}</label>
      <input
        id="graph-find"
        type="search"
        value={text}
        placeholder="URL or title"
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      <ErrorNotice error={found.error} />
      {matches.length > 0 && (
        <ul className="find-results" aria-label="Matching pages">
          {matches.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="btn-link"
                title={p.url}
                onClick={() => {
                  setText('');
                  props.onPick(p);
                }}
              >
                {p.title?.trim() || shortUrl(p.url)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.length >= 2 && found.data?.length === 0 && <p className="muted small">No page matches.</p>}
    </div>
  );
}
