/**
 * Every page and link at once (the link graph's first view, kept for small sites and as the baseline the
 * structure view is measured against): choose which link positions count, show or hide orphans, overlay the
 * merge and duplicate pairs of the similarity analysis, and click (or find) a page to see its details.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../api/call.js';
import type { EdgeKind, GraphEdge, GraphNode, Outcome } from '../api/types.js';
import { EDGE_KINDS } from '../api/value-lists.js';
import { ToggleGroup } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { fmtCount, fmtInt, shortUrl } from '../format.js';
import {
  clusterColour,
  drawGraph,
  NO_CLUSTER_COLOUR,
  type GraphHandle,
  type OverlayPair,
} from './graph-canvas.js';
import { OverlayOptions } from './graph-options.js';
import { GraphToolbar } from './graph-toolbar.js';
import { NodeDrawer } from './node-drawer.js';

/** Links in the main content: navigation, header and footer links join every page to every other. */
const DEFAULT_KINDS: EdgeKind[] = ['content'];
/** Edges fetched at most; beyond this the graph would not be readable anyway. */
const MAX_EDGES = 40_000;
const MAX_PAIRS = 5_000;
/** Nodes drawn at most; linked pages come first, orphans fill what is left. */
const MAX_NODES = 8_000;

interface GraphData {
  /** The site these nodes belong to (the previous site's graph stays drawn while the next one loads). */
  siteId: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
  truncated: boolean;
  /** Nodes left out to stay drawable. */
  hidden: number;
}

async function loadGraph(siteId: number, edgeKinds: EdgeKind[], orphans: boolean, signal: AbortSignal) {
  const nodes = new Map<number, GraphNode>();
  const edges: GraphEdge[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(
      'graph.linkGraph',
      { site_id: siteId, edge_kind: edgeKinds, include_orphans: orphans, cursor, limit: 10_000 },
      { signal },
    );
    for (const n of page.nodes) nodes.set(n.id, n);
    edges.push(...page.edges);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && edges.length < MAX_EDGES);
  const all = [...nodes.values()];
  const linked = all.filter((n) => !n.orphan);
  const kept = linked.concat(all.filter((n) => n.orphan).slice(0, Math.max(0, MAX_NODES - linked.length)));
  return {
    siteId,
    nodes: kept.slice(0, MAX_NODES),
    edges,
    truncated: cursor !== undefined,
    hidden: all.length - Math.min(kept.length, MAX_NODES),
  } satisfies GraphData;
}

async function loadPairs(siteId: number, outcome: Outcome[], minReranker: number, signal: AbortSignal) {
  const pairs: OverlayPair[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(
      'similarity.sitePairs',
      { site_id: siteId, outcome, min_reranker: minReranker, cursor, limit: 1000 },
      { signal },
    );
    for (const p of page.items)
      pairs.push({ id: p.id, a: p.page_a.id, b: p.page_b.id, outcome: p.outcome, reranker: p.reranker });
    cursor = page.next_cursor ?? undefined;
  } while (cursor && pairs.length < MAX_PAIRS);
  return pairs;
}

