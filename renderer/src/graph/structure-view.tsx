/**
 * The structure view, the link graph’s default: the site’s sections (URL directories, the sections its own
 * navigation draws, page types or similarity clusters; by default the most readable of them)
 * as boxes with the links between them bundled, laid out by crawl depth or by force; a double click (or the
 * list's button) opens a section to show its pages. Colour, size and marks follow the shared options.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../api/call.js';
import type { GraphGroup, GroupBy, GroupGraph } from '../api/graph-types.js';
import { Loading, ErrorNotice, EmptyState } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { fmtCount, fmtInt } from '../format.js';
import { directoryAncestors, directoryGroupOf, type ColourContext, type SizeMode } from './colour-by.js';
import { GraphLegend } from './graph-legend.js';
import { GraphOptionsPanel, useCheckPages, useOverlayPairs, type GraphOptions } from './graph-options.js';
import { GraphToolbar } from './graph-toolbar.js';
import { GroupList, GroupFacts } from './group-list.js';
import { NodeDrawer } from './node-drawer.js';
import {
  drawStructure,
  MAX_BUNDLES,
  type StructureHandle,
  type StructureLayout,
} from './structure-canvas.js';

export interface StructureSettings {
  by: GroupBy;
  depth: number;
  layout: StructureLayout;
  size: SizeMode;
}

type Selection = { kind: 'group'; id: string } | { kind: 'page'; pageId: number } | null;

const GROUPING_NAMES: Record<GroupGraph['by'], string> = {
  directory: 'directory',
  section: 'section',
  page_type: 'page type',
  cluster: 'similarity cluster',
};

/**
 * What the boxes are, in a line: "Grouped by section (the site’s Up links): 9 groups", and for `auto` why the
 * groupings before it were passed over (the server's reason, as it says it).
 */
export function groupingLine(data: Pick<GroupGraph, 'by' | 'choice'>): string {
  const score = data.choice.candidates.find((c) => c.by === data.by);
  const head = `Grouped by ${GROUPING_NAMES[data.by]}${score ? ` (${score.basis})` : ''}: ${fmtCount(score?.groups ?? 0, 'group')}`;
  if (data.choice.requested !== 'auto') return `${head}.`;
  const passed = / Not by .*$/.exec(data.choice.reason)?.[0] ?? '';
  return `${head}, ${score?.readable ? 'the most readable' : 'the least crowded (no grouping reads well on this site)'}.${passed}`;
}

