/**
 * Pages that overlap, opening on what to act on: duplicates and merges, each with the page to keep and why, in
 * the order the API ranks them; then related pairs as a ranked list for linking (pairs not linked yet, with a
 * specific overlap and traffic, first); then the clusters of duplicate and merge pairs. Each score is explained
 * where it is shown, and a crawl since the analysis is said at the top with the offer to run it again.
 */
import { useEffect, useMemo, useState } from 'react';
import { call, type CallArgs } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { AnalysisState, Cluster, Outcome, Pair } from '../api/types.js';
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
import {
  clicksText,
  keepShort,
  linksShort,
  linksText,
  OUTCOME_MEANING,
  SCORE_MEANING,
  staleText,
} from './pair-verdict-text.js';

type Tab = 'pairs' | 'related' | 'clusters';
/** The outcomes of the first tab: pages that should be one. */
const ONE_PAGE: readonly Outcome[] = ['duplicate', 'merge'];
type PairSort = NonNullable<CallArgs<'similarity.sitePairs'>['sort']>;
const DEFAULT_SORT: PairSort = '-rank';

export function SimilarityView({ siteId, params }: { siteId: number; params: URLSearchParams }) {
  const { byId } = useSites();
  const site = byId(siteId)!;
  const tabParam = params.get('tab');
  const tab: Tab = tabParam === 'clusters' || tabParam === 'related' ? tabParam : 'pairs';
  const jobs = useActiveJobs({ siteId });
  const analyze = useAction(() => call('similarity.analyze', { site_id: siteId }));
  const running = jobs.active.some((j) => j.kind === 'similarity');
  const start = () => analyze.run();

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
          start={start}
          onStarted={jobs.track}
        />
      </header>
      {site.similarity_analysis?.stale && (
        <StaleNotice
          state={site.similarity_analysis}
          canRerun={!running && !analyze.busy}
          rerun={async () => {
            const job = await start();
            if (job) jobs.track(job);
          }}
        />
      )}
      <ErrorNotice error={analyze.error} />
      <JobLines jobs={jobs} kind="similarity" />
      <Tabs
        label="Similarity results"
        value={tab}
        onChange={(t) =>
          replaceHashParams({
            tab: t === 'pairs' ? undefined : t,
            outcome: undefined,
            sort: undefined,
            pair: undefined,
          })
        }
        tabs={[
          { id: 'pairs', label: 'Duplicates and merges' },
          { id: 'related', label: 'Related, for linking' },
          { id: 'clusters', label: 'Clusters' },
        ]}
      />
      {tab === 'clusters' ? (
        <ClustersTab siteId={siteId} />
      ) : (
        <PairsTab
          key={tab}
          siteId={siteId}
          params={params}
          mode={tab === 'related' ? 'related' : 'one-page'}
        />
      )}
    </section>
  );
}

/** A crawl since the analysis: its pairs may no longer match the site. Offers the rerun unless one is on its way. */
function StaleNotice(props: { state: AnalysisState; canRerun: boolean; rerun: () => void }) {
  const { state } = props;
  return (
    <div className="notice notice-info stale-notice" role="status">
      <span>
        <strong>This analysis is out of date. </strong>
        {staleText(state)}
      </span>
      {state.rerun_job_id === null && (
        <button type="button" className="btn btn-small" disabled={!props.canRerun} onClick={props.rerun}>
          Run it again
        </button>
      )}
    </div>
  );
}

