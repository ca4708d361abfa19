/**
 * The focus view: one page and its neighbourhood (1–3 hops, links in, out or both, of the chosen positions),
 * which pages pass links to it and where it sends them, and its click path from the start page laid over it.
 * Reached from a page's details, from the structure view, or by searching here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../api/call.js';
import type { Direction, FocusNode, GraphPage } from '../api/graph-types.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { fmtCount, shortUrl } from '../format.js';
import type { ColourContext } from './colour-by.js';
import { drawFocus, type FocusHandle, type ViewCheck } from './focus-canvas.js';
import { GraphLegend } from './graph-legend.js';
import { GraphOptionsPanel, useCheckPages, useOverlayPairs, type GraphOptions } from './graph-options.js';
import { GraphToolbar } from './graph-toolbar.js';
import { NodeDrawer } from './node-drawer.js';
import { PageSearch } from './page-search.js';
import { LinkImpactView, PathPanel } from './path-panel.js';

/** Pages drawn around the focus by default: enough for a hub's neighbours to show, few enough to draw fast. */
const LIMITS = [100, 300, 1000, 2000];

export function FocusView(props: {
  siteId: number;
  host: string;
  pageId: number | null;
  showPath: boolean;
  onFocus: (pageId: number, withPath: boolean) => void;
  options: GraphOptions;
  onOptions: (o: GraphOptions) => void;
}) {
  const { siteId, pageId, options } = props;
  const [hops, setHops] = useState(1);
  const [direction, setDirection] = useState<Direction>('both');
  const [limit, setLimit] = useState(300);
  const [picked, setPicked] = useState<number | null>(null);
  const [link, setLink] = useState<{ source: number; target: number } | null>(null);
  const [path, setPath] = useState<GraphPage[]>([]);
  useEffect(() => {
    setPicked(null);
    setLink(null);
    setPath([]);
  }, [pageId]);
  const graph = useApi(
    (signal) =>
      pageId !== null && options.edgeKinds.length
        ? call(
            'graph.focus',
            { page_id: pageId, hops, direction, edge_kind: options.edgeKinds, limit },
            { signal },
          )
        : Promise.resolve(null),
    [pageId, hops, direction, limit, options.edgeKinds.join(',')],
  );
  const data = graph.data;
  const checks = useCheckPages(siteId, options.check, options.colour === 'check');
  const pairs = useOverlayPairs(siteId, options.overlay);
  const colour = useMemo(
    (): ColourContext => ({
      mode: options.colour,
      checkPages: new Set(
        (checks.data?.findings ?? []).map((f) => f.page_id).filter((id): id is number => id !== null),
      ),
      checkByGroup: new Map(),
      checkReady: checks.data?.ready ?? false,
    }),
    [checks.data, options.colour],
  );

  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<FocusHandle | null>(null);
  const [drawn, setDrawn] = useState<{ nodes: number; edges: number } | null>(null);
  const [overlayCount, setOverlayCount] = useState<number | null>(null);
  const [view, setView] = useState<ViewCheck | null>(null);
  // The canvas's double click outlives renders: it reads the current path setting through this.
  const refocus = useRef((id: number) => props.onFocus(id, props.showPath));
  refocus.current = (id: number) => props.onFocus(id, props.showPath);
  const latest = useRef({ colour, marks: options.marks });
  latest.current = { colour, marks: options.marks };
  useEffect(() => {
    if (!data || !container.current || data.center !== pageId) return;
    const h = drawFocus(container.current, data, latest.current, {
      onView: setView,
      onPage: setPicked,
      onRefocus: (id) => refocus.current(id),
      onLink: setLink,
    });
    handle.current = h;
    setDrawn(h.counts);
    return () => {
      h.destroy();
      handle.current = null;
      setDrawn(null);
      setView(null);
    };
  }, [data]);
  useEffect(() => handle.current?.recolour(colour), [colour, drawn]);
  useEffect(() => handle.current?.setMarks(options.marks), [options.marks, drawn]);
  useEffect(() => {
    if (drawn) setOverlayCount(handle.current?.setOverlay(pairs.data ?? []) ?? null);
  }, [pairs.data, drawn]);
  const shownPath = useMemo(() => (props.showPath ? path : []), [props.showPath, path]);
  useEffect(() => {
    if (drawn) handle.current?.setPath(shownPath);
  }, [shownPath, drawn]);
  const onPath = useCallback((p: GraphPage[]) => setPath(p), []);

  const byId = useMemo(() => new Map((data?.nodes ?? []).map((n) => [n.id, n])), [data]);
  const linkedFrom = neighbours(
    data?.edges.filter((e) => e.target === pageId).map((e) => e.source),
    byId,
  );
  const linksTo = neighbours(
    data?.edges.filter((e) => e.source === pageId).map((e) => e.target),
    byId,
  );
  const center = pageId !== null ? byId.get(pageId) : undefined;

  return (
    <div className="graph-layout">
      <aside className="graph-controls panel" aria-label="Graph options">
        <PageSearch
          siteId={siteId}
          label="Focus on a page"
          onPick={(p) => props.onFocus(p.id, props.showPath)}
        />
        <div className="field">
          <label htmlFor="graph-hops">Hops</label>
          <select id="graph-hops" value={hops} onChange={(e) => setHops(Number(e.target.value))}>
            {[1, 2, 3].map((k) => (
              <option key={k} value={k}>
                {fmtCount(k, 'link')} away
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="graph-direction">Direction</label>
          <select
            id="graph-direction"
            value={direction}
            onChange={(e) => setDirection(e.target.value as Direction)}
          >
            <option value="both">Links in and out</option>
            <option value="in">Links in (who links here)</option>
            <option value="out">Links out (where it links)</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="graph-limit">Pages shown at most</label>
          <select id="graph-limit" value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
            {LIMITS.map((n) => (
              <option key={n} value={n}>
                {n.toLocaleString('en-US')}
              </option>
            ))}
          </select>
        </div>
        <label className="check">
          <input
            id="graph-show-path"
            type="checkbox"
            checked={props.showPath}
            disabled={pageId === null}
            onChange={(e) => pageId !== null && props.onFocus(pageId, e.target.checked)}
          />
          Show the click path from the start page
        </label>
        {props.showPath && pageId !== null && (
          <PathPanel
            siteId={siteId}
            pageId={pageId}
            edgeKinds={options.edgeKinds}
            onPath={onPath}
            onPick={setPicked}
          />
        )}
        <NeighbourList
          title="Linked from"
          pages={linkedFrom}
          onPick={(id) => props.onFocus(id, props.showPath)}
        />
        <NeighbourList title="Links to" pages={linksTo} onPick={(id) => props.onFocus(id, props.showPath)} />
        <GraphOptionsPanel
          siteId={siteId}
          value={options}
          onChange={props.onOptions}
          overlayStatus={{
            loading: pairs.loading,
            drawn: options.overlay.on ? overlayCount : null,
            error: pairs.error,
          }}
        />
        <ErrorNotice error={checks.error} />
        <GraphLegend
          colour={options.colour}
          grouped={false}
          sizeNote="Size: inlinks. Left: pages linking here, by hops; right: pages it links to; under it: both ways."
          extra={[{ className: 'swatch-center', label: 'the page in focus' }]}
        />
      </aside>
      <div className="graph-stage panel">
        <GraphToolbar
          cy={() => handle.current?.cy ?? null}
          name={`${props.host}-focus-${pageId ?? 'none'}`}
          title={`Link graph of ${props.host}: ${center ? center.url : 'focus'}`}
        />
        <p className="graph-summary muted small" aria-live="polite">
          {data && center
            ? `${center.title?.trim() || shortUrl(center.url)}: ${fmtCount(data.nodes.length - 1, 'page')} within ${fmtCount(hops, 'link')}${data.truncated ? ` (the first ${limit} only)` : ''}. Double-click a page to focus on it; click a link to see what removing it would cost.`
            : ''}
        </p>
        <ErrorNotice error={graph.error} />
        {graph.loading && pageId !== null && <Loading label="Loading the neighbourhood…" />}
        {pageId === null && (
          <EmptyState title="Choose a page to focus on.">
            <p>Search for it here, or open it from the structure view or a page’s details.</p>
          </EmptyState>
        )}
        <div
          ref={container}
          className="graph-canvas"
          data-mode="focus"
          data-state={drawn ? (graph.loading ? 'loading' : 'ready') : 'idle'}
          data-center={data?.center}
          data-nodes={drawn?.nodes}
          data-edges={drawn?.edges}
          data-path={shownPath.map((p) => p.id).join(' ')}
          data-all-in-view={view ? String(view.allInView) : undefined}
          data-label-overlaps={view?.labelOverlaps}
          data-labels-shown={view?.labelsShown}
          data-overlay-edges={options.overlay.on ? (overlayCount ?? undefined) : undefined}
          role="img"
          aria-label="A page and its neighbourhood. The lists beside it name the pages linking to it and from it."
        />
        {link && (
          <section className="link-facts panel" aria-label="Selected link">
            <div className="drawer-head">
              <h2>
                {name(byId.get(link.source))} → {name(byId.get(link.target))}
              </h2>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => setLink(null)}
                aria-label="Close link facts"
              >
                Close
              </button>
            </div>
            <LinkImpactView siteId={siteId} source={link.source} target={link.target} />
          </section>
        )}
        {picked !== null && (
          <NodeDrawer
            pageId={picked}
            siteId={siteId}
            onClose={() => setPicked(null)}
            actions={
              picked !== pageId && (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => props.onFocus(picked, props.showPath)}
                >
                  Focus on this page
                </button>
              )
            }
          />
        )}
      </div>
    </div>
  );
}

const name = (p: GraphPage | undefined) => (p ? p.title?.trim() || shortUrl(p.url) : 'a page');

function neighbours(ids: number[] | undefined, byId: Map<number, FocusNode>): FocusNode[] {
  return [...new Set(ids ?? [])]
    .map((id) => byId.get(id))
    .filter((n): n is FocusNode => n !== undefined)
    .sort((a, b) => a.url.localeCompare(b.url));
}

function NeighbourList(props: { title: string; pages: FocusNode[]; onPick: (id: number) => void }) {
  if (!props.pages.length) return null;
  return (
    <div className="neighbours" aria-label={props.title}>
      <h3>
        {props.title} <span className="muted">({props.pages.length})</span>
      </h3>
      <ul className="find-results">
        {props.pages.slice(0, 50).map((p) => (
          <li key={p.id} data-page-id={p.id}>
            <button type="button" className="btn-link" title={p.url} onClick={() => props.onPick(p.id)}>
              {name(p)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
