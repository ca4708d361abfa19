/**
 * Groupings that follow what the site says about itself rather than its URLs: by section (the hierarchy its Up
 * links, breadcrumbs and tables of contents draw, site-sections.ts) and by page type. Both return the same
 * `Grouping` as the directory and cluster groupings, so the structure view draws and counts them alike.
 */
import type { PageType } from '../../schemas/pages.js';
import type { Grouping } from './graph-groups.js';
import type { LinkIndex } from './link-index.js';
import { sectionChain, type SiteSections } from './site-sections.js';

export const NO_SECTION = 'section:none';

/**
 * Pages grouped by the section they sit in, `depth` levels of sections below a root: a page's group is its
 * deepest ancestor (or itself) at most `depth` levels down that heads a section; a level-1 page heading nothing
 * sits in its root's group (the start page and the pages right under it, like `dir:/`). A page with no parent
 * and no children is in `section:none`. `title` names a section by its head page.
 */
export function groupBySection(
  g: LinkIndex,
  sections: SiteSections,
  depth: number,
  title: (page: number) => string,
): Grouping {
  const ids: string[] = [];
  const labels: string[] = [];
  const parents: number[] = [];
  const byHead = new Map<number, number>();
  const groupOf = (head: number, parentGroup: number): number => {
    let at = byHead.get(head);
    if (at === undefined) {
      at = ids.length;
      byHead.set(head, at);
      ids.push(head === -1 ? NO_SECTION : `section:${g.ids[head]!}`);
      labels.push(head === -1 ? 'Outside the site’s sections' : title(head));
      parents.push(parentGroup);
    }
    return at;
  };
  const pageGroup = new Int32Array(g.n);
  const chain: number[] = [];
  for (let p = 0; p < g.n; p++) {
    sectionChain(sections, p, chain);
    const root = chain[0]!;
    if (chain.length === 1 && !sections.heads[p] && p !== sections.home) {
      pageGroup[p] = groupOf(-1, -1);
      continue;
    }
    // Levels 1..depth that head a section, each nested in the one above; none: the root's own group.
    let group = -1;
    for (let k = 1; k <= depth && k < chain.length; k++)
      if (sections.heads[chain[k]!]) group = groupOf(chain[k]!, group);
    pageGroup[p] = group === -1 ? groupOf(root, -1) : group;
  }
  return { ids, labels, parents: Int32Array.from(parents), pageGroup };
}

const typeLabel = (t: PageType) => {
  const words = t.replace(/_/g, ' ');
  return words[0]!.toUpperCase() + words.slice(1);
};

/** Pages grouped by page type (`type:article`, …); what is not an HTML page in `type:none`. */
export function groupByPageType(g: LinkIndex, typeOf: (page: number) => PageType | null): Grouping {
  const ids: string[] = [];
  const labels: string[] = [];
  const byType = new Map<PageType | null, number>();
  const pageGroup = new Int32Array(g.n);
  for (let p = 0; p < g.n; p++) {
    const t = typeOf(p);
    let at = byType.get(t);
    if (at === undefined) {
      at = ids.length;
      byType.set(t, at);
      ids.push(t ? `type:${t}` : 'type:none');
      labels.push(t ? typeLabel(t) : 'Not an HTML page');
    }
    pageGroup[p] = at;
  }
  return { ids, labels, parents: new Int32Array(ids.length).fill(-1), pageGroup };
}