function PairsTab({
  siteId,
  params,
  mode,
}: {
  siteId: number;
  params: URLSearchParams;
  mode: 'one-page' | 'related';
}) {
  const outcomeParam = params.get('outcome');
  const outcomes: Outcome[] =
    mode === 'related'
      ? ['related']
      : outcomeParam
        ? ONE_PAGE.filter((o) => outcomeParam.split(',').includes(o))
        : [...ONE_PAGE];
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
  const sort = (params.get('sort') ?? DEFAULT_SORT) as PairSort;
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
  const columns = useMemo<Column<Pair>[]>(() => {
    const page = (side: 'a' | 'b'): Column<Pair> => ({
      key: side,
      header: side === 'a' ? 'Page A' : 'Page B',
      width: 'minmax(0, 3fr)',
      render: (p) => <PageName page={side === 'a' ? p.page_a : p.page_b} />,
      title: (p) => (side === 'a' ? p.page_a : p.page_b).url,
    });
    const score = (key: 'reranker' | 'cosine' | 'jaccard', header: string): Column<Pair> => ({
      key,
      header,
      width: key === 'reranker' ? '6.5rem' : '6rem',
      align: 'right',
      sortKey: key,
      render: (p) => fmtScore(p[key]),
      title: (p) =>
        key === 'cosine' && p.cosine === null
          ? 'Unknown: one of the pages has no embedding (it is not indexable)'
          : SCORE_MEANING[key],
    });
    if (mode === 'related')
      return [
        page('a'),
        page('b'),
        {
          key: 'links',
          header: 'Links',
          width: '9rem',
          render: (p) => linksShort(p.links),
          title: (p) => linksText(p.links),
        },
        {
          key: 'clicks',
          header: 'Clicks',
          width: '5.5rem',
          align: 'right',
          render: (p) => clicksText(p.gsc_clicks),
          title: () => 'Search Console clicks of the two pages together.',
        },
        score('reranker', 'Reranker'),
        score('cosine', 'Cosine'),
      ];
    return [
      page('a'),
      page('b'),
      {
        key: 'outcome',
        header: 'Outcome',
        width: '7rem',
        align: 'center',
        render: (p) => <Badge tone={OUTCOME_TONE[p.outcome]}>{p.outcome}</Badge>,
        title: (p) => OUTCOME_MEANING[p.outcome],
      },
      {
        key: 'keep',
        header: 'Page to keep',
        width: 'minmax(9rem, 1.4fr)',
        render: (p) => keepShort(p),
        title: (p) => p.keep?.detail,
      },
      score('reranker', 'Reranker'),
      score('cosine', 'Cosine'),
      score('jaccard', 'Jaccard'),
    ];
  }, [mode]);

  return (
    <>
      <p className="muted small similarity-legend">
        {mode === 'related'
          ? 'Related pairs are for linking, most worth a link first: pages that do not link each other yet, whose overlap is specific and that get traffic. Pairs already linked from both pages’ text come last.'
          : 'Pages that should be one, what to act on first: duplicates, then merges. Each names the page to keep and why; choose a pair to see the rule that decided it and the passages that matched.'}{' '}
        {SCORE_MEANING.reranker}
      </p>
      <div className="filter-bar">
        {mode === 'one-page' && (
          <ToggleGroup
            legend="Outcome"
            options={ONE_PAGE}
            value={outcomes}
            onChange={(v) =>
              replaceHashParams({ outcome: v.length === ONE_PAGE.length ? undefined : v.join(',') || 'none' })
            }
          />
        )}
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
        label={mode === 'related' ? 'Related pairs' : 'Duplicate and merge pairs'}
        className="pairs-table"
        rows={list.items}
        columns={columns}
        rowKey={(p) => p.id}
        rowHeight={46}
        hasMore={list.hasMore}
        loading={list.loading}
        onLoadMore={list.loadMore}
        sort={sort}
        onSort={(s) => replaceHashParams({ sort: s === DEFAULT_SORT ? undefined : s })}
        onActivate={(p) => replaceHashParams({ pair: String(p.id) })}
        resetKey={`${outcomes.join(',')}|${applied}|${sort}`}
        empty={
          outcomes.length === 0
            ? 'Choose at least one outcome.'
            : mode === 'related'
              ? 'No related pairs match. Run the analysis after a crawl, or lower the reranker threshold.'
              : 'No duplicates or merges: no two pages here say the same thing. Related pairs, for linking, are in the next tab.'
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
          Page to keep: <PageName page={cluster.representative_page} />
          {cluster.representative_reason && (
            <span className="muted"> — {cluster.representative_reason.detail}</span>
          )}
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
