/** Sites: the root every crawl, page and campaign belongs to. */
import type { Store } from '../../store/index.js';
import type { SiteRow } from '../../store/repos/sites-repo.js';
import { splitUrlCredentials, type UrlCredentials } from '../../store/url-credentials.js';
import type { CursorKey } from '../../schemas/common.js';
import { CRAWL_SETTINGS_DEFAULTS, type Site, type SiteCreate, type SitePatch } from '../../schemas/sites.js';
import type { SiteSummary } from '../../schemas/graph.js';
import type { TargetPolicy } from '../crawl/target-policy.js';
import { ConflictError, ValidationError } from '../errors.js';
import { requireSite } from './site-required.js';
import { capital, siteLabel, siteLabelById } from './site-label.js';
import type { SitePasswords } from './site-passwords.js';
import type { EventBus } from '../events.js';
import { nextCrawlAt, withScheduleSince } from '../schedule/crawl-schedule.js';
import { scheduleWarnings } from '../schedule/dst-gaps.js';
import { analysisState } from '../similarity/analysis-state.js';
import { afterKey, idPage } from '../sort-cursor.js';
import { jobNoun } from '../jobs/job-nouns.js';

/** The origin a crawl stays on; `https://Example.com:443/x` → `https://example.com`. */
export function originOf(startUrl: string): string {
  return new URL(startUrl).origin;
}

