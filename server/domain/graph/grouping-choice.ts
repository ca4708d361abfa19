/**
 * `by=auto`: weighs each grouping the site allows by the shape of its top-level groups and draws the first
 * readable one in order of preference — directory (the URLs an analyst knows), section (what the site's own
 * navigation says), cluster, page type — or, when none is readable, the least crowded. The answer says which was
 * chosen and why the ones before it were not, so a flat manual's "by section" is never a surprise.
 */
import {
  READABLE_GROUPING,
  type GroupBy,
  type GroupingChoice,
  type GroupingScore,
  type ParentSignal,
} from '../../schemas/graph.js';
import type { Grouping } from './graph-groups.js';

export interface GroupingCandidate {
  by: GroupBy;
  basis: string;
  grouping: Grouping;
  parents: Record<ParentSignal, number> | null;
}

/** Groupings in the order `auto` prefers them when several are readable. */
export const AUTO_ORDER: readonly GroupBy[] = ['directory', 'section', 'cluster', 'page_type'];

const NAMES: Record<GroupBy, string> = {
  directory: 'directory',
  section: 'section',
  page_type: 'page type',
  cluster: 'similarity cluster',
};

/** The shape of a grouping's top-level groups (a nested group counts in its top ancestor). */
export function scoreGrouping(c: GroupingCandidate): GroupingScore {
  const { parents: up, pageGroup, ids } = c.grouping;
  const top = new Int32Array(ids.length);
  for (let gi = 0; gi < ids.length; gi++) {
    let at = gi;
    while (up[at] !== -1) at = up[at]!;
    top[gi] = at;
  }
  const size = new Int32Array(ids.length);
  for (let i = 0; i < pageGroup.length; i++) size[top[pageGroup[i]!]!]!++;
  let groups = 0;
  let largest = 0;
  let single = 0;
  for (const s of size) {
    if (!s) continue;
    groups++;
    if (s > largest) largest = s;
    if (s === 1) single++;
  }
  const largestShare = pageGroup.length ? largest / pageGroup.length : 0;
  const r = READABLE_GROUPING;
  return {
    by: c.by,
    basis: c.basis,
    groups,
    largest_share: Math.round(largestShare * 1000) / 1000,
    single_page_groups: single,
    readable:
      groups >= r.minGroups &&
      groups <= r.maxGroups &&
      largestShare <= r.maxLargestShare &&
      single <= groups * r.maxSinglePageShare,
    parents: c.parents,
  };
}

/** How crowded an unreadable grouping is: lower is better (one box of everything is the worst). */
function crowding(s: GroupingScore): number {
  const r = READABLE_GROUPING;
  return (
    s.largest_share +
    (s.groups < r.minGroups ? 1 : 0) +
    Math.max(0, s.groups - r.maxGroups) / r.maxGroups +
    (s.groups ? s.single_page_groups / s.groups / 2 : 0)
  );
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

function shape(s: GroupingScore): string {
  if (s.groups === 1) return '1 group holding every page';
  return `${plural(s.groups, 'group')}, the largest holding ${pct(s.largest_share)} of the pages`;
}

/** Why a grouping is not readable, in a few words. */
function whyNot(s: GroupingScore): string {
  const r = READABLE_GROUPING;
  if (s.groups < r.minGroups) return s.groups === 1 ? '1 group' : plural(s.groups, 'group');
  if (s.largest_share > r.maxLargestShare) return `one group holds ${pct(s.largest_share)} of the pages`;
  if (s.groups > r.maxGroups) return plural(s.groups, 'group');
  return `${plural(s.single_page_groups, 'group')} of a single page`;
}

/** Picks the grouping to draw among `candidates` (all of them for `auto`, else the one asked for). */
export function chooseGrouping(
  requested: GroupingChoice['requested'],
  candidates: readonly GroupingCandidate[],
): { chosen: GroupingCandidate; choice: GroupingChoice } {
  const scores = candidates.map(scoreGrouping);
  const title = (s: GroupingScore) => `${NAMES[s.by]} (${s.basis})`;
  if (requested !== 'auto') {
    const s = scores[0]!;
    return {
      chosen: candidates[0]!,
      choice: {
        requested,
        reason: `Grouped by ${title(s)}, as asked: ${shape(s)}.`,
        candidates: scores,
      },
    };
  }
  let at = scores.findIndex((s) => s.readable);
  const readable = at !== -1;
  if (!readable) at = scores.reduce((best, s, k) => (crowding(s) < crowding(scores[best]!) ? k : best), 0);
  const s = scores[at]!;
  const passed = (readable ? scores.slice(0, at) : scores.filter((_, k) => k !== at)).map(
    (o) => `by ${NAMES[o.by]}, ${whyNot(o)}`,
  );
  const reason = readable
    ? `Grouped by ${title(s)}: ${shape(s)}.${passed.length ? ` Not ${passed.join('; not ')}.` : ''}`
    : `No grouping reads well on this site; grouped by ${title(s)}, the least crowded: ${shape(s)}.${passed.length ? ` Not ${passed.join('; not ')}.` : ''}`;
  return { chosen: candidates[at]!, choice: { requested, reason, candidates: scores } };
}
