/**
 * Where the focus view puts each page: the page in the middle, the pages that link to it in columns on the left
 * (one band per hop), the pages it links to on the right, pages linked both ways in a block right under it.
 * Every slot is as wide as the longest label it may hold and as tall as the largest node plus its label, so no
 * label runs into another; a band too long for one column wraps into as many columns as make the whole drawing
 * about as tall as it is wide on screen, so that fitted it is drawn large enough to read. (A hub of PostgreSQL's
 * manual has 300 neighbours: in 24-row columns 150 px apart its labels overlapped, and fitted the drawing was
 * 3,400 px wide for a 1,000 px canvas.)
 */
import type { FocusGraph } from '../api/graph-types.js';

/** Average advance of a character of the 10 px sans-serif labels (measured 5.6 px on Chromium), kept safe. */
export const CHAR_WIDTH = 6.2;
/** A label's line with its margin under the node. */
const LABEL_HEIGHT = 16;
const GAP_X = 24;
const GAP_Y = 10;
/** Between a band of columns and the next one further out. */
const BAND_GAP = 80;

export interface Point {
  x: number;
  y: number;
}

/** A page's box on the model: node and label under it. */
export interface Box {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
}

/** Hops from the centre along outgoing links, and along incoming ones. */
function distances(graph: FocusGraph): { out: Map<number, number>; in: Map<number, number> } {
  const forward = new Map<number, number[]>();
  const backward = new Map<number, number[]>();
  const add = (map: Map<number, number[]>, from: number, to: number) => {
    const list = map.get(from);
    if (list) list.push(to);
    else map.set(from, [to]);
  };
  for (const e of graph.edges) {
    add(forward, e.source, e.target);
    add(backward, e.target, e.source);
  }
  const walk = (next: Map<number, number[]>) => {
    const dist = new Map<number, number>([[graph.center, 0]]);
    let frontier = [graph.center];
    while (frontier.length) {
      const following: number[] = [];
      for (const id of frontier)
        for (const n of next.get(id) ?? [])
          if (!dist.has(n)) {
            dist.set(n, dist.get(id)! + 1);
            following.push(n);
          }
      frontier = following;
    }
    return dist;
  };
  return { out: walk(forward), in: walk(backward) };
}

/** Which side of the centre a page belongs on: -k links in, +k links out, 0 both ways one hop. */
export function sideOf(pageId: number, hops: number, d: ReturnType<typeof distances>): number {
  const out = d.out.get(pageId);
  const inn = d.in.get(pageId);
  if (out === 1 && inn === 1) return 0;
  if (out !== undefined && (inn === undefined || out <= inn)) return out;
  if (inn !== undefined) return -inn;
  return hops; // reached through a mix of both directions: the far right
}

/** How wide a label is drawn, estimated without measuring text (cytoscape measures each label slowly). */
export const labelWidth = (label: string, fontSize = 10) => label.length * CHAR_WIDTH * (fontSize / 10);

/** The box of a node of diameter `size` with `label` under it, centred at `p`. */
export function boxAt(p: Point, size: number, label: string, fontSize = 10): Box {
  const half = Math.max(size, labelWidth(label, fontSize)) / 2;
  return { x1: p.x - half, x2: p.x + half, y1: p.y - size / 2, y2: p.y + size / 2 + LABEL_HEIGHT };
}

/** The canvas the drawing is fitted to, in pixels, and the most it is zoomed in. */
export interface Canvas {
  width: number;
  height: number;
  pad: number;
  maxZoom: number;
}

/** A column of pages stacked top to bottom, each as tall as its own node and label. */
interface Column {
  ids: number[];
  width: number;
  height: number;
}

/**
 * Positions for the pages of `graph`. `label` and `size` give what each page is drawn with. Columns hold the
 * same number of pages in every band: the number that lets the drawing, fitted to `canvas`, be drawn largest.
 */
