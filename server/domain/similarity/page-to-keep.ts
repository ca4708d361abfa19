/**
 * Which page of two that should be one is the page to keep: the stronger one, never a child by accident. An
 * analyst merging a section into its chapter, or a rewrite into the page Google already sends readers to, keeps
 * the page that holds the site's signals, and redirects the other to it. In order:
 *
 * 1. the canonical target: a page that names the other as its canonical URL has already said which one stays;
 * 2. the indexable page: one that is noindex or canonicalised elsewhere is already out of search;
 * 3. the hub over its part (hub-parts.ts): the chapter over its section, the category over its product;
 * 4. more internal links: the page the site itself points readers to;
 * 5. more Search Console clicks: the readers a merge must not lose;
 * 6. the page higher in the site (fewer path segments), then the one crawled first.
 *
 * Inlinks alone are how a child won before: every page of a manual's section links up to the section's contents
 * page through its navigation, so a contents page can have more inlinks than the chapter above it.
 */
import { KEEP_REASONS, type KeepReason } from '../../schemas/similarity.js';
import type { KeepRow } from '../../store/repos/similarity-repo.js';
import { pageNames, readUrlPath } from '../urls/url-path.js';

export interface KeepCandidate {
  id: number;
  url: string;
  inlinks: number;
  /** Search Console clicks over the synced period; null when the site has no Search Console data. */
  clicks: number | null;
  indexable: boolean;
  /** The page this one names as its canonical URL, when it names another. */
  canonical: number | null;
  /**
   * Whether the page leads to others rather than says something itself (the start page, a hub, an index), by
   * its page type (undefined or false for a page not classified). Counts as the hub relation does, after it.
   */
  navigational?: boolean | undefined;
}

/** Which of two pages is the hub of the other, if either. */
export type HubOf = (a: number, b: number) => number | null;

const depthOf = (url: string) => pageNames(readUrlPath(url)).length;
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** The page to keep of `a` and `b`, and why, in a sentence naming the pair's figures. */
export function pageToKeep(a: KeepCandidate, b: KeepCandidate, hubOf: HubOf): KeepRow {
  const keep = (winner: KeepCandidate, reason: KeepReason, detail: string): KeepRow => ({
    page_id: winner.id,
    reason,
    detail,
  });
  const other = (x: KeepCandidate) => (x === a ? b : a);
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const)
    if (y.canonical === x.id) return keep(x, 'canonical', `${y.url} names ${x.url} as its canonical URL.`);
  if (a.indexable !== b.indexable) {
    const x = a.indexable ? a : b;
    return keep(
      x,
      'indexable',
      `${other(x).url} is kept out of search (noindex or canonicalised elsewhere).`,
    );
  }
  const hub = hubOf(a.id, b.id);
  if (hub !== null) {
    const x = hub === a.id ? a : b;
    return keep(x, 'hub', `${x.url} is the hub of ${other(x).url}: it sits above it and links down to it.`);
  }
  if (!!a.navigational !== !!b.navigational) {
    const x = a.navigational ? a : b;
    return keep(x, 'hub', `${x.url} leads to other pages (its page type), ${other(x).url} does not.`);
  }
  if (a.inlinks !== b.inlinks) {
    const [x, y] = a.inlinks > b.inlinks ? [a, b] : [b, a];
    return keep(
      x,
      'inlinks',
      `${x.url} has ${plural(x.inlinks, 'internal link')} to it, ${y.url} ${y.inlinks.toLocaleString('en')}.`,
    );
  }
  const [ca, cb] = [a.clicks ?? 0, b.clicks ?? 0];
  if (ca !== cb) {
    const [x, y] = ca > cb ? [a, b] : [b, a];
    return keep(
      x,
      'clicks',
      `${x.url} has ${plural(Math.max(ca, cb), 'Search Console click')}, ${y.url} ${Math.min(ca, cb).toLocaleString('en')}.`,
    );
  }
  const [da, db] = [depthOf(a.url), depthOf(b.url)];
  if (da !== db) {
    const x = da < db ? a : b;
    return keep(
      x,
      'higher',
      `${x.url} is higher in the site than ${other(x).url}; nothing else tells them apart.`,
    );
  }
  const x = a.id < b.id ? a : b;
  return keep(x, 'first', KEEP_REASONS.first);
}

/**
 * The page to keep of a group (a cluster): the one every other loses to, found as a knock-out, and why it beat
 * the strongest of the others.
 */
export function groupPageToKeep(members: readonly KeepCandidate[], hubOf: HubOf): KeepRow {
  if (!members.length) throw new Error('groupPageToKeep of no pages');
  const ordered = [...members].sort((x, y) => x.id - y.id);
  let best = ordered[0]!;
  for (const m of ordered.slice(1)) if (pageToKeep(best, m, hubOf).page_id === m.id) best = m;
  const rivals = ordered.filter((m) => m !== best);
  if (!rivals.length) return { page_id: best.id, reason: 'first', detail: KEEP_REASONS.first };
  // The runner-up: the rival that beats every other rival.
  let runnerUp = rivals[0]!;
  for (const m of rivals.slice(1)) if (pageToKeep(runnerUp, m, hubOf).page_id === m.id) runnerUp = m;
  return pageToKeep(best, runnerUp, hubOf);
}