export function StructureView(props: {
  siteId: number;
  host: string;
  options: GraphOptions;
  onOptions: (o: GraphOptions) => void;
  settings: StructureSettings;
  onSettings: (s: StructureSettings) => void;
  onFocus: (pageId: number, withPath: boolean) => void;
}) {
  const { siteId, options, settings } = props;
  const [expand, setExpand] = useState<string[]>([]);
  useEffect(() => setExpand([]), [siteId, settings.by, settings.depth]);
  const [selection, setSelection] = useState<Selection>(null);
  const [bundle, setBundle] = useState<{ source: string; target: string; links: number } | null>(null);
  const graph = useApi(
    (signal) =>
      options.edgeKinds.length
        ? call(
            'graph.groups',
            {
              site_id: siteId,
              by: settings.by,
              depth: settings.depth,
              edge_kind: options.edgeKinds,
              expand,
            },
            { signal },
          )
        : Promise.resolve(null),
    [siteId, settings.by, settings.depth, options.edgeKinds.join(','), expand.join('\n')],
  );
  const data = graph.data;
  const checks = useCheckPages(siteId, options.check, options.colour === 'check');
  const pairs = useOverlayPairs(siteId, options.overlay);

  const colour = useMemo((): ColourContext => {
    const findings = checks.data?.findings ?? [];
    const checkByGroup = new Map<string, number>();
    if (data && data.by === 'directory') {
      const known = new Set(data.groups.map((g) => g.id));
      for (const f of findings)
        for (const id of directoryAncestors(directoryGroupOf(f.url, data.depth, known)))
          checkByGroup.set(id, (checkByGroup.get(id) ?? 0) + 1);
      for (const g of data.groups) if (!checkByGroup.has(g.id)) checkByGroup.set(g.id, 0);
    }
    return {
      mode: options.colour,
      checkPages: new Set(findings.map((f) => f.page_id).filter((id): id is number => id !== null)),
      checkByGroup,
      checkReady: checks.data?.ready ?? false,
    };
  }, [checks.data, data, options.colour]);

  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<StructureHandle | null>(null);
  const [drawn, setDrawn] = useState<StructureHandle['counts'] | null>(null);
  const [overlayCount, setOverlayCount] = useState<number | null>(null);
  const latest = useRef({ colour, size: settings.size, marks: options.marks });
  latest.current = { colour, size: settings.size, marks: options.marks };
  const toggle = (id: string) => setExpand((e) => (e.includes(id) ? e.filter((x) => x !== id) : [...e, id]));

  useEffect(() => {
    if (!data || !data.groups.length || !container.current) return;
    const h = drawStructure(
      container.current,
      data,
      { layout: settings.layout, ...latest.current },
      {
        onGroup: (id) => setSelection({ kind: 'group', id }),
        onToggle: toggle,
        onPage: (pageId) => setSelection({ kind: 'page', pageId }),
        onBundle: setBundle,
      },
    );
    handle.current = h;
    setDrawn(h.counts);
    return () => {
      h.destroy();
      handle.current = null;
      setDrawn(null);
    };
  }, [data, settings.layout]);
  useEffect(() => handle.current?.recolour(colour, settings.size), [colour, settings.size, drawn]);
  useEffect(() => handle.current?.setMarks(options.marks), [options.marks, drawn]);
  useEffect(() => {
    if (drawn) setOverlayCount(handle.current?.setOverlay(pairs.data ?? []) ?? null);
  }, [pairs.data, drawn]);

  const groups = useMemo(() => new Map((data?.groups ?? []).map((g) => [g.id, g])), [data]);
  const tops = (data?.groups ?? []).filter((g) => g.parent === null || !groups.has(g.parent));
  const sum = (f: (g: GraphGroup) => number) => tops.reduce((n, g) => n + f(g), 0);
  const selectedGroup = selection?.kind === 'group' ? groups.get(selection.id) : undefined;
  const set = (patch: Partial<StructureSettings>) => props.onSettings({ ...settings, ...patch });

  return (
    <div className="graph-layout">
      <aside className="graph-controls panel" aria-label="Graph options">
        <div className="field">
          <label htmlFor="graph-by">Group pages by</label>
          <select id="graph-by" value={settings.by} onChange={(e) => set({ by: e.target.value as GroupBy })}>
            <option value="auto">Automatic (the most readable)</option>
            <option value="directory">URL directory</option>
            <option value="section">Section (the site’s own navigation)</option>
            <option value="page_type">Page type</option>
            <option value="cluster">Similarity cluster</option>
          </select>
          {data && (
            <p className="graph-choice muted small" data-by={data.by} aria-live="polite">
              {groupingLine(data)}
            </p>
          )}
        </div>
        {(settings.by === 'directory' || settings.by === 'section' || settings.by === 'auto') && (
          <div className="field">
            <label htmlFor="graph-depth">
              {settings.by === 'directory' ? 'Directory levels' : 'Section levels'}
            </label>
            <select
              id="graph-depth"
              value={settings.depth}
              onChange={(e) => set({ depth: Number(e.target.value) })}
            >
              {[1, 2, 3, 4, 5].map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? '1 (sections)' : d}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="graph-layout">Layout</label>
          <select
            id="graph-layout"
            value={settings.layout}
            onChange={(e) => set({ layout: e.target.value as StructureLayout })}
          >
            <option value="tree">By crawl depth (tree)</option>
            <option value="force">Force-directed</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="graph-size">Size groups by</label>
          <select
            id="graph-size"
            value={settings.size}
            onChange={(e) => set({ size: e.target.value as SizeMode })}
          >
            <option value="inlinks">Links in from other groups</option>
            <option value="pages">Pages</option>
          </select>
        </div>
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
          grouped
          extra={
            settings.depth > 1
              ? [{ className: 'swatch-own', label: 'a section’s own pages, beside its sub-sections' }]
              : []
          }
          sizeNote="Group size: links in (or pages); page size: inlinks. Bundle width: links."
        />
        {data && (
          <GroupList
            groups={data.groups}
            expanded={expand}
            selected={selectedGroup?.id ?? null}
            onSelect={(id) => {
              setSelection({ kind: 'group', id });
              handle.current?.select(id);
            }}
            onToggle={toggle}
          />
        )}
      </aside>
      <div className="graph-stage panel">
        <GraphToolbar
          cy={() => handle.current?.cy ?? null}
          name={`${props.host}-structure`}
          title={`Link graph of ${props.host}: structure`}
        />
        <p className="graph-summary muted small" aria-live="polite">
          {data
            ? `${fmtCount(tops.length, data.by === 'cluster' ? 'cluster' : 'group')}, ${fmtCount(
                sum((g) => g.total),
                'page',
              )}; ${fmtCount(
                sum((g) => g.orphans),
                'orphan',
              )}, ${fmtCount(
                sum((g) => g.dead_ends),
                'dead end',
              )}.${data.truncated ? ' Opened groups show their first 2,000 pages only.' : ''}${drawn?.hiddenBundles ? ` The ${fmtInt(MAX_BUNDLES)} strongest link bundles are drawn, ${fmtInt(drawn.hiddenBundles)} weaker ones left out.` : ''} Double-click a group to open or close it.`
            : ''}
        </p>
        <ErrorNotice error={graph.error} />
        {graph.loading && <Loading label="Loading the site’s structure…" />}
        {!options.edgeKinds.length && <EmptyState title="Choose at least one link position." />}
        {data && !data.groups.length && (
          <EmptyState title="No pages to group.">
            <p>Crawl the site first.</p>
          </EmptyState>
        )}
        <div
          ref={container}
          className="graph-canvas"
          data-mode="structure"
          data-state={drawn ? (graph.loading ? 'loading' : 'ready') : 'idle'}
          data-nodes={drawn?.nodes}
          data-edges={drawn?.edges}
          data-expanded={expand.join(' ')}
          data-colour={
            options.colour === 'check'
              ? `check:${checks.data?.ready && !checks.loading ? options.check : ''}`
              : options.colour
          }
          data-overlay-edges={options.overlay.on ? (overlayCount ?? undefined) : undefined}
          role="img"
          aria-label="Site structure: groups of pages and the links between them. The list of groups beside it opens a group with the keyboard."
        />
        {selectedGroup && (
          <GroupFacts
            group={selectedGroup}
            expanded={expand.includes(selectedGroup.id)}
            onToggle={() => toggle(selectedGroup.id)}
            onClose={() => setSelection(null)}
          />
        )}
        {bundle && (
          <p className="bundle-facts panel small" role="status">
            {groups.get(bundle.source)?.label ?? bundle.source} →{' '}
            {groups.get(bundle.target)?.label ?? bundle.target}: {fmtCount(bundle.links, 'link')}{' '}
            <button type="button" className="btn-link" onClick={() => setBundle(null)}>
              Dismiss
            </button>
          </p>
        )}
        {selection?.kind === 'page' && (
          <NodeDrawer
            pageId={selection.pageId}
            siteId={siteId}
            onClose={() => setSelection(null)}
            actions={
              <>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => props.onFocus(selection.pageId, false)}
                >
                  Focus on this page
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => props.onFocus(selection.pageId, true)}
                >
                  Click path
                </button>
              </>
            }
          />
        )}
      </div>
    </div>
  );
}
