/**
 * The structure view's hierarchical layout: rows by crawl depth (the start page's group on top, each row one
 * click further), a group box's contents in a grid inside it, and each row ordered by where its links come from
 * in the rows above so bundles run down rather than across. cytoscape's breadthfirst layout does not know compound
 * nodes (it would put a group's pages on different rows, through other groups), hence this small one.
 */

export interface LayoutItem {
  id: string;
  /** The compound node it sits in, if any. */
  parent: string | null;
  /** Crawl depth (a group's shallowest page); null for pages no link reaches, drawn in a last row. */
  depth: number | null;
  /** Diameter of a leaf; ignored for a compound node (its children decide its size). */
  size: number;
  /** Sort key inside a row or a box. */
  label: string;
  /** Carries a label under it (a page), which needs room beside and below. */
  labelled?: boolean;
  /** Room its label needs across (a group's label is drawn over it and may be wider). */
  minWidth?: number;
}

export interface Point {
  x: number;
  y: number;
  /** A box's size (a group drawn around its contents); leaves have none. */
  w?: number;
  h?: number;
}

const GAP = 36;
const ROW_GAP = 90;
const PAD = 26;
/** Rows wrap at a width that keeps the whole drawing about as wide as a canvas is, within these bounds. */
const ROW_BOUNDS = [700, 2400] as const;

interface Block {
  id: string;
  w: number;
  h: number;
  /** Leaf and box centres relative to the block's top-left corner. */
  leaves: Map<string, Point>;
}

function blockOf(item: LayoutItem, children: Map<string, LayoutItem[]>): Block {
  const kids = children.get(item.id);
  if (!kids?.length) {
    const w = Math.max(item.size, item.labelled ? 130 : 0, item.minWidth ?? 0);
    const h = item.labelled ? item.size + 24 : item.size;
    return { id: item.id, w, h, leaves: new Map([[item.id, { x: w / 2, y: item.size / 2 }]]) };
  }
  const blocks = [...kids]
    .sort((a, b) => (a.depth ?? 99) - (b.depth ?? 99) || a.label.localeCompare(b.label))
    .map((k) => blockOf(k, children));
  const cols = Math.max(1, Math.ceil(Math.sqrt(blocks.length * 1.6)));
  const leaves = new Map<string, Point>();
  let x = PAD;
  let y = PAD + 14; // room for the box's label
  let rowH = 0;
  let width = 0;
  blocks.forEach((b, i) => {
    if (i > 0 && i % cols === 0) {
      x = PAD;
      y += rowH + GAP / 2;
      rowH = 0;
    }
    for (const [id, p] of b.leaves) leaves.set(id, { ...p, x: x + p.x, y: y + p.y });
    x += b.w + GAP / 2;
    rowH = Math.max(rowH, b.h);
    width = Math.max(width, x);
  });
  const w = Math.max(width - GAP / 2 + PAD, item.minWidth ?? 0);
  const h = y + rowH + PAD;
  leaves.set(item.id, { x: w / 2, y: h / 2, w, h });
  return { id: item.id, w, h, leaves };
}

/**
 * Positions of every node; a group holding others gets its box (centre and size) around them, drawn as an
 * ordinary node behind its contents rather than a cytoscape compound node — with compound nodes every style
 * change of a page re-dirties its box and all the box's links, which took half a minute for a group of 2,000.
 */
export function depthLayout(
  items: LayoutItem[],
  edges: { source: string; target: string }[],
): Map<string, Point> {
  const children = new Map<string, LayoutItem[]>();
  const known = new Set(items.map((i) => i.id));
  const tops: LayoutItem[] = [];
  for (const item of items) {
    if (item.parent && known.has(item.parent)) {
      const list = children.get(item.parent) ?? [];
      list.push(item);
      children.set(item.parent, list);
    } else tops.push(item);
  }
  // Each node's top-level block, so an edge between two pages counts between their boxes.
  const parentOf = new Map(items.map((i) => [i.id, i.parent && known.has(i.parent) ? i.parent : null]));
  const topOf = (id: string): string => {
    let at = id;
    for (let p = parentOf.get(at); p; p = parentOf.get(at)) at = p;
    return at;
  };

  const rows = new Map<number, LayoutItem[]>();
  for (const t of tops) {
    const row = t.depth ?? Number.MAX_SAFE_INTEGER;
    const list = rows.get(row);
    if (list) list.push(t);
    else rows.set(row, [t]);
  }
  const incoming = new Map<string, string[]>();
  for (const e of edges) {
    const s = topOf(e.source);
    const t = topOf(e.target);
    if (s === t) continue;
    const list = incoming.get(t);
    if (list) list.push(s);
    else incoming.set(t, [s]);
  }

  const blocks = new Map(tops.map((t) => [t.id, blockOf(t, children)]));
  const area = [...blocks.values()].reduce((a, b) => a + (b.w + GAP) * (b.h + ROW_GAP), 0);
  const maxRow = Math.min(ROW_BOUNDS[1], Math.max(ROW_BOUNDS[0], Math.sqrt(area) * 1.6));
  const placedX = new Map<string, number>();
  const out = new Map<string, Point>();
  let y = 0;
  for (const depth of [...rows.keys()].sort((a, b) => a - b)) {
    const row = rows.get(depth)!;
    // Barycentre of the blocks above that link here; blocks nothing above links to keep their label order.
    const key = (item: LayoutItem) => {
      const from = (incoming.get(item.id) ?? []).map((s) => placedX.get(s)).filter((x) => x !== undefined);
      return from.length ? from.reduce((a, b) => a + b, 0) / from.length : Number.POSITIVE_INFINITY;
    };
    const ordered = row
      .map((item) => ({ item, key: key(item) }))
      .sort((a, b) => a.key - b.key || a.item.label.localeCompare(b.item.label))
      .map((r) => blocks.get(r.item.id)!);
    let x = 0;
    let lineH = 0;
    const line: { block: Block; x: number }[] = [];
    const flush = () => {
      // Centre each line on x = 0 so the tree looks like one.
      const shift = -x / 2;
      for (const { block, x: bx } of line) {
        placedX.set(block.id, bx + shift + block.w / 2);
        for (const [id, p] of block.leaves)
          out.set(id, { ...p, x: bx + shift + p.x, y: y + (lineH - block.h) / 2 + p.y });
      }
      y += lineH + ROW_GAP;
      line.length = 0;
      x = 0;
      lineH = 0;
    };
    for (const block of ordered) {
      if (line.length && x + block.w > maxRow) flush();
      line.push({ block, x });
      x += block.w + GAP;
      lineH = Math.max(lineH, block.h);
    }
    if (line.length) flush();
  }
  return out;
}
