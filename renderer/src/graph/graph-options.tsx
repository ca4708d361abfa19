/**
 * The options the structure and focus views share — which link positions count, what colour and size mean,
 * whether orphans and dead ends are marked, the merge overlay — and the data two of them need: the pages an
 * audit check found (to colour by it) and the similar pairs of the overlay.
 */
import { useEffect, useMemo, useState } from 'react';
import { call } from '../api/call.js';
import type { CheckId, EdgeKind, Outcome } from '../api/types.js';
import { EDGE_KINDS, OUTCOMES } from '../api/value-lists.js';
import { Slider, ToggleGroup } from '../components/controls.js';
import { ErrorNotice } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { useIssueCatalogue } from '../hooks/use-issue-catalogue.js';
import { fmtCount } from '../format.js';
import { COLOUR_MODE_LABELS, COLOUR_MODES, type ColourMode } from './colour-by.js';
import { OUTCOME_COLOURS, type OverlayPair } from './graph-canvas.js';
import type { Marks } from './graph-marks.js';

/** Links a visitor can follow: click depth, orphans and dead ends are about these. */
export const FOLLOWED_KINDS: EdgeKind[] = [
  'content',
  'navigation',
  'header',
  'footer',
  'aside',
  'pagination',
];
const MAX_PAIRS = 5_000;
const MAX_CHECK_PAGES = 20_000;

export interface GraphOptions {
  edgeKinds: EdgeKind[];
  colour: ColourMode;
  check: CheckId | null;
  marks: Marks;
  overlay: { on: boolean; outcomes: Outcome[]; minReranker: number };
}

export const DEFAULT_OPTIONS: GraphOptions = {
  edgeKinds: FOLLOWED_KINDS,
  colour: 'status',
  check: null,
  marks: { orphans: true, deadEnds: true },
  overlay: { on: false, outcomes: ['duplicate', 'merge'], minReranker: 0.8 },
};

export interface CheckPages {
  ready: boolean;
  findings: { url: string; page_id: number | null }[];
}

/** The pages the chosen check found, all of them up to a bound far above a site section. */
export function useCheckPages(siteId: number, check: CheckId | null, active: boolean) {
  return useApi(
    async (signal): Promise<CheckPages> => {
      if (!check || !active) return { ready: false, findings: [] };
      const findings: CheckPages['findings'] = [];
      let cursor: string | undefined;
      do {
        const page = await call(
          'audit.findings',
          { site_id: siteId, check, cursor, limit: 1000 },
          { signal },
        );
        for (const f of page.items) findings.push({ url: f.url, page_id: f.page_id });
        cursor = page.next_cursor ?? undefined;
      } while (cursor && findings.length < MAX_CHECK_PAGES);
      return { ready: true, findings };
    },
    [siteId, check, active],
  );
}

export function useOverlayPairs(siteId: number, overlay: GraphOptions['overlay']) {
  const [threshold, setThreshold] = useState(overlay.minReranker);
  useEffect(() => {
    const timer = setTimeout(() => setThreshold(overlay.minReranker), 250);
    return () => clearTimeout(timer);
  }, [overlay.minReranker]);
  return useApi(
    async (signal) => {
      const pairs: OverlayPair[] = [];
      if (!overlay.on || !overlay.outcomes.length) return pairs;
      let cursor: string | undefined;
      do {
        const page = await call(
          'similarity.sitePairs',
          { site_id: siteId, outcome: overlay.outcomes, min_reranker: threshold, cursor, limit: 1000 },
          { signal },
        );
        for (const p of page.items)
          pairs.push({ id: p.id, a: p.page_a.id, b: p.page_b.id, outcome: p.outcome, reranker: p.reranker });
        cursor = page.next_cursor ?? undefined;
      } while (cursor && pairs.length < MAX_PAIRS);
      return pairs;
    },
    [siteId, overlay.on, overlay.outcomes.join(','), threshold],
  );
}

