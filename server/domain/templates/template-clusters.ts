/**
 * A site's pages grouped by their layout skeletons (domain/crawl/layout-skeleton.ts) into templates: layouts, and
 * inside a layout the variants its content elements tell apart. Pure: the finalise step reads the skeletons and
 * writes what this returns (site-templates.ts).
 *
 * Layouts. Shingles that fewer than 1 % of the pages have (at least 2, at most 10 pages) are dropped first: they
 * are what varies per page (a page's own id on a chrome element, a category's class on `<body>`), not the
 * template. Pages with the same remaining set form a group; groups, largest first, each join the layout whose
 * first group is most alike or start one. Alike is a Jaccard similarity of the sets in which each shingle weighs
 * the share of the site's pages that have it, at least `SAME_LAYOUT`: the frame every page has decides, and what
 * only some pages' chrome holds (footnotes, a manual's sidebar boxes, classed as asides) counts for as little as it
 * is common. Pages of one generator share nearly every shingle — on the PostgreSQL manual the whole manual is one
 * layout — while a home page, a search page or a shop's product grid built on other markup start their own.
 *
 * Variants. Inside a layout, each page's chain of wrappers down to its content element is walked from `<body>`:
 * where the pages part ways into two or more groups of at least 5 pages and 5 % of the layout each, each such
 * group is a variant (DocBook's `div.sect1`, `div.refentry` and `div.chapter` pages; a blog's article and listing
 * pages); where one group holds the significant pages, the walk goes on inside it. Pages in none stay in the layout
 * alone, as do all pages of a layout that never parts.
 */

/** Layouts are joined at this Jaccard similarity of their skeletons (measured on real sites: docs/audit.md). */
export const SAME_LAYOUT = 0.7;
/** A variant needs this many pages, and this share of its layout's. */
export const MIN_VARIANT_PAGES = 5;
export const MIN_VARIANT_SHARE = 0.05;
/**
 * A group whose skeleton a layout holds this share of joins it even when the layout has more (the PostgreSQL
 * manual's legal notice: the manual's head and body, no navigation), if it has this many shingles at all.
 */
export const WITHIN_LAYOUT = 0.9;
const MIN_WITHIN = 3;
/** Layouts a new group is compared with: a site of many one-off layouts stays linear. */
const MAX_COMPARED = 400;

export interface SkeletonInput {
  shingles: Uint32Array;
  chain: string;
}

export interface Variant {
  /** The chain of wrappers the variant's pages share, down to their content element (`div.sect1`). */
  key: string;
  /** Indexes into the input. */
  pages: number[];
}

export interface Layout {
  /** Indexes into the input, ascending. */
  pages: number[];
  /** None, or two or more. */
  variants: Variant[];
}

/** Layouts, largest first, each with its variants, largest first. */
export function clusterTemplates(inputs: readonly SkeletonInput[]): Layout[] {
  return clusterLayouts(inputs.map((i) => i.shingles)).map((pages) => ({
    pages,
    variants: variantsOf(pages.map((p) => inputs[p]!.chain)).map((v) => ({
      key: v.key,
      pages: v.pages.map((k) => pages[k]!),
    })),
  }));
}

/** A set of shingles with the weight of each (the share of the site's pages that have it) and their sum. */
interface Weighted {
  set: Uint32Array;
  weights: Float64Array;
  total: number;
}

