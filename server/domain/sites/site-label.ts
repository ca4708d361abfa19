/**
 * How a message names a site: by the name the UI and the CLI show, not by its row id (#37: "Site 1 already has a
 * crawl job" on a site called "PostgreSQL manual"). The id is added only when another site has the same name, so
 * the words still say which one. Problem details, job messages and CLI output use it; logs keep ids.
 */
import type { Store } from '../../store/index.js';

/** `“PostgreSQL manual”`, or `“Docs” (site 3)` when another site is also called "Docs". */
export function siteLabel(store: Store, site: { id: number; name: string }): string {
  const name = site.name.trim();
  if (!name) return `site ${site.id}`;
  // A desktop app's handful of sites: one short read, only when a message is being written.
  const key = name.toLowerCase();
  const same = store.sites.listAfter(0, 100_000).filter((s) => s.name.trim().toLowerCase() === key).length;
  return same > 1 ? `“${name}” (site ${site.id})` : `“${name}”`;
}

/** `siteLabel` by id; `site <id>` when the row is gone (a message about a site being deleted). */
export function siteLabelById(store: Store, siteId: number): string {
  const site = store.sites.get(siteId);
  return site ? siteLabel(store, site) : `site ${siteId}`;
}

/** A label at the start of a sentence (`site 3` → `Site 3`; a quoted name is left as it is). */
export const capital = (label: string): string => label.charAt(0).toUpperCase() + label.slice(1);
