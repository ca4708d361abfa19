/**
 * The site audit: runs every check of the catalogue over a site's stored crawl (one synchronous transaction, so
 * a run never sees half a crawl batch), keeps the findings per crawl, and answers the issue lists, each check's
 * URLs with their evidence, a page's findings, mutes and the health score.
 */
import {
  AUDIT_THRESHOLDS,
  CHECK_IDS,
  CHECKS,
  SQL_CHECK_IDS,
  type AuditThresholds,
  type CheckId,
} from '../../schemas/audit-checks.js';
import type { Finding, Issue, IssueListQuery, TemplateFix } from '../../schemas/audit.js';
import { PRIORITIES } from '../../schemas/audit-terms.js';
import { encodeCursor, type CursorKey } from '../../schemas/common.js';
import type { JobKind, JobResultOf } from '../../schemas/jobs.js';
import { CRAWL_SETTINGS_DEFAULTS, type CrawlSettingsPatch } from '../../schemas/sites.js';
import type { Store } from '../../store/index.js';
import type { ListedFindingRow } from '../../store/repos/audit-repo.js';
import { NotFoundError } from '../errors.js';
import { requireSite } from '../sites/site-required.js';
import type { EventBus } from '../events.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { SettingsService } from '../settings/settings-service.js';
import { afterKey, idPage } from '../sort-cursor.js';
import type { CheckContext, PageEmbedder } from './check-sources.js';
import { codeFindings, scanFindings } from './code-check-runner.js';
import { healthScore } from './health-score.js';
import { recordFixes } from './template-fixes.js';

/** Audits read what a crawl writes: never while one runs on the site, and one at a time. */
export const AUDIT_EXCLUSIVE_WITH = ['crawl', 'audit'] as const satisfies readonly JobKind[];

const PRIORITY_RANK = Object.fromEntries(PRIORITIES.map((p, i) => [p, i])) as Record<
  Issue['priority'],
  number
>;

