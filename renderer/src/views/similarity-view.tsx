/**
 * Pages that overlap: the pairs of the last analysis (filter by outcome, raise the reranker threshold; choose one
 * to see why its pages were paired) and the clusters of duplicate and merge pairs with their members and the
 * suggested canonical page.
 */
import { useEffect, useMemo, useState } from 'react';
import { call, type CallArgs } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { Cluster, Outcome, Pair } from '../api/types.js';
import { OUTCOMES } from '../api/value-lists.js';
import { Badge, Slider, Tabs, ToggleGroup } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { JobLines, StartJobButton } from '../components/job-status.js';
import { PageName } from '../components/page-title.js';
import { VirtualTable, type Column } from '../components/virtual-table.js';
import { useActiveJobs } from '../hooks/use-active-jobs.js';
import { useAction } from '../hooks/use-api.js';
import { usePagedList } from '../hooks/use-paged-list.js';
import { fmtCount, fmtInt, fmtScore } from '../format.js';
import { replaceHashParams } from '../router.js';
import { useSites } from '../sites-context.js';
import { OUTCOME_TONE, PairDetail } from './pair-evidence.js';

type Tab = 'pairs' | 'clusters';

export function SimilarityView({ siteId, params }: { siteId: number; params: URLSearchParams }) {
  const { byId } = useSites();
  const site = byId(siteId)!;
  const tab: Tab = params.get('tab') === 'clusters' ? 'clusters' : 'pairs';
  const jobs = useActiveJobs({ siteId });
  const analyze = useAction(() => call('similarity.analyze', { site_id: siteId }));
  const running = jobs.active.some((j) => j.kind === 'similarity');

  return (
    <section className="view view-fill">
      <header className="view-header">
        <div>
          <h1>Similarity</h1>
          <p className="view-lede">
            {fmtCount(site.stats.pairs, 'pair')} and {fmtCount(site.stats.clusters, 'cluster')} from the last
            analysis of {fmtCount(site.stats.embedded, 'embedded page')}.
          </p>
        </div>
        <StartJobButton
          label="Run analysis"
          runningLabel="Analysing…"
          running={running}
          busy={analyze.busy}
          start={() => analyze.run()}
          onStarted={jobs.track}
        />
      </header>
      <ErrorNotice error={analyze.error} />
      <JobLines jobs={jobs} kind="similarity" />
      <Tabs
        label="Similarity results"
        value={tab}
        onChange={(t) => replaceHashParams({ tab: t === 'pairs' ? undefined : t })}
        tabs={[
          { id: 'pairs', label: 'Pairs' },
          { id: 'clusters', label: 'Clusters' },
        ]}
      />
      {tab === 'pairs' ? <PairsTab siteId={siteId} params={params} /> : <ClustersTab siteId={siteId} />}
    </section>
  );
}