/** The weight two weighted sets share. */
function sharedWeight(a: Weighted, b: Weighted): number {
  let i = 0;
  let j = 0;
  let both = 0;
  while (i < a.set.length && j < b.set.length) {
    const x = a.set[i]!;
    const y = b.set[j]!;
    if (x === y) {
      both += a.weights[i]!;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return both;
}

/** Page indexes by layout, largest layout first (ties: the one whose first page comes first). */
export function clusterLayouts(sets: readonly Uint32Array[]): number[][] {
  const df = new Map<number, number>();
  for (const s of sets) for (const h of s) df.set(h, (df.get(h) ?? 0) + 1);
  const minDf = Math.max(2, Math.min(10, Math.ceil(0.01 * sets.length)));
  const groups = new Map<string, { w: Weighted; pages: number[] }>();
  sets.forEach((s, page) => {
    const kept = s.filter((h) => df.get(h)! >= minDf);
    const key = setKey(kept);
    const g = groups.get(key);
    if (g) {
      g.pages.push(page);
      return;
    }
    const weights = Float64Array.from(kept, (h) => df.get(h)! / sets.length);
    groups.set(key, { w: { set: kept, weights, total: weights.reduce((a, b) => a + b, 0) }, pages: [page] });
  });
  const ordered = [...groups.values()].sort(
    (a, b) => b.pages.length - a.pages.length || a.pages[0]! - b.pages[0]!,
  );
  const layouts: { w: Weighted; pages: number[] }[] = [];
  for (const g of ordered) {
    let best = -1;
    let bestSim = SAME_LAYOUT;
    let within = -1;
    let withinShare = WITHIN_LAYOUT;
    for (let k = 0; k < layouts.length && k < MAX_COMPARED; k++) {
      const l = layouts[k]!.w;
      const both = sharedWeight(g.w, l);
      const union = g.w.total + l.total - both;
      const sim = union === 0 ? 1 : both / union;
      if (sim >= bestSim && (best < 0 || sim > bestSim)) {
        best = k;
        bestSim = sim;
      }
      // A page with less chrome than a layout but nothing of its own (the same head and body, no navigation).
      const share = g.w.set.length >= MIN_WITHIN && g.w.total > 0 ? both / g.w.total : 0;
      if (share >= withinShare && (within < 0 || share > withinShare)) {
        within = k;
        withinShare = share;
      }
    }
    if (best < 0) best = within;
    if (best >= 0) layouts[best]!.pages.push(...g.pages);
    else layouts.push({ w: g.w, pages: [...g.pages] });
  }
  return layouts
    .map((l) => l.pages.sort((a, b) => a - b))
    .sort((a, b) => b.length - a.length || a[0]! - b[0]!);
}

/** Two hashes and the length of a set: a map key far smaller than the set (100,000 pages × ~200 shingles). */
function setKey(set: Uint32Array): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (const h of set) {
    a = Math.imul(a ^ h, 0x01000193);
    b = Math.imul(b ^ (h >>> 16) ^ (h << 16), 0x5bd1e995);
  }
  return `${a >>> 0}:${b >>> 0}:${set.length}`;
}

/** The variants of one layout's pages, from their chains (indexes into `chains`). */
export function variantsOf(chains: readonly string[]): Variant[] {
  const steps = chains.map((c) => (c === '' ? [] : c.split('>')));
  const significant = Math.max(MIN_VARIANT_PAGES, MIN_VARIANT_SHARE * chains.length);
  let members = chains.map((_, i) => i);
  for (let level = 0; ; level++) {
    // The next step of each member's chain; '' where its chain ends here (the content element is the last step).
    const byNext = new Map<string, number[]>();
    for (const m of members) {
      const next = steps[m]![level] ?? '';
      const list = byNext.get(next);
      if (list) list.push(m);
      else byNext.set(next, [m]);
    }
    const big = [...byNext].filter(([, pages]) => pages.length >= significant);
    if (big.length >= 2) {
      return big
        .map(([next, pages]) => ({
          key: (next === '' ? steps[pages[0]!]!.slice(0, level) : steps[pages[0]!]!.slice(0, level + 1)).join(
            '>',
          ),
          pages,
        }))
        .sort((a, b) => b.pages.length - a.pages.length || a.pages[0]! - b.pages[0]!);
    }
    if (big.length === 0 || big[0]![0] === '') return [];
    members = big[0]![1];
  }
}