export function GraphOptionsPanel(props: {
  siteId: number;
  value: GraphOptions;
  onChange: (next: GraphOptions) => void;
  /** What the overlay drew, or why not. */
  overlayStatus: { loading: boolean; drawn: number | null; error: unknown };
}) {
  const { value: o, onChange } = props;
  const set = (patch: Partial<GraphOptions>) => onChange({ ...o, ...patch });
  const catalogue = useIssueCatalogue(props.siteId);
  const checks = useMemo(
    () =>
      (catalogue.data?.items ?? []).filter((i) => i.urls > 0).sort((a, b) => a.title.localeCompare(b.title)),
    [catalogue.data],
  );
  return (
    <>
      <ToggleGroup
        legend="Link positions"
        options={EDGE_KINDS}
        value={o.edgeKinds}
        onChange={(edgeKinds) => set({ edgeKinds })}
      />
      <div className="field">
        <label htmlFor="graph-colour">Colour by</label>
        <select
          id="graph-colour"
          value={o.colour}
          onChange={(e) => set({ colour: e.target.value as ColourMode })}
        >
          {COLOUR_MODES.map((m) => (
            <option key={m} value={m}>
              {COLOUR_MODE_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      {o.colour === 'check' && (
        <div className="field">
          <label htmlFor="graph-check">Audit check</label>
          <select
            id="graph-check"
            value={o.check ?? ''}
            onChange={(e) => set({ check: (e.target.value || null) as CheckId | null })}
          >
            <option value="">Choose a check…</option>
            {checks.map((c) => (
              <option key={c.check} value={c.check}>
                {c.title} ({c.urls})
              </option>
            ))}
          </select>
          {catalogue.data && !checks.length && (
            <p className="muted small">The audit found nothing to colour by.</p>
          )}
        </div>
      )}
      <fieldset className="toggle-group">
        <legend>Mark</legend>
        <label className="check">
          <input
            id="graph-mark-orphans"
            type="checkbox"
            checked={o.marks.orphans}
            onChange={(e) => set({ marks: { ...o.marks, orphans: e.target.checked } })}
          />
          Orphans <span className="swatch swatch-orphan" aria-hidden="true" />
        </label>
        <label className="check">
          <input
            id="graph-mark-dead-ends"
            type="checkbox"
            checked={o.marks.deadEnds}
            onChange={(e) => set({ marks: { ...o.marks, deadEnds: e.target.checked } })}
          />
          Dead ends <span className="swatch swatch-dead-end" aria-hidden="true" />
        </label>
      </fieldset>
      <OverlayOptions
        value={props.value.overlay}
        onChange={(patch) =>
          props.onChange({ ...props.value, overlay: { ...props.value.overlay, ...patch } })
        }
        status={props.overlayStatus}
        drawnNote="between drawn pages"
      />
    </>
  );
}

/** The merge overlay's controls (on/off, reranker floor, outcomes) and what the overlay drew; every graph tab has them. */
export function OverlayOptions({
  value: overlay,
  onChange: setOverlay,
  status: overlayStatus,
  drawnNote,
}: {
  value: GraphOptions['overlay'];
  onChange: (patch: Partial<GraphOptions['overlay']>) => void;
  status: { loading: boolean; drawn: number | null; error: unknown };
  /** Said after the count of pairs drawn (`12 pairs drawn.`). */
  drawnNote: string;
}) {
  return (
    <fieldset className="toggle-group">
      <legend>Merge overlay</legend>
      <label className="check">
        <input
          id="graph-overlay"
          type="checkbox"
          checked={overlay.on}
          onChange={(e) => setOverlay({ on: e.target.checked })}
        />
        Show similar-page pairs
      </label>
      {overlay.on && (
        <>
          <Slider
            label="Min. reranker"
            min={0.5}
            max={1}
            step={0.01}
            value={overlay.minReranker}
            onChange={(minReranker) => setOverlay({ minReranker })}
            format={(v) => v.toFixed(2)}
          />
          <ToggleGroup
            legend="Outcomes"
            options={OUTCOMES}
            value={overlay.outcomes}
            onChange={(outcomes) => setOverlay({ outcomes })}
            labelOf={(out) => (
              <>
                <span className="swatch swatch-line" style={{ borderColor: OUTCOME_COLOURS[out] }} />
                {out}
              </>
            )}
          />
          <p className="muted small" aria-live="polite">
            {overlayStatus.loading
              ? 'Loading pairs…'
              : overlayStatus.drawn !== null
                ? `${fmtCount(overlayStatus.drawn, 'pair')} ${drawnNote}.`
                : ''}
          </p>
          <ErrorNotice error={overlayStatus.error} />
        </>
      )}
    </fieldset>
  );
}
