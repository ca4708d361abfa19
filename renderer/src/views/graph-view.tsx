/**
 * The link graph, as three views of one site: its structure (sections and the links between them, the
 * default, readable at any size), one page's neighbourhood with its click path (focus), and every page at once
 * (small sites). Which view, which page and how the structure is grouped live in the address, so a page's
 * details can link straight to its neighbourhood and a reload keeps the view.
 */
import { useCallback, useState } from 'react';
import type { GroupBy } from '../api/graph-types.js';
import { Tabs } from '../components/controls.js';
import { AllPagesView } from '../graph/all-pages-view.js';
import { FocusView } from '../graph/focus-view.js';
import { DEFAULT_OPTIONS, type GraphOptions } from '../graph/graph-options.js';
import type { SizeMode } from '../graph/colour-by.js';
import type { StructureLayout } from '../graph/structure-canvas.js';
import { StructureView, type StructureSettings } from '../graph/structure-view.js';
import { replaceHashParams } from '../router.js';
import { useSiteOrigin } from '../sites-context.js';

const MODES = [
  { id: 'structure', label: 'Structure' },
  { id: 'focus', label: 'Focus on a page' },
  { id: 'pages', label: 'All pages' },
] as const;
type Mode = (typeof MODES)[number]['id'];

const oneOf = <V extends string>(value: string | null, options: readonly V[], fallback: V): V =>
  options.find((o) => o === value) ?? fallback;

export function GraphView({ siteId, params }: { siteId: number; params: URLSearchParams }) {
  const mode = oneOf<Mode>(params.get('mode'), ['structure', 'focus', 'pages'], 'structure');
  const page = /^\d+$/.test(params.get('page') ?? '') ? Number(params.get('page')) : null;
  const settings: StructureSettings = {
    by: oneOf<GroupBy>(params.get('by'), ['auto', 'directory', 'section', 'page_type', 'cluster'], 'auto'),
    depth: Math.min(5, Math.max(1, Number(params.get('depth')) || 1)),
    layout: oneOf<StructureLayout>(params.get('layout'), ['tree', 'force'], 'tree'),
    size: oneOf<SizeMode>(params.get('size'), ['inlinks', 'pages'], 'inlinks'),
  };
  const [options, setOptions] = useState<GraphOptions>(DEFAULT_OPTIONS);
  const origin = useSiteOrigin(siteId);
  const host = origin ? new URL(origin).host.replace(/[^a-z0-9.-]+/gi, '-') : `site-${siteId}`;

  const focus = useCallback((pageId: number, withPath: boolean) => {
    replaceHashParams({ mode: 'focus', page: String(pageId), path: withPath ? '1' : undefined });
  }, []);

  return (
    <section className="view view-fill graph-view">
      <header className="view-header">
        <div>
          <h1>Link graph</h1>
          <p className="view-lede">
            {mode === 'structure'
              ? 'The site’s sections and the links between them; open a section to see its pages.'
              : mode === 'focus'
                ? 'One page: who links to it, where it links, and how a visitor gets there from the start page.'
                : 'Every page and link at once: readable for small sites only.'}
          </p>
        </div>
        <Tabs
          label="Graph view"
          tabs={MODES}
          value={mode}
          onChange={(m) => replaceHashParams({ mode: m === 'structure' ? undefined : m })}
        />
      </header>
      {mode === 'structure' && (
        <StructureView
          siteId={siteId}
          host={host}
          options={options}
          onOptions={setOptions}
          settings={settings}
          onSettings={(s) =>
            replaceHashParams({
              by: s.by === 'auto' ? undefined : s.by,
              depth: s.depth === 1 ? undefined : String(s.depth),
              layout: s.layout === 'tree' ? undefined : s.layout,
              size: s.size === 'inlinks' ? undefined : s.size,
            })
          }
          onFocus={focus}
        />
      )}
      {mode === 'focus' && (
        <FocusView
          siteId={siteId}
          host={host}
          pageId={page}
          showPath={params.get('path') === '1'}
          onFocus={focus}
          options={options}
          onOptions={setOptions}
        />
      )}
      {mode === 'pages' && <AllPagesView siteId={siteId} host={host} />}
    </section>
  );
}