export function focusLayout(
  graph: FocusGraph,
  label: (pageId: number) => string,
  size: (pageId: number) => number,
  canvas: Canvas,
): Map<number, Point> {
  const d = distances(graph);
  const bands = new Map<number, number[]>();
  for (const n of graph.nodes) {
    if (n.id === graph.center) continue;
    const side = sideOf(n.id, n.hops, d);
    const band = bands.get(side);
    if (band) band.push(n.id);
    else bands.set(side, [n.id]);
  }
  for (const ids of bands.values()) ids.sort((a, b) => label(a).localeCompare(label(b)));
  // Read once: the search below looks at every page once per column length tried.
  const widths = new Map(
    graph.nodes.map((n) => [n.id, Math.max(size(n.id), labelWidth(label(n.id))) + GAP_X]),
  );
  const heights = new Map(graph.nodes.map((n) => [n.id, size(n.id) + LABEL_HEIGHT + GAP_Y]));
  const slotWidth = (id: number) => widths.get(id)!;
  const slotHeight = (id: number) => heights.get(id)!;
  const at = new Map<number, Point>([[graph.center, { x: 0, y: 0 }]]);
  const centre = boxAt({ x: 0, y: 0 }, size(graph.center), label(graph.center), 12);

  // Linked both ways: a block under the centre, about as wide as it is tall on screen.
  let halfWidth = (centre.x2 - centre.x1) / 2;
  let bottom = centre.y2;
  const both = bands.get(0);
  if (both) {
    const w = Math.max(...both.map(slotWidth));
    const h = Math.max(...both.map(slotHeight));
    const aspect = canvas.height / Math.max(1, canvas.width);
    const perRow = Math.max(1, Math.ceil(Math.sqrt((both.length * h) / (aspect * w))));
    const top = centre.y2 + GAP_Y + h / 2;
    both.forEach((id, i) =>
      at.set(id, {
        x: ((i % perRow) - (Math.min(perRow, both.length) - 1) / 2) * w,
        y: top + Math.floor(i / perRow) * h,
      }),
    );
    halfWidth = Math.max(halfWidth, (Math.min(perRow, both.length) * w) / 2);
    bottom = top + (Math.ceil(both.length / perRow) - 0.5) * h;
  }

  const sides = [...bands.keys()].filter((s) => s !== 0).sort((a, b) => Math.abs(a) - Math.abs(b));
  const columnsOf = (ids: number[], rows: number): Column[] => {
    const out: Column[] = [];
    for (let i = 0; i < ids.length; i += rows) {
      const part = ids.slice(i, i + rows);
      let width = 0;
      let height = 0;
      for (const id of part) {
        width = Math.max(width, slotWidth(id));
        height += slotHeight(id);
      }
      out.push({ ids: part, width, height });
    }
    return out;
  };
  const plan = (rows: number) => {
    const bySide = new Map(sides.map((side) => [side, columnsOf(bands.get(side)!, rows)]));
    let width = 2 * halfWidth;
    let tallest = 0;
    for (const columns of bySide.values()) {
      width += BAND_GAP + columns.reduce((t, c) => t + c.width, 0);
      for (const c of columns) tallest = Math.max(tallest, c.height);
    }
    const height = Math.max(tallest / 2, -centre.y1) + Math.max(tallest / 2, bottom);
    const zoom = Math.min(
      canvas.maxZoom,
      (canvas.width - 2 * canvas.pad) / width,
      (canvas.height - 2 * canvas.pad) / height,
    );
    return { bySide, zoom };
  };
  const longest = Math.max(0, ...sides.map((s) => bands.get(s)!.length));
  let best = plan(Math.max(1, longest));
  // Every column length up to the longest band: a few milliseconds for 2,000 pages.
  for (let rows = 1; rows < longest; rows++) {
    const candidate = plan(rows);
    if (candidate.zoom > best.zoom) best = candidate;
  }

  const x = { [-1]: halfWidth + BAND_GAP, [1]: halfWidth + BAND_GAP } as Record<number, number>;
  for (const side of sides) {
    const sign = Math.sign(side);
    for (const column of best.bySide.get(side)!) {
      let y = -column.height / 2;
      for (const id of column.ids) {
        const h = slotHeight(id);
        // The node sits at the top of its slot, its label under it.
        at.set(id, { x: sign * (x[sign]! + column.width / 2), y: y + GAP_Y / 2 + size(id) / 2 });
        y += h;
      }
      x[sign]! += column.width;
    }
    x[sign]! += BAND_GAP;
  }
  return at;
}

/** Separators between a page's own title and the site's name ("re — Python 3.11.2 documentation"). */
const SITE_NAME = /\s+[—–|·:-]{1,2}\s+(?!.*\s[—–|·:-]{1,2}\s)(.+)$/;
/** A site's name is short: only a title's end is searched, so a hostile title of many separators stays cheap. */
const SITE_NAME_TAIL = 200;

/**
 * Titles without the site's name when most of them end with the same one: under a node it would take the room
 * of what tells the pages apart (Python's docs: "Index — Python 3.11.2 docum…" thirty times over).
 */
export function withoutSiteName(titles: readonly string[]): string[] {
  const suffixes = new Map<string, number>();
  for (const t of titles) {
    const m = SITE_NAME.exec(t.slice(-SITE_NAME_TAIL));
    if (m) suffixes.set(m[0], (suffixes.get(m[0]) ?? 0) + 1);
  }
  let common = '';
  let count = 0;
  for (const [suffix, n] of suffixes) if (n > count) [common, count] = [suffix, n];
  if (count < 3 || count < titles.length / 2) return [...titles];
  return titles.map((t) => (t.endsWith(common) && t.length > common.length ? t.slice(0, -common.length) : t));
}

/** Pairs of boxes that overlap (a sweep along x): what the layout promises is none. */
export function overlappingPairs(boxes: readonly Box[]): number {
  const sorted = [...boxes].sort((a, b) => a.x1 - b.x1);
  let pairs = 0;
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length && sorted[j]!.x1 < sorted[i]!.x2; j++)
      if (sorted[j]!.y1 < sorted[i]!.y2 && sorted[i]!.y1 < sorted[j]!.y2) pairs++;
  return pairs;
}