export class SitesService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly targets: TargetPolicy,
    /** Where the sites' passwords are: the data dir's secret store, never the database. */
    private readonly passwords: SitePasswords,
    /** The clock `next_crawl_at` and the schedule's start are read from; the scheduler's tests set both. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  private toSite(row: SiteRow): Site {
    // When the schedule was set is the scheduler's bookkeeping, not a setting anyone reads or sets.
    const { crawl_schedule_since: _since, ...stored } = row.settings;
    const settings = { ...CRAWL_SETTINGS_DEFAULTS, ...stored };
    return {
      id: row.id,
      name: row.name,
      start_url: row.start_url,
      origin: row.origin,
      settings,
      http_auth: this.httpAuth(row.id),
      stats: this.store.siteStats.get(row.id),
      extractors: this.store.extractors.count(row.id),
      next_crawl_at: nextCrawlAt(settings.crawl_schedule, this.now()),
      crawl_schedule_warnings: scheduleWarnings(settings.crawl_schedule, this.now()),
      similarity_analysis: analysisState(this.store, row.id),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  private httpAuth(id: number): Site['http_auth'] {
    const c = this.store.siteCredentials.get(id);
    return c ? { username: c.username, password_set: c.has_password } : null;
  }

  /**
   * The credentials a crawl of the site sends, with the origin they are for. A password the secret store lost
   * (the file deleted or restored from another machine) is refused with what to do, rather than crawled with
   * an empty one into a site of login pages.
   */
  credentials(id: number): { origin: string; credentials: UrlCredentials } | null {
    const row = requireSite(this.store, id);
    const login = this.store.siteCredentials.get(id);
    if (!login) return null;
    const password = login.has_password ? this.passwords.get(id) : '';
    if (password === null) {
      throw new ConflictError(
        `The password of ${siteLabel(this.store, row)}’s HTTP credentials is missing from the data dir's secret store; set the site's credentials again (PATCH /sites/${id} with http_auth).`,
      );
    }
    return { origin: row.origin, credentials: { username: login.username, password } };
  }

  /**
   * Stores a site's credentials: the password in the secret store, the rest in the database. Called inside the
   * transaction that writes the site, so a secret store that cannot be written rolls the site back.
   */
  private saveCredentials(id: number, c: UrlCredentials): void {
    this.store.siteCredentials.set(id, { username: c.username, has_password: c.password !== '' });
    if (c.password !== '') this.passwords.put(id, c.password);
    else this.passwords.remove(id);
  }

  /**
   * The start URL as stored (without userinfo) and the credentials to keep: those given as `http_auth`, else
   * the URL's own. Both at once is ambiguous and refused. The target must be one a crawl may reach.
   */
  private async startUrl(
    startUrl: string,
    httpAuth: UrlCredentials | null | undefined,
  ): Promise<{ href: string; credentials: UrlCredentials | null | undefined }> {
    const { href, credentials } = splitUrlCredentials(startUrl);
    if (credentials && httpAuth !== undefined) {
      throw new ValidationError('Credentials were given twice: in start_url and in http_auth.', [
        { path: 'body.http_auth', message: 'give credentials in http_auth or in start_url, not both' },
      ]);
    }
    const refused = await this.targets.check(new URL(href));
    if (refused) {
      throw new ValidationError(`start_url cannot be crawled: ${refused}`, [
        { path: 'body.start_url', message: refused },
      ]);
    }
    return { href, credentials: credentials ?? httpAuth };
  }

  /** The 404 of an unknown site, for callers that need nothing else of it. */
  require(id: number): void {
    requireSite(this.store, id);
  }

  get(id: number): Site {
    return this.toSite(requireSite(this.store, id));
  }

  list(q: { limit: number; cursor?: CursorKey | undefined }) {
    const rows = this.store.sites.listAfter(afterKey(q.cursor, 'number') ?? 0, q.limit + 1);
    const { page, next_cursor } = idPage(rows, q.limit);
    return { items: page.map((r) => this.toSite(r)), next_cursor };
  }

  async create(input: SiteCreate): Promise<Site> {
    const { href, credentials } = await this.startUrl(input.start_url, input.http_auth);
    const url = new URL(href);
    const row = this.store.tx(() => {
      const inserted = this.store.sites.insert({
        // The host with its port when it is not the scheme's (`127.0.0.1:8080`): two local sites stay apart.
        name: input.name ?? url.host,
        start_url: href,
        origin: url.origin,
        settings: withScheduleSince(null, input.settings ?? {}, this.now()),
      });
      if (credentials) this.saveCredentials(inserted.id, credentials);
      return inserted;
    });
    // Announced like a change, so other windows list the site and the scheduler learns its schedule.
    this.bus.emit('site.updated', { site_id: row.id, changes: ['site'] });
    return this.toSite(row);
  }

  async update(id: number, patch: SitePatch): Promise<Site> {
    requireSite(this.store, id);
    const given = patch.start_url ? await this.startUrl(patch.start_url, patch.http_auth) : null;
    const credentials = given ? given.credentials : patch.http_auth;
    // Read again after the await: another request may have changed the site meanwhile.
    let cleared = false;
    const updated = this.store.tx(() => {
      const row = requireSite(this.store, id);
      const startUrl = given?.href ?? row.start_url;
      // Credentials were given for one origin; a start URL on another origin does not take them along.
      const moved = originOf(startUrl) !== row.origin;
      if (credentials) this.saveCredentials(id, credentials);
      else if (credentials === null || moved) {
        this.store.siteCredentials.clear(id);
        cleared = true;
      }
      return this.store.sites.update(id, {
        name: patch.name ?? row.name,
        start_url: startUrl,
        origin: originOf(startUrl),
        settings: withScheduleSince(row.settings, { ...row.settings, ...patch.settings }, this.now()),
      })!;
    });
    // After the commit: a rollback must not have lost the password the database still says is set.
    if (cleared) this.passwords.remove(id);
    this.bus.emit('site.updated', { site_id: id, changes: ['site'] });
    return this.toSite(updated);
  }

  summary(id: number): Omit<SiteSummary, 'audit'> {
    requireSite(this.store, id);
    const stats = this.store.siteStats.get(id);
    return { site_id: id, pages: stats.pages, ...this.store.siteStats.summary(id) };
  }

  /**
   * Deletes the site and, by foreign-key cascade, everything stored for it, then its password in the secret
   * store. Refused while work runs on it.
   */
  delete(id: number): void {
    requireSite(this.store, id);
    this.store.tx(() => {
      const active = this.store.jobs.list({
        beforeId: null,
        limit: 1,
        siteId: id,
        statuses: ['queued', 'running'],
      });
      if (active[0]) {
        throw new ConflictError(
          `${capital(siteLabelById(this.store, id))} has ${jobNoun(active[0].kind)} (job ${active[0].id}) ${active[0].status}; cancel it before deleting the site.`,
          { job_id: active[0].id },
        );
      }
      this.store.sites.delete(id);
    });
    this.passwords.remove(id);
    this.bus.emit('site.deleted', id);
  }
}