function PairsTab({ siteId, params }: { siteId: number; params: URLSearchParams }) {
  const outcomeParam = params.get('outcome');
  const outcomes = outcomeParam
    ? (outcomeParam.split(',').filter((o) => OUTCOMES.includes(o as Outcome)) as Outcome[])
    : [...OUTCOMES];
  const minParam = Number(params.get('min') ?? '0');
  const [min, setMin] = useState(Number.isFinite(minParam) ? minParam : 0);
  useEffect(() => {
    const timer = setTimeout(() => replaceHashParams({ min: min > 0 ? min.toFixed(2) : undefined }), 250);
    return () => clearTimeout(timer);
  }, [min]);
  const applied = Number(params.get('min') ?? '0') || 0;
  // The address changed under the slider (back/forward, another site): show the threshold that is applied.
  useEffect(() => setMin((m) => (Math.abs(m - applied) < 0.005 ? m : applied)), [applied]);
  // The address is the user's to edit: a sort the server does not know comes back as a 400 the view shows.
  const sort = (params.get('sort') ?? '-reranker') as CallArgs<'similarity.sitePairs'>['sort'];
  // The chosen pair is in the address, so a reload or a link shows the same one (when it is still loaded).
  const chosen = Number(params.get('pair') ?? '0');
  const [whyOpen, setWhyOpen] = useState(true);
  // The detail panel takes room from the table: keep the chosen row in view.
  useEffect(() => {
    document.querySelector('.pairs-table .vtable-row.is-active')?.scrollIntoView({ block: 'nearest' });
  }, [chosen, whyOpen]);

  const list = usePagedList(
    (cursor, signal) =>
      outcomes.length
        ? call(
            'similarity.sitePairs',
            { site_id: siteId, outcome: outcomes, min_reranker: applied, sort, cursor, limit: 500 },
            { signal },
          )
        : Promise.resolve({ items: [] as Pair[], next_cursor: null }),
    [siteId, outcomes.join(','), applied, sort],
  );
  useSiteChanges(siteId, ['similarity'], list.reload);
  const columns = useMemo<Column<Pair>[]>(
    () => [
      {
        key: 'a',
        header: 'Page A',
        width: 'minmax(0, 3fr)',
        render: (p) => <PageName page={p.page_a} />,
        title: (p) => p.page_a.url,
      },
      {
        key: 'b',
        header: 'Page B',
        width: 'minmax(0, 3fr)',
        render: (p) => <PageName page={p.page_b} />,
        title: (p) => p.page_b.url,
      },
      {
        key: 'outcome',
        header: 'Outcome',
        width: '7rem',
        align: 'center',
        render: (p) => <Badge tone={OUTCOME_TONE[p.outcome]}>{p.outcome}</Badge>,
      },
      {
        key: 'reranker',
        header: 'Reranker',
        width: '6.5rem',
        align: 'right',
        sortKey: 'reranker',
        render: (p) => fmtScore(p.reranker),
      },
      {
        key: 'cosine',
        header: 'Cosine',
        width: '6rem',
        align: 'right',
        sortKey: 'cosine',
        // Unknown, not 0: only indexable pages are embedded, and duplicates are found by text alone.
        render: (p) => fmtScore(p.cosine),
        title: (p) =>
          p.cosine === null ? 'Unknown: one of the pages has no embedding (it is not indexable)' : undefined,
      },
      {
        key: 'jaccard',
        header: 'Jaccard',
        width: '6rem',
        align: 'right',
        sortKey: 'jaccard',
        render: (p) => fmtScore(p.jaccard),
      },
    ],
    [],
  );

  return (
    <>
      <div className="filter-bar">
        <ToggleGroup
          legend="Outcome"
          options={OUTCOMES}
          value={outcomes}
          onChange={(v) =>
            replaceHashParams({ outcome: v.length === OUTCOMES.length ? undefined : v.join(',') || 'none' })
          }
        />
        <Slider
          label="Min. reranker"
          min={0}
          max={1}
          step={0.01}
          value={min}
          onChange={setMin}
          format={(v) => v.toFixed(2)}
        />
      </div>
      <ErrorNotice error={list.error} />
      <VirtualTable
        label="Similar pairs"
        className="pairs-table"
        rows={list.items}
        columns={columns}
        rowKey={(p) => p.id}
        rowHeight={46}
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        sort={sort}
        onSort={(s) => replaceHashParams({ sort: s === '-reranker' ? undefined : s })}
        onActivate={(p) => replaceHashParams({ pair: String(p.id) })}
        resetKey={`${outcomes.join(',')}|${applied}|${sort}`}
        empty={
          outcomes.length === 0
            ? 'Choose at least one outcome.'
            : 'No pairs match. Run the analysis after a crawl, or lower the reranker threshold.'
        }
      />
      <PairDetail pair={list.items.find((p) => p.id === chosen)} whyOpen={whyOpen} onWhyToggle={setWhyOpen} />
    </>
  );
}

function ClustersTab({ siteId }: { siteId: number }) {
  const list = usePagedList(
    (cursor, signal) => call('similarity.clusters', { site_id: siteId, cursor, limit: 100 }, { signal }),
    [siteId],
  );
  useSiteChanges(siteId, ['similarity'], list.reload);
  if (list.error) return <ErrorNotice error={list.error} />;
  if (!list.items.length)
    return list.loading ? (
      <Loading />
    ) : (
      <EmptyState title="No clusters.">
        <p>Clusters group pages joined by duplicate or merge pairs. Run the analysis to find them.</p>
      </EmptyState>
    );
  return (
    <div className="cluster-list scroll-y">
      {list.items.map((c) => (
        <ClusterCard key={c.id} cluster={c} />
      ))}
      {list.hasMore && (
        <button type="button" className="btn" onClick={list.loadMore} disabled={list.loading}>
          Show more clusters
        </button>
      )}
    </div>
  );
}

function ClusterCard({ cluster }: { cluster: Cluster }) {
  return (
    <details className="panel cluster" open={cluster.size <= 4}>
      <summary>
        <span className="cluster-label">{cluster.label || `Cluster ${cluster.id}`}</span>
        <span className="muted">
          {' '}
          · {fmtCount(cluster.size, 'page')} · mean reranker {fmtScore(cluster.mean_reranker)}
        </span>
      </summary>
      {cluster.representative_page && (
        <p className="small">
          Suggested canonical: <PageName page={cluster.representative_page} />
        </p>
      )}
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col" className="num">
              Inlinks
            </th>
            <th scope="col" className="num">
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {cluster.pages.map(({ page, score }) => (
            <tr key={page.id}>
              <td>
                <PageName page={page} />
              </td>
              <td className="num">{fmtInt(page.inlinks)}</td>
              <td className="num">{fmtScore(score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
