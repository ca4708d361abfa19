/**
 * Site resource and its crawl settings. The defaults live here once: the store keeps only what a user set,
 * and every read merges it over these defaults, so a changed default reaches sites that never overrode it.
 */
import { z } from 'zod';
import { Id, PaginationQuery, Timestamp, pageOf } from './common.js';
import { CronExpression } from './cron.js';
import { AnalysisState } from './similarity-analysis.js';
import { LabProfileName } from './page-lab.js';

const glob = z.string().min(1).max(500);

/** The slowest pace a crawl may be set to: one request per 100 s. */
export const MIN_REQUESTS_PER_SECOND = 0.01;

export const CrawlSettingsShape = {
  max_pages: z.number().int().min(1).max(10_000_000),
  max_depth: z.number().int().min(0).max(1000).nullable(),
  concurrency: z.number().int().min(1).max(64),
  // A floor rather than `positive()`: 1e-9 would mean one request every 30 years, a typo and not a pace.
  max_requests_per_second: z
    .number()
    .min(MIN_REQUESTS_PER_SECOND, `must be at least ${MIN_REQUESTS_PER_SECOND} (one request per 100 s)`)
    .max(1000),
  user_agent: z.string().min(1).max(500),
  respect_robots: z.boolean(),
  include_patterns: z.array(glob).max(200),
  exclude_patterns: z.array(glob).max(200),
  follow_subdomains: z.boolean(),
  render_js: z.enum(['off', 'on', 'auto']),
  use_sitemaps: z.boolean(),
  query_params: z.enum(['keep', 'strip', 'strip_tracking']),
  timeout_ms: z.number().int().min(100).max(300_000),
  max_page_bytes: z
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024),
  max_redirects: z.number().int().min(0).max(50),
  /**
   * Fetch what pages load (images, stylesheets, scripts, fonts) once each, after the pages, for the audit's
   * resource checks (docs/crawler.md, "Resources and external links").
   */
  check_resources: z.boolean(),
  /** Check every external URL pages link to once (HEAD, GET where HEAD is refused), after the pages. */
  check_external_links: z.boolean(),
  /**
   * Measure each rendered page's LCP, CLS, total blocking time, weight and requests in the lab (#36 §3,
   * docs/page-experience.md): images and fonts then load while rendering.
   */
  lab_metrics: z.boolean(),
  /** The viewport and network the lab measures under: `desktop` (unthrottled) or `mobile` (slow 4G, 4× CPU). */
  lab_profile: LabProfileName,
  /**
   * Run axe-core's WCAG 2.1 A and AA rules in each rendered page (#36 §2, docs/audit.md "Accessibility"); a crawl
   * that does not render can be checked afterwards with `POST /sites/{site_id}/audit/accessibility`. Off by
   * default: axe costs 3–6× a page's render (docs/benchmarks.md), far over what rendering may cost.
   */
  accessibility_checks: z.boolean(),
  /** Run axe-core's best practices too (heading order, landmarks, …): they are not WCAG requirements. */
  accessibility_best_practices: z.boolean(),
  /** When the server crawls the site by itself (docs/crawler.md, "Scheduled crawls"); null for never. */
  crawl_schedule: CronExpression.nullable(),
  /** Whether a scheduled time that passed while Siteloupe was not running starts one crawl at the next start. */
  run_missed: z.boolean(),
};

export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; Siteloupe/0.1; +local)';

export const CRAWL_SETTINGS_DEFAULTS: CrawlSettings = {
  max_pages: 10_000,
  max_depth: null,
  concurrency: 8,
  max_requests_per_second: 10,
  user_agent: DEFAULT_USER_AGENT,
  respect_robots: true,
  include_patterns: [],
  exclude_patterns: [],
  follow_subdomains: false,
  render_js: 'off',
  use_sitemaps: true,
  query_params: 'strip_tracking',
  timeout_ms: 15_000,
  max_page_bytes: 10 * 1024 * 1024,
  max_redirects: 10,
  check_resources: true,
  check_external_links: true,
  lab_metrics: true,
  lab_profile: 'desktop',
  accessibility_checks: false,
  accessibility_best_practices: false,
  crawl_schedule: null,
  run_missed: true,
};

export const CrawlSettings = z.object(CrawlSettingsShape).meta({ id: 'CrawlSettings' });
export type CrawlSettings = z.infer<typeof CrawlSettings>;

/** What a client may send: any subset, no unknown keys. */
export const CrawlSettingsPatch = z
  .strictObject(CrawlSettingsShape)
  .partial()
  .meta({ id: 'CrawlSettingsPatch' });
export type CrawlSettingsPatch = z.infer<typeof CrawlSettingsPatch>;