export function AllPagesView({ siteId, host }: { siteId: number; host: string }) {
  const [edgeKinds, setEdgeKinds] = useState<EdgeKind[]>(DEFAULT_KINDS);
  const [orphans, setOrphans] = useState(false);
  const [overlay, setOverlay] = useState(false);
  const [minReranker, setMinReranker] = useState(0.8);
  const [outcomes, setOutcomes] = useState<Outcome[]>(['duplicate', 'merge']);
  // A selection belongs to the site it was made on: after switching sites the old site's page is not shown.
  const [selection, setSelection] = useState<{ siteId: number; pageId: number } | null>(null);
  const selected = selection?.siteId === siteId ? selection.pageId : null;
  const [drawState, setDrawState] = useState<'idle' | 'layout' | 'ready'>('idle');
  const [overlayCount, setOverlayCount] = useState<number | null>(null);

  const graph = useApi(
    (signal) => (edgeKinds.length ? loadGraph(siteId, edgeKinds, orphans, signal) : Promise.resolve(null)),
    [siteId, edgeKinds.join(','), orphans],
  );
  const [threshold, setThreshold] = useState(minReranker);
  useEffect(() => {
    const timer = setTimeout(() => setThreshold(minReranker), 250);
    return () => clearTimeout(timer);
  }, [minReranker]);
  const pairs = useApi(
    (signal) =>
      overlay && outcomes.length
        ? loadPairs(siteId, outcomes, threshold, signal)
        : Promise.resolve([] as OverlayPair[]),
    [siteId, overlay, outcomes.join(','), threshold],
  );

  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<GraphHandle | null>(null);
  const data = graph.data;
  useEffect(() => {
    if (!data || !data.nodes.length || !container.current) return;
    setDrawState('layout');
    // Let the "laying out" message paint before the layout takes the main thread.
    let cancelled = false;
    const timer = setTimeout(() => {
      if (cancelled || !container.current) return;
      handle.current = drawGraph(container.current, data.nodes, data.edges, (id) =>
        setSelection({ siteId: data.siteId, pageId: id }),
      );
      setDrawState('ready');
    }, 30);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      handle.current?.destroy();
      handle.current = null;
      setDrawState('idle');
    };
  }, [data]);

  useEffect(() => {
    if (drawState !== 'ready' || !handle.current) return;
    setOverlayCount(handle.current.setOverlay(pairs.data ?? []));
  }, [pairs.data, drawState]);

  useEffect(() => {
    if (selected !== null) handle.current?.focus(selected);
  }, [selected]);

  const clusters = useMemo((): [number, number][] => {
    const counts = new Map<number, number>();
    for (const n of data?.nodes ?? [])
      if (n.cluster_id !== null) counts.set(n.cluster_id, (counts.get(n.cluster_id) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]);
  }, [data]);
  const orphanCount = data?.nodes.filter((n) => n.orphan).length ?? 0;

  return (
    <>
      <p className="view-lede graph-lede">
        {data
          ? `${fmtCount(data.nodes.length, 'page')}, ${fmtCount(data.edges.length, 'link')}${orphans ? `, ${fmtCount(orphanCount, 'orphan')}` : ''}${data.truncated ? ` (first ${fmtInt(MAX_EDGES)} links only)` : ''}${data.hidden ? ` (${fmtCount(data.hidden, 'page')} not drawn)` : ''}.`
          : 'Internal links between crawled pages.'}{' '}
        Node size is the number of inlinks; colour is the similarity cluster.
      </p>
      <div className="graph-layout">
        <aside className="graph-controls panel" aria-label="Graph options">
          <ToggleGroup
            legend="Link positions"
            options={EDGE_KINDS}
            value={edgeKinds}
            onChange={setEdgeKinds}
          />
          <label className="check">
            <input
              id="graph-orphans"
              type="checkbox"
              checked={orphans}
              onChange={(e) => setOrphans(e.target.checked)}
            />
            Include orphan pages
          </label>
          <OverlayOptions
            value={{ on: overlay, minReranker, outcomes }}
            onChange={(patch) => {
              if (patch.on !== undefined) setOverlay(patch.on);
              if (patch.minReranker !== undefined) setMinReranker(patch.minReranker);
              if (patch.outcomes !== undefined) setOutcomes(patch.outcomes);
            }}
            status={{ loading: pairs.loading, drawn: overlayCount, error: pairs.error }}
            drawnNote="drawn"
          />
          <FindPage
            nodes={data?.nodes ?? []}
            onPick={(id) => data && setSelection({ siteId: data.siteId, pageId: id })}
          />
          {clusters.length > 0 && (
            <div className="legend">
              <h3>Clusters</h3>
              <ul>
                {clusters.slice(0, 8).map(([id, count]) => (
                  <li key={id}>
                    <span className="swatch" style={{ background: clusterColour(id) }} /> cluster {id}{' '}
                    <span className="muted">({count})</span>
                  </li>
                ))}
                <li>
                  <span className="swatch" style={{ background: NO_CLUSTER_COLOUR }} /> no cluster
                </li>
                <li>
                  <span className="swatch swatch-ring" /> no inbound link of these kinds
                </li>
              </ul>
            </div>
          )}
        </aside>
        <div className="graph-stage panel">
          <GraphToolbar
            cy={() => handle.current?.cy ?? null}
            name={`${host}-all-pages`}
            title={`Link graph of ${host}`}
          />
          <ErrorNotice error={graph.error} />
          {graph.loading && <Loading label="Loading the link graph…" />}
          {drawState === 'layout' && (
            <Loading label={`Laying out ${fmtCount(data?.nodes.length ?? 0, 'page')}…`} />
          )}
          {!graph.loading && edgeKinds.length === 0 && (
            <EmptyState title="Choose at least one link position." />
          )}
          {!graph.loading && data && data.nodes.length === 0 && (
            <EmptyState title="No links to draw.">
              <p>Crawl the site first, or choose more link positions.</p>
            </EmptyState>
          )}
          <div
            ref={container}
            className="graph-canvas"
            data-state={drawState}
            data-nodes={drawState === 'ready' ? data?.nodes.length : undefined}
            data-overlay-edges={overlayCount ?? undefined}
            aria-label="Link graph canvas: click a node to see the page. Use “Find a page” to reach a node with the keyboard."
            role="img"
          />
          {selected !== null && (
            <NodeDrawer pageId={selected} siteId={siteId} onClose={() => setSelection(null)} />
          )}
        </div>
      </div>
    </>
  );
}

function FindPage({ nodes, onPick }: { nodes: GraphNode[]; onPick: (id: number) => void }) {
  const [text, setText] = useState('');
  const matches = useMemo(() => {
    const q = text.trim().toLowerCase();
    if (q.length < 2) return [];
    return nodes
      .filter((n) => n.url.toLowerCase().includes(q) || n.title?.toLowerCase().includes(q))
      .slice(0, 8);
  }, [nodes, text]);
  return (
    <div className="field find-page">
      <label htmlFor="graph-find">Find a page</label>
      <input
        id="graph-find"
        type="search"
        value={text}
        placeholder="URL or title"
        onChange={(e) => setText(e.target.value)}
      />
      {matches.length > 0 && (
        <ul className="find-results">
          {matches.map((n) => (
            <li key={n.id}>
              <button type="button" className="btn-link" onClick={() => onPick(n.id)}>
                {n.title?.trim() || shortUrl(n.url)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
