/** Sites: the root every crawl, page and campaign belongs to. */
import type { Store } from '../../store/index.js';
import type { SiteRow } from '../../store/repos/sites-repo.js';
import type { CursorKey } from '../../schemas/common.js';
import { CRAWL_SETTINGS_DEFAULTS, type Site, type SiteCreate, type SitePatch } from '../../schemas/sites.js';
import type { SiteSummary } from '../../schemas/graph.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { EventBus } from '../events.js';
import { afterKey, idPage } from '../sort-cursor.js';

/** The origin a crawl stays on; `https://Example.com:443/x` → `https://example.com`. */
export function originOf(startUrl: string): string {
  return new URL(startUrl).origin;
}

export class SitesService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
  ) {}

  private toSite(row: SiteRow): Site {
    return {
      id: row.id,
      name: row.name,
      start_url: row.start_url,
      origin: row.origin,
      settings: { ...CRAWL_SETTINGS_DEFAULTS, ...row.settings },
      stats: this.store.siteStats.get(row.id),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  private row(id: number): SiteRow {
    const row = this.store.sites.get(id);
    if (!row) throw new NotFoundError(`No site with id ${id}.`);
    return row;
  }

  get(id: number): Site {
    return this.toSite(this.row(id));
  }

  list(q: { limit: number; cursor?: CursorKey | undefined }) {
    const rows = this.store.sites.listAfter(afterKey(q.cursor, 'number') ?? 0, q.limit + 1);
    const { page, next_cursor } = idPage(rows, q.limit);
    return { items: page.map((r) => this.toSite(r)), next_cursor };
  }

  create(input: SiteCreate): Site {
    const url = new URL(input.start_url);
    const row = this.store.sites.insert({
      name: input.name ?? url.hostname,
      start_url: url.href,
      origin: url.origin,
      settings: input.settings ?? {},
    });
    return this.toSite(row);
  }

  update(id: number, patch: SitePatch): Site {
    const row = this.row(id);
    const startUrl = patch.start_url ? new URL(patch.start_url).href : row.start_url;
    const settings = { ...row.settings, ...patch.settings };
    const updated = this.store.sites.update(id, {
      name: patch.name ?? row.name,
      start_url: startUrl,
      origin: originOf(startUrl),
      settings,
    })!;
    this.bus.emit('site.updated', { site_id: id, changes: ['site'] });
    return this.toSite(updated);
  }

  summary(id: number): Omit<SiteSummary, 'audit'> {
    this.row(id);
    const stats = this.store.siteStats.get(id);
    return { site_id: id, pages: stats.pages, ...this.store.siteStats.summary(id) };
  }

  /** Deletes the site and, by foreign-key cascade, everything stored for it. Refused while work runs on it. */
  delete(id: number): void {
    this.row(id);
    this.store.tx(() => {
      const active = this.store.jobs.list({
        beforeId: null,
        limit: 1,
        siteId: id,
        statuses: ['queued', 'running'],
      });
      if (active[0]) {
        throw new ConflictError(
          `Site ${id} has a ${active[0].kind} job (${active[0].id}) ${active[0].status}; cancel it before deleting the site.`,
          { job_id: active[0].id },
        );
      }
      this.store.sites.delete(id);
    });
  }
}
