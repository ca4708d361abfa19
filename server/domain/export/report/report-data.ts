/**
 * Everything the site report shows, gathered from the store as counts plus a bounded number of examples per
 * section: the report of a very large site reads aggregates, never whole tables.
 */
import type { Store } from '../../../store/index.js';
import type { Count } from '../../../store/views/site-stats-view.js';
import type { ReportMemberRow } from '../../../store/views/report-view.js';
import { CHECK_IDS, CHECKS, type CheckId } from '../../../schemas/audit-checks.js';
import { PRIORITIES, type Priority } from '../../../schemas/audit-terms.js';
import { sourcesFromBits } from '../../../schemas/crawl.js';
import { requireSite } from '../../sites/site-required.js';
import { cellOf } from '../audit-exports.js';

/** How many rows each list shows; the counts are always complete. */
export const REPORT_LIMITS = {
  examples: 10,
  clusters: 25,
  members: 10,
  orphans: 50,
  otherUrlExamples: 10,
  gscPages: 25,
} as const;

/** Search Console figures, when the site has any (the analytics area provides them). */
export interface ReportGscSource {
  hasData(siteId: number): boolean;
  pagesWithData(siteId: number): number;
  /** The pages with the most clicks, best first, in insertion order. */
  topPages(
    siteId: number,
    limit: number,
  ): Map<number, { clicks: number; impressions: number; ctr: number; position: number }>;
}

/** A check of the site audit with findings, as the report shows it: its priority, advice and first URLs. */
export interface ReportIssue {
  key: CheckId;
  label: string;
  severity: Priority;
  advice: string;
  count: number;
  examples: { url: string; detail: string | null }[];
}

export interface ReportData {
  generated_at: string;
  version: string;
  site: { id: number; name: string; start_url: string };
  summary: {
    pages: number;
    html_pages: number;
    indexable: number;
    redirects: number;
    errors: number;
    blocked: number;
    embedded: number;
    last_crawl_at: string | null;
    response_ms: { p50: number | null; p95: number | null; mean: number | null; max: number | null };
  };
  charts: { status_codes: Count[]; depths: Count[]; indexability: Count[] };
  /** The latest audit's checks that are issues or warnings, not muted, worst first; null before the first audit. */
  issues: ReportIssue[] | null;
  similarity: {
    analyzed_at: string | null;
    outcomes: { duplicate: number; merge: number; related: number };
    cluster_count: number;
    clusters: {
      id: number;
      label: string;
      size: number;
      mean_reranker: number;
      representative_url: string | null;
      members: ReportMemberRow[];
    }[];
  };
  orphans: {
    count: number;
    rows: { url: string; title: string | null; status_code: number | null; sources: string[] }[];
  };
  other_urls: { reason: string; count: number; examples: { url: string; status_code: number | null }[] }[];
  gsc: {
    pages_with_data: number;
    top_pages: {
      url: string;
      title: string | null;
      clicks: number;
      impressions: number;
      ctr: number;
      position: number;
    }[];
  } | null;
}

export function collectReport(
  store: Store,
  siteId: number,
  opts: { version: string; gsc: ReportGscSource | null },
): ReportData {
  const site = requireSite(store, siteId);
  const stats = store.siteStats.get(siteId);
  const summary = store.siteStats.summary(siteId);
  const times = store.report.responseTimes(siteId);
  const r = store.report;

  const outcomes = { duplicate: 0, merge: 0, related: 0 };
  for (const o of r.pairOutcomes(siteId)) outcomes[o.key as keyof typeof outcomes] = o.count;
  const clusters = r.clusters(siteId, REPORT_LIMITS.clusters);
  const orphans = r.orphans(siteId, REPORT_LIMITS.orphans);

  return {
    generated_at: new Date().toISOString(),
    version: opts.version,
    site: { id: site.id, name: site.name, start_url: site.start_url },
    summary: {
      pages: stats.pages,
      html_pages: stats.html_pages,
      indexable: summary.indexability.find((c) => c.key === 'indexable')?.count ?? 0,
      redirects: stats.redirects,
      errors: stats.errors,
      blocked: stats.blocked,
      embedded: stats.embedded,
      last_crawl_at: stats.last_crawl_at,
      response_ms: {
        ...summary.response_ms,
        mean: times.mean === null ? null : Math.round(times.mean),
        max: times.max,
      },
    },
    charts: {
      status_codes: summary.status_codes,
      depths: summary.depths,
      indexability: summary.indexability,
    },
    issues: auditIssues(store, siteId),
    similarity: {
      analyzed_at: r.similarityRun(siteId)?.analyzed_at ?? null,
      outcomes,
      cluster_count: clusters.count,
      clusters: clusters.rows.map((c) => ({ ...c, members: r.clusterMembers(c.id, REPORT_LIMITS.members) })),
    },
    orphans: {
      count: orphans.count,
      rows: orphans.rows.map((o) => ({
        url: o.url,
        title: o.title,
        status_code: o.status_code,
        sources: sourcesFromBits(o.sources),
      })),
    },
    other_urls: r.otherUrlReasons(siteId).map(({ key, count }) => ({
      reason: key,
      count,
      examples: store.otherUrls
        .list(siteId, [key], 0, 0, REPORT_LIMITS.otherUrlExamples)
        .map((u) => ({ url: u.url, status_code: u.status_code })),
    })),
    gsc: gscSection(store, siteId, opts.gsc),
  };
}

function gscSection(store: Store, siteId: number, gsc: ReportGscSource | null): ReportData['gsc'] {
  if (!gsc || !gsc.hasData(siteId)) return null;
  return {
    pages_with_data: gsc.pagesWithData(siteId),
    top_pages: [...gsc.topPages(siteId, REPORT_LIMITS.gscPages)].flatMap(([id, f]) => {
      const url = store.urls.byId(id)?.url;
      return url ? [{ url, title: store.pages.get(id)?.title ?? null, ...f }] : [];
    }),
  };
}

const RANK = Object.fromEntries(PRIORITIES.map((p, i) => [p, i])) as Record<Priority, number>;

/**
 * The report's issues are the site audit's: the checks of severity issue or warning (notices are for the analyst,
 * not the client's report), muted ones left out, in the issue list's order (priority, URLs, id), each with its
 * first URLs and evidence.
 */
function auditIssues(store: Store, siteId: number): ReportIssue[] | null {
  const run = store.audit.latestRun(siteId);
  if (!run) return null;
  const muted = store.audit.mutes(siteId);
  const counts = new Map(store.audit.counts(run.id).map((c) => [c.check_id, c.urls]));
  return CHECK_IDS.filter((id) => CHECKS[id].severity !== 'notice' && !muted.has(id))
    .map((id) => ({
      key: id,
      label: CHECKS[id].title,
      severity: CHECKS[id].priority,
      advice: CHECKS[id].description,
      count: counts.get(id) ?? 0,
      examples: store.audit.findings(run.id, id, 0, REPORT_LIMITS.examples).map((f) => {
        const detail = cellOf(f.evidence);
        return { url: f.url, detail: detail === null || detail === '' ? null : String(detail) };
      }),
    }))
    .sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.count - a.count || (a.key < b.key ? -1 : 1));
}
