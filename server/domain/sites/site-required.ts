/**
 * The refusal every site-scoped read and action shares: an id that names no site is a 404 with the same words
 * wherever it is asked (a route, a service, an export, a job), so a client that matches the detail matches it
 * everywhere, and nobody writes the check by hand again.
 */
import type { Store } from '../../store/index.js';
import type { SiteRow } from '../../store/repos/sites-repo.js';
import { NotFoundError } from '../errors.js';

/** The site's row, or a 404 `No site with id <id>.` */
export function requireSite(store: Store, siteId: number): SiteRow {
  const site = store.sites.get(siteId);
  if (!site) throw new NotFoundError(`No site with id ${siteId}.`);
  return site;
}