export class AuditService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly jobs: JobsService,
    private readonly settings: SettingsService,
    /** Embeds pages as the site's were (soft 404s read like the site's error pages); none without the model. */
    private readonly embedPages?: () => PageEmbedder | undefined,
  ) {}

  /** The user agent the crawl matched robots.txt groups with: the site's, or the one that crawl was started with. */
  private crawlUserAgent(siteId: number, override: CrawlSettingsPatch | undefined): string {
    const site = this.store.sites.get(siteId)!;
    return override?.user_agent ?? site.settings.user_agent ?? CRAWL_SETTINGS_DEFAULTS.user_agent;
  }

  thresholds(): AuditThresholds {
    const s = this.settings.get();
    return Object.fromEntries(
      Object.keys(AUDIT_THRESHOLDS).map((k) => [k, s[k as keyof AuditThresholds]]),
    ) as AuditThresholds;
  }

  /** Queues an audit of the site's latest crawl (409 while a crawl or an audit of it is queued or running). */
  schedule(siteId: number) {
    requireSite(this.store, siteId);
    return this.jobs.create({
      kind: 'audit',
      site_id: siteId,
      params: {},
      exclusive_with: AUDIT_EXCLUSIVE_WITH,
    });
  }

  /**
   * Runs every check over the site as stored now, for the latest finished crawl. The code checks that scan and
   * yield (the embedding outliers) run first; everything else runs in one transaction.
   */
  async run(siteId: number, signal?: AbortSignal): Promise<JobResultOf<'audit'>> {
    requireSite(this.store, siteId);
    const started = Date.now();
    const crawl = this.jobs.list({ limit: 1, site_id: siteId, kind: ['crawl'], status: ['succeeded'] })
      .items[0];
    const t = this.thresholds();
    const ctx: CheckContext = {
      siteId,
      thresholds: t,
      store: this.store,
      userAgent: this.crawlUserAgent(siteId, crawl?.kind === 'crawl' ? crawl.params.settings : undefined),
      genericAnchors: this.settings.get().audit_anchor_text_generic,
      embedPages: this.embedPages?.(),
    };
    const scanned = await scanFindings(ctx, signal);
    const runId = this.store.tx(() => {
      const id = this.store.audit.startRun(siteId, crawl?.id ?? null, t);
      for (const check of SQL_CHECK_IDS) this.store.audit.runSqlCheck(id, siteId, check, t);
      for (const { check, rows } of [...scanned, ...codeFindings(ctx)])
        this.store.audit.addFindings(id, check, rows);
      const populations = new Map<string, number>();
      const population = (p: (typeof CHECKS)[CheckId]['applies_to']) => {
        if (!populations.has(p)) populations.set(p, this.store.audit.population(siteId, p));
        return populations.get(p)!;
      };
      const fixes = recordFixes(this.store, id, siteId);
      this.store.audit.finishRun(
        id,
        siteId,
        Object.fromEntries(CHECK_IDS.map((c) => [c, population(CHECKS[c].applies_to)])) as Record<
          CheckId,
          number
        >,
        fixes,
      );
      return id;
    });
    const counts = this.store.audit.counts(runId);
    this.bus.emit('site.updated', { site_id: siteId, changes: ['audit'] });
    return {
      run_id: runId,
      crawl_job_id: crawl?.id ?? null,
      checks: counts.filter((c) => c.urls > 0).length,
      findings: counts.reduce((n, c) => n + c.urls, 0),
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  }

  /** Every check of the latest run as an issue (with no run yet, every check with no URL). */
  private allIssues(siteId: number): {
    issues: Issue[];
    run: ReturnType<Store['audit']['latestRun']>;
    /** The HTML pages answering 200 the run looked at: the site's size in the health score. */
    htmlPages: number;
  } {
    const run = this.store.audit.latestRun(siteId);
    const counts = new Map((run ? this.store.audit.counts(run.id) : []).map((c) => [c.check_id, c]));
    const templates = new Map<CheckId, TemplateFix[]>();
    for (const { check_id, ...fix } of run ? this.store.audit.templateFixes(run.id) : [])
      templates.set(check_id, [...(templates.get(check_id) ?? []), fix]);
    const muted = this.store.audit.mutes(siteId);
    const thresholds = run?.thresholds ?? this.thresholds();
    const issues = CHECK_IDS.map((check): Issue => {
      const def = CHECKS[check];
      const c = counts.get(check);
      return {
        check,
        category: def.category,
        severity: def.severity,
        priority: def.priority,
        title: def.title,
        description: def.description,
        urls: c?.urls ?? 0,
        share: c && c.population > 0 ? Math.min(1, Math.round((c.urls / c.population) * 10_000) / 10_000) : 0,
        // A run from before templates were found counts a fix per URL.
        fixes: c ? (c.fixes ?? c.urls) : 0,
        templates: templates.get(check) ?? [],
        muted: muted.has(check),
        evidence: def.evidence,
        thresholds: Object.fromEntries((def.thresholds ?? []).map((k) => [k, thresholds[k]])),
      };
    });
    const htmlPages = [...counts.values()].find((c) => CHECKS[c.check_id].applies_to === 'html_pages');
    return { issues, run, htmlPages: htmlPages?.population ?? 0 };
  }

  /** Issues by priority, then by URL count, then by id; a keyset cursor on that order. */
  issues(siteId: number, q: IssueListQuery & { cursor?: CursorKey | undefined }) {
    requireSite(this.store, siteId);
    const { issues, run } = this.allIssues(siteId);
    const key = (i: Issue): [number, number, string] => [PRIORITY_RANK[i.priority], -i.urls, i.check];
    const after = q.cursor as [number, number, string] | undefined;
    const listed = issues
      .filter(
        (i) =>
          (q.include_empty || i.urls > 0) &&
          (q.include_muted || !i.muted) &&
          (!q.severity || q.severity.includes(i.severity)) &&
          (!q.priority || q.priority.includes(i.priority)) &&
          (!q.category || q.category.includes(i.category)),
      )
      .sort((a, b) => compareKeys(key(a), key(b)))
      .filter((i) => !after || compareKeys(key(i), after) > 0);
    const items = listed.slice(0, q.limit);
    return {
      items,
      next_cursor: listed.length > q.limit ? encodeCursor(key(items.at(-1)!)) : null,
      audited_at: run?.created_at ?? null,
      crawl_job_id: run?.crawl_job_id ?? null,
      crawl_number: run?.crawl_job_id ? this.store.jobs.crawlNumber(run.crawl_job_id) : null,
    };
  }

  /** The URLs a check lists, with their evidence, by URL id (those a template fix covers, or the others). */
  findings(
    siteId: number,
    check: CheckId,
    q: { limit: number; cursor?: CursorKey | undefined; in_template?: boolean | undefined },
  ) {
    requireSite(this.store, siteId);
    const run = this.store.audit.latestRun(siteId);
    if (!run) return { items: [], next_cursor: null };
    const rows = this.store.audit.findings(
      run.id,
      check,
      afterKey(q.cursor, 'number') ?? 0,
      q.limit + 1,
      q.in_template,
    );
    const { page, next_cursor } = idPage(
      rows.map((r) => ({ ...r, id: r.url_id })),
      q.limit,
    );
    return { items: page.map((r): Finding => toFinding(r)), next_cursor };
  }

  /** Every finding of a check in the latest audit, `size` at a time (for exports). */
  *findingPages(siteId: number, check: CheckId, size: number): Generator<Finding[]> {
    const run = this.store.audit.latestRun(siteId);
    if (!run) return;
    for (let after = 0; ;) {
      const rows = this.store.audit.findings(run.id, check, after, size);
      if (rows.length) yield rows.map(toFinding);
      if (rows.length < size) return;
      after = rows.at(-1)!.url_id;
    }
  }

  /** A page's findings in the site's latest audit. */
  pageIssues(pageId: number) {
    const page = this.store.pages.get(pageId);
    if (!page) throw new NotFoundError(`No page with id ${pageId}.`);
    const run = this.store.audit.latestRun(page.site_id);
    const rows = run ? this.store.audit.ofPage(run.id, pageId) : [];
    const muted = this.store.audit.mutes(page.site_id);
    return {
      items: rows
        .map((r) => ({
          ...toFinding(r),
          category: CHECKS[r.check_id].category,
          severity: CHECKS[r.check_id].severity,
          priority: CHECKS[r.check_id].priority,
          title: CHECKS[r.check_id].title,
          muted: muted.has(r.check_id),
        }))
        .sort(
          (a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.check.localeCompare(b.check),
        ),
      audited_at: run?.created_at ?? null,
    };
  }

  mute(siteId: number, check: CheckId, muted: boolean): Issue {
    requireSite(this.store, siteId);
    if (muted) this.store.audit.mute(siteId, check);
    else this.store.audit.unmute(siteId, check);
    this.bus.emit('site.updated', { site_id: siteId, changes: ['audit'] });
    return this.allIssues(siteId).issues.find((i) => i.check === check)!;
  }

  /** The health score of the latest audit, or null before the first. */
  health(siteId: number): { score: number; audited_at: string; issues: number; fixes: number } | null {
    const { issues, run, htmlPages } = this.allIssues(siteId);
    if (!run) return null;
    const counted = issues.filter((i) => i.urls > 0 && !i.muted);
    return {
      score: healthScore(issues, htmlPages),
      audited_at: run.created_at,
      issues: counted.length,
      fixes: counted.reduce((n, i) => n + i.fixes, 0),
    };
  }
}

function compareKeys(a: readonly (number | string)[], b: readonly (number | string | null)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i] ?? '';
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

const toFinding = (r: ListedFindingRow): Finding => ({
  check: r.check_id,
  url: r.url,
  page_id: r.page_id,
  title: r.title,
  template_id: r.template_id,
  evidence: r.evidence,
});
