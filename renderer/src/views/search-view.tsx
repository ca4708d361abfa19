/**
 * Semantic search over the site's pages (each result with its passage nearest to the query) and the idea check
 * (idea-panel.tsx), both with an optional persona that is prepended to what gets embedded, as the API does.
 * While the site is being embedded, results say how much of it they cover (search-coverage.tsx) and are searched
 * again when the embedding finishes. Passages are crawled text and are rendered as text, the query's words in them
 * marked where the server says they are; a passage under a heading links to that section of the page.
 */
import { useRef, useState, type FormEvent } from 'react';
import { call, type CallArgs } from '../api/call.js';
import type { EmbeddingSearchResult } from '../api/types.js';
import { ExternalLink } from '../components/controls.js';
import { EmptyState, ErrorNotice } from '../components/feedback.js';
import { MarkedText, aroundFirstMark } from '../components/marked-text.js';
import { PageName } from '../components/page-title.js';
import { useAction } from '../hooks/use-api.js';
import { fmtCount, fmtScore } from '../format.js';
import { IdeaPanel } from './idea-panel.js';
import { CoverageLine, useLiveCoverage } from './search-coverage.js';

export function SearchView({ siteId }: { siteId: number }) {
  const [persona, setPersona] = useState('');
  return (
    <section className="view">
      <header className="view-header">
        <div>
          <h1>Search & ideas</h1>
          <p className="view-lede">Find pages by meaning, and check whether a new idea is already covered.</p>
        </div>
      </header>
      <details className="panel persona" open={persona !== ''}>
        <summary>Persona context (optional)</summary>
        <div className="field">
          <label htmlFor="persona">Who is searching? This text is prepended to the query and the idea.</label>
          <textarea
            id="persona"
            rows={3}
            maxLength={4000}
            value={persona}
            placeholder="e.g. A first-time gardener with a small balcony"
            onChange={(e) => setPersona(e.target.value)}
          />
        </div>
      </details>
      {/* Keyed by site: another site's results must not stay on screen after switching sites. */}
      <div className="two-col">
        <SearchPanel key={`search-${siteId}`} siteId={siteId} persona={persona} />
        <IdeaPanel key={`idea-${siteId}`} siteId={siteId} persona={persona} />
      </div>
    </section>
  );
}

function SearchPanel({ siteId, persona }: { siteId: number; persona: string }) {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<EmbeddingSearchResult>();
  const search = useAction((body: CallArgs<'pages.search'>) => call('pages.search', body));
  const asked = useRef<CallArgs<'pages.search'>>(undefined);
  const run = async (body: CallArgs<'pages.search'>) => {
    asked.current = body;
    const res = await search.run(body);
    if (res && asked.current === body) setResult(res);
  };
  // The embedding the answer waited on has finished: the same search again gives the full results.
  const coverage = useLiveCoverage(siteId, result?.coverage, () => {
    if (asked.current) void run(asked.current);
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run({
      query,
      site_id: siteId,
      k: 20,
      ...(persona.trim() ? { persona_context: persona } : {}),
    });
  };
  return (
    <div className="panel">
      <h2>Search</h2>
      <form onSubmit={submit} className="form-row" role="search" aria-label="Search pages">
        <div className="field grow">
          <label htmlFor="search-query">Query</label>
          <input
            id="search-query"
            type="search"
            required
            maxLength={2000}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="how to keep tomatoes from splitting"
          />
        </div>
        <button className="btn btn-primary" type="submit" disabled={search.busy}>
          {search.busy ? 'Searching…' : 'Search'}
        </button>
      </form>
      <ErrorNotice error={search.error} />
      {result && <CoverageLine coverage={coverage} />}
      {result &&
        (result.items.length === 0 ? (
          <EmptyState title="No pages found.">
            <p>Pages become searchable once they are embedded (after each crawl).</p>
          </EmptyState>
        ) : (
          <ol className="results" aria-label="Search results">
            {result.items.map((hit) => (
              <li key={hit.page.id} className="result">
                <span className="result-rank">{hit.rank}</span>
                <div className="result-body">
                  <PageName page={hit.page} />
                  <p className="result-meta">
                    {hit.page.h1 ? `H1: ${hit.page.h1} · ` : ''}
                    {fmtCount(hit.page.word_count, 'word')} · {fmtCount(hit.page.inlinks, 'inlink')}
                  </p>
                  {hit.passage && <ResultPassage passage={hit.passage} h1={hit.page.h1} />}
                </div>
                <span className="result-score" title="Cosine similarity">
                  {fmtScore(hit.score)}
                </span>
              </li>
            ))}
          </ol>
        ))}
    </div>
  );
}

type Passage = NonNullable<EmbeddingSearchResult['items'][number]['passage']>;

/**
 * The passage nearest to the query, its words marked, and the section of the page it is in; not the page's own
 * h1, which the line above already names (a link to it would only reach the top of the page).
 */
function ResultPassage({ passage, h1 }: { passage: Passage; h1: string | null }) {
  // Three lines show: start near the first marked word when it would fall below them.
  const shown = aroundFirstMark(passage.text, passage.highlights);
  return (
    <>
      <blockquote
        className="result-passage result-passage-short"
        title={`The passage of this page nearest to the query (similarity ${fmtScore(passage.score)})`}
      >
        <MarkedText text={shown.text} ranges={shown.ranges} />
      </blockquote>
      {passage.heading && passage.heading !== h1 && (
        <p className="result-section">
          In{' '}
          {passage.url.includes('#') ? (
            <ExternalLink url={passage.url}>§ {passage.heading}</ExternalLink>
          ) : (
            <span>§ {passage.heading}</span>
          )}
        </p>
      )}
    </>
  );
}