// The schedule belongs to the site: a crawl's override that sends it is told where it goes, by name, rather
// than getting the generic "is not a known field".
const siteOnly = z
  .never({ error: 'is a setting of the site, not of one crawl; set it with PATCH /sites/{site_id}' })
  .meta({ description: 'A setting of the site, refused here: set it with PATCH /sites/{site_id}.' });
const { crawl_schedule: _schedule, run_missed: _runMissed, ...perCrawlShape } = CrawlSettingsShape;

/** What one crawl may override: every crawl setting but the site's schedule. */
export const CrawlSettingsOverride = z
  .strictObject({ ...perCrawlShape, crawl_schedule: siteOnly, run_missed: siteOnly })
  .partial()
  .meta({ id: 'CrawlSettingsOverride' });
export type CrawlSettingsOverride = z.infer<typeof CrawlSettingsOverride>;

/**
 * A site's settings as the store keeps them: what the user set, plus when the schedule was last set, which the
 * missed-run rule counts from. The service keeps that one; no request can set it and no answer shows it.
 */
export type StoredSiteSettings = CrawlSettingsPatch & { crawl_schedule_since?: string };

export const StartUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048, 'is longer than 2048 characters')
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL, e.g. https://example.com/');

/**
 * HTTP Basic credentials for a site behind a login (staging, intranet). Sent to the site's own origin only. A
 * start URL's `user:pass@` is moved here; reads show the user name and whether a password is set, never the
 * password.
 */
export const HttpAuthInput = z
  .strictObject({
    username: z
      .string()
      .min(1, 'is required')
      .max(256)
      // RFC 7617: the user-id of Basic credentials cannot contain a colon, and no part may hold control characters.
      .refine((v) => !v.includes(':'), 'may not contain ":"')
      .refine((v) => !/\p{Cc}/u.test(v), 'may not contain control characters'),
    password: z
      .string()
      .max(1024)
      .refine((v) => !/\p{Cc}/u.test(v), 'may not contain control characters'),
  })
  .meta({ id: 'HttpAuthInput' });
export type HttpAuthInput = z.infer<typeof HttpAuthInput>;

export const HttpAuth = z
  .object({ username: z.string(), password_set: z.boolean() })
  .meta({ id: 'HttpAuth' });

export const SiteStats = z.object({
  pages: z.number().int(),
  html_pages: z.number().int(),
  redirects: z.number().int(),
  errors: z.number().int(),
  blocked: z.number().int(),
  embedded: z.number().int().meta({
    description:
      'Pages a search finds now: the same count as a search’s `coverage.searchable_pages`, so it grows while the embed job runs (a page is searchable by its title and lead before its passages are embedded).',
  }),
  pairs: z.number().int(),
  clusters: z.number().int(),
  last_crawl_at: Timestamp.nullable(),
});

export const Site = z
  .object({
    id: z.number().int(),
    name: z.string(),
    start_url: z.string(),
    origin: z.string(),
    settings: CrawlSettings,
    /** The site's HTTP credentials, without the password; null when it has none. */
    http_auth: HttpAuth.nullable(),
    stats: SiteStats,
    extractors: z.number().int().meta({ description: 'How many custom extraction rules the site has.' }),
    next_crawl_at: Timestamp.nullable().meta({
      description: 'When `crawl_schedule` next starts a crawl; null when the site has no schedule.',
    }),
    crawl_schedule_warnings: z.array(z.string()).meta({
      description:
        'What the schedule will not do as written in the coming years, in sentences: times it asks for that fall in a daylight-saving gap of this computer’s zone, skipped or moved (`*/15 2 14 3 *` in America/New_York skips 2027-03-14 and next runs in 2028). Empty when there is nothing to say or no schedule.',
    }),
    similarity_analysis: AnalysisState.nullable().meta({
      description:
        'The site’s current similarity analysis and whether a crawl since has made it stale; null when the site was never analysed.',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Site' });
export type Site = z.infer<typeof Site>;

export const SiteCreate = z
  .strictObject({
    start_url: StartUrl,
    name: z.string().trim().min(1).max(200).optional(),
    settings: CrawlSettingsPatch.optional(),
    http_auth: HttpAuthInput.nullable().optional(),
  })
  .meta({ id: 'SiteCreate' });
export type SiteCreate = z.infer<typeof SiteCreate>;

export const SitePatch = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    start_url: StartUrl.optional(),
    settings: CrawlSettingsPatch.optional(),
    /** New credentials, or null to remove them; absent keeps what the site has. */
    http_auth: HttpAuthInput.nullable().optional(),
  })
  .meta({ id: 'SitePatch' });
export type SitePatch = z.infer<typeof SitePatch>;

export const SiteParams = z.strictObject({ site_id: Id });
export const SiteList = pageOf(Site);
export const SiteListQuery = PaginationQuery;
