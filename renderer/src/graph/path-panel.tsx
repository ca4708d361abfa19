/**
 * Why a page is as deep as it is: its shortest click path from the start page, link by link, and for any link
 * what removing it would cost — the pages that would end up deeper, or out of reach.
 */
import { useEffect, useState } from 'react';
import { call } from '../api/call.js';
import type { ClickPath, GraphPage } from '../api/graph-types.js';
import type { EdgeKind } from '../api/types.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { fmtCount, fmtInt, shortUrl } from '../format.js';

const IMPACT_SHOWN = 10;
const nameOf = (p: GraphPage) => p.title?.trim() || shortUrl(p.url);

export function PathPanel(props: {
  siteId: number;
  pageId: number;
  edgeKinds: EdgeKind[];
  onPath: (path: GraphPage[]) => void;
  onPick: (pageId: number) => void;
}) {
  const { onPath } = props;
  const path = useApi(
    (signal) =>
      call('graph.path', { site_id: props.siteId, to: props.pageId, edge_kind: props.edgeKinds }, { signal }),
    [props.siteId, props.pageId, props.edgeKinds.join(',')],
  );
  useEffect(() => onPath(path.data?.pages ?? []), [path.data, onPath]);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className="path-panel" aria-label="Click path">
      <h3>Click path from the start page</h3>
      {path.loading && <Loading label="Finding the path…" />}
      <ErrorNotice error={path.error} />
      {path.data && !path.loading && (
        <>
          <p className="muted small">
            {fmtCount(path.data.links.length, 'click')} from the start page. Each link says what removing it
            would cost.
          </p>
          <ol className="path-list">
            {path.data.pages.map((p, i) => (
              <PathStep
                key={p.id}
                page={p}
                link={i > 0 ? (path.data as ClickPath).links[i - 1] : undefined}
                siteId={props.siteId}
                open={open === i}
                onToggle={() => setOpen(open === i ? null : i)}
                onPick={props.onPick}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function PathStep(props: {
  page: GraphPage;
  link: ClickPath['links'][number] | undefined;
  siteId: number;
  open: boolean;
  onToggle: () => void;
  onPick: (pageId: number) => void;
}) {
  const { page, link } = props;
  return (
    <li className="path-step" data-page-id={page.id}>
      {link && (
        <div className="path-link">
          <span className="muted small">
            via {link.anchor_text ? `“${link.anchor_text}”` : 'a link'} ({link.edge_kind})
          </span>{' '}
          <button
            type="button"
            className="btn-link small"
            aria-expanded={props.open}
            onClick={props.onToggle}
          >
            {props.open ? 'Hide impact' : 'If removed?'}
          </button>
          {props.open && <LinkImpactView siteId={props.siteId} source={link.source} target={link.target} />}
        </div>
      )}
      <button
        type="button"
        className="btn-link path-page"
        title={page.url}
        onClick={() => props.onPick(page.id)}
      >
        {nameOf(page)}
      </button>{' '}
      <span className="muted small">depth {fmtInt(page.depth)}</span>
    </li>
  );
}

/** What removing every link from `source` to `target` would cost, in pages that end up deeper. */
export function LinkImpactView(props: { siteId: number; source: number; target: number }) {
  const impact = useApi(
    (signal) =>
      call(
        'graph.linkImpact',
        { site_id: props.siteId, source: props.source, target: props.target },
        { signal },
      ),
    [props.siteId, props.source, props.target],
  );
  if (impact.loading) return <Loading label="Measuring…" />;
  if (impact.error) return <ErrorNotice error={impact.error} />;
  const data = impact.data!;
  const lost = data.pages.filter((p) => p.depth_after === null).length;
  return (
    <div className="link-impact" aria-live="polite">
      <p className="small">
        {data.total === 0
          ? 'Removing this link makes no page deeper: other links reach them as quickly.'
          : `Removing this link makes ${fmtCount(data.total, 'page')} deeper${lost ? ` (${fmtInt(lost)}${data.total > data.pages.length ? '+' : ''} out of reach)` : ''}.`}
      </p>
      {data.pages.length > 0 && (
        <ul className="impact-list">
          {data.pages.slice(0, IMPACT_SHOWN).map((p) => (
            <li key={p.page.id} title={p.page.url}>
              {nameOf(p.page)}{' '}
              <span className="muted">
                {p.depth_before} → {p.depth_after === null ? 'unreachable' : p.depth_after}
              </span>
            </li>
          ))}
          {data.total > IMPACT_SHOWN && (
            <li className="muted">and {fmtInt(data.total - IMPACT_SHOWN)} more</li>
          )}
        </ul>
      )}
    </div>
  );
}
