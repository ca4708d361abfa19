/** Job resource: long work (crawl, embed, analysis, sync, campaign actions) stored in SQLite. */
import { z } from 'zod';
import type { CampaignAction } from './campaigns.js';
import { Id, PaginationQuery, Timestamp, pageOf, repeatable } from './common.js';
import { IdeaCheckResult, IdeaCheckStart } from './embeddings.js';
import { PROBLEM_TYPES } from './problems.js';
import { AnalyzeRequest } from './similarity.js';
import { CrawlSettingsOverride } from './sites.js';
import { TargetKind } from './targets.js';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

export const FINISHED_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

export const JobProgress = z.object({
  phase: z.string(),
  done: z.number(),
  total: z.number().nullable(),
  message: z.string(),
  rate: z.number().nullable().optional().meta({
    description:
      'While the job runs: `done` per second over its last 30 s (job-rate.ts), so a stall or a burst shows within half a minute and one slow page does not make it jump; null while fewer than 5 s of this phase are measured. Absent on a job that is not running.',
  }),
  eta_seconds: z.number().int().nullable().optional().meta({
    description:
      'While the job runs: seconds left for `total − done` at `rate` (a crawl’s total grows as it finds URLs, so this is the time left for what is known); null while `rate` is.',
  }),
});
export type JobProgress = z.infer<typeof JobProgress>;

export const JobError = z.object({
  type: z.enum(PROBLEM_TYPES as [string, ...string[]]),
  detail: z.string(),
  retryable: z.boolean(),
});
export type JobError = z.infer<typeof JobError>;

/**
 * The job kinds, one registry: each kind's name with the schema of its `params` (what starting it stores) and of
 * its `result` (what it reports when it succeeds). Names are snake_case like every other enum of the API. The
 * runner parses a job's params with its kind's schema before running it, so a bad row fails the job with the
 * reason instead of reaching the kind through a cast.
 */
const Count = z.number().int().min(0);

const CrawlParams = z.object({
  mode: z.enum(['spider', 'list']),
  urls: z.array(z.string()).optional(),
  settings: CrawlSettingsOverride.optional(),
  // Absent on crawls a person started; history and the scheduler's missed-run rule read these two.
  trigger: z.literal('schedule').optional().meta({
    description: 'Set when the site’s `crawl_schedule` started the crawl; absent when a person did.',
  }),
  scheduled_for: Timestamp.optional().meta({
    description: 'The scheduled time the crawl ran for (the latest one that had passed, for a missed run).',
  }),
});
const CrawlResult = z.object({
  fetched: Count,
  errors: Count,
  trap_urls: Count.meta({ description: 'URLs the spider-trap rules kept from the queue.' }),
  not_crawled: Count,
  urls_removed: Count.meta({ description: 'URL rows removed: not reached again and known to nothing else.' }),
  pages_removed: Count,
  swept: Count.meta({
    description: 'The same as `urls_removed`; its first name, kept for clients that read it.',
  }),
  max_depth: Count,
  redirect_loops: Count,
  seconds: z.number(),
  pages_per_second: z.number(),
  // Optional: crawls from before #35 fetched no resources.
  resources_checked: Count.optional().meta({
    description:
      'Resources (images, stylesheets, scripts, fonts) and external link targets checked after the pages.',
  }),
  external_unreachable: z.boolean().optional().meta({
    description:
      'No external host answered (an offline computer): external links and resources on other hosts were not checked, and the audit lists none of them.',
  }),
  // Optional: crawls that finished before notes existed have none.
  notes: z.array(z.string()).optional().meta({
    description:
      'What the analyst should know about how the crawl ran, e.g. a robots.txt Crawl-delay longer than Siteloupe waits.',
  }),
});

const SimilarityParams = z.object({ thresholds: AnalyzeRequest.shape.thresholds });
const SimilarityResult = z.object({
  candidates: Count,
  pairs: Count,
  duplicate: Count,
  merge: Count,
  related: Count,
  clusters: Count,
  reranker: z.string().meta({ description: 'Which reranker scored the pairs.' }),
});

// Sync requests are checked again when they run (limits may have tightened since), so this is only their shape.
const GscSyncParams = z.object({ property: z.string(), date_from: z.string(), date_to: z.string() });
/** What a sync has done so far: its checkpoint keeps these with the next week to fetch. */
export const GscSyncTotals = z.object({
  fetched: Count,
  stored: Count,
  changed: Count,
  urls_added: Count,
  requests: Count,
  retries: Count,
});
const GscSyncResult = GscSyncTotals.extend({ property: z.string(), chunks: Count });
const GscImportParams = z.object({
  upload: z.string().meta({ description: 'The kept upload’s file name in the data dir.' }),
  filename: z.string(),
  bytes: Count,
});
const GscImportResult = z.object({
  files: z.array(z.string()),
  skipped_files: z.array(z.string()),
  pages: Count,
  queries: Count,
  dates: Count,
  changed: Count,
  removed: Count,
  urls_added: Count,
  skipped_urls: Count,
});

const actionParams = <A extends CampaignAction>(action: A) => z.object({ action: z.literal(action) });
const AddedTargets = z.object({
  added: Count,
  candidates: Count,
  duplicates: Count,
  by_kind: z.record(TargetKind, Count),
});

export const JOB_KINDS = {
  crawl: { params: CrawlParams, result: CrawlResult },
  embed: {
    params: z.object({}),
    result: z.object({
      pages: Count,
      passages: Count,
      dropped: Count,
      model: z.string(),
      seconds: z.number(),
      /** New pages made searchable by their title and lead before their passages were embedded. */
      searchable_pages: Count.optional(),
      /** Seconds from the job's start until every new page was searchable. */
      searchable_seconds: z.number().optional(),
    }),
  },
  similarity: { params: SimilarityParams, result: SimilarityResult },
  audit: {
    params: z.object({}),
    result: z.object({
      run_id: z.number().int(),
      crawl_job_id: z.number().int().nullable().meta({ description: 'The crawl the audit is of.' }),
      checks: Count.meta({ description: 'Checks that found something.' }),
      findings: Count,
      seconds: z.number(),
    }),
  },
  gsc_sync: { params: GscSyncParams, result: GscSyncResult },
  gsc_import: { params: GscImportParams, result: GscImportResult },
  campaign_expand: { params: actionParams('expand'), result: AddedTargets },
  campaign_refresh: {
    params: actionParams('refresh'),
    result: z.object({ rescored: Count, stale: Count }),
  },
  campaign_rebuild: {
    params: actionParams('rebuild'),
    result: AddedTargets.extend({ removed: Count, kept: Count }),
  },
  extract_apply: {
    params: z.object({}),
    result: z.object({
      rules: Count.meta({ description: 'Main-text rules applied to the stored pages.' }),
      pages: Count,
      needs_recrawl: z.array(z.string()).meta({
        description:
          'Rules over html or rendered whose stored values are out of date: only a crawl updates them.',
      }),
      seconds: z.number(),
    }),
  },
  /**
   * axe-core's accessibility checks on the crawled HTML pages, fetched again and rendered
   * (`POST /sites/{site_id}/audit/accessibility`, domain/audit/a11y-check-service.ts).
   */
  accessibility: {
    params: z.object({
      best_practices: z
        .boolean()
        .meta({ description: 'Whether axe’s best practices ran besides WCAG A and AA.' }),
    }),
    result: z.object({
      pages: Count.meta({ description: 'HTML pages answering 200 in the crawl: those checked.' }),
      checked: Count.meta({ description: 'Pages axe-core checked; their results replace what they had.' }),
      skipped: Count.meta({
        description:
          'Pages robots.txt now disallows, or that no longer answer 200 with HTML: they keep their last result.',
      }),
      failed: Count.meta({ description: 'Pages that could not be fetched or rendered.' }),
      failing_pages: Count.meta({
        description: 'Pages of the site failing at least one accessibility rule now.',
      }),
      seconds: z.number(),
    }),
  },
  /**
   * An idea check run as a job (`POST /sites/{site_id}/idea-checks`): asked for while the site's passages are being
   * embedded, it waits for them; its answer is the result.
   */
  idea_check: {
    params: IdeaCheckStart,
    result: IdeaCheckResult,
  },
} as const satisfies Record<string, { params: z.ZodObject; result: z.ZodObject }>;

export type JobKind = keyof typeof JOB_KINDS;
export const JOB_KIND_NAMES = Object.keys(JOB_KINDS) as JobKind[];
export const JobKind = z.enum(JOB_KIND_NAMES as [JobKind, ...JobKind[]]);
export type JobParamsOf<K extends JobKind> = z.output<(typeof JOB_KINDS)[K]['params']>;
export type JobResultOf<K extends JobKind> = z.output<(typeof JOB_KINDS)[K]['result']>;

/** The job kind each campaign action runs as. */
export const CAMPAIGN_ACTION_KINDS = {
  expand: 'campaign_expand',
  refresh: 'campaign_refresh',
  rebuild: 'campaign_rebuild',
} as const satisfies Record<CampaignAction, JobKind>;
export type CampaignActionKind = (typeof CAMPAIGN_ACTION_KINDS)[CampaignAction];

const JobBase = z.object({
  id: z.number().int(),
  site_id: z.number().int().nullable(),
  campaign_id: z.number().int().nullable(),
  status: JobStatus,
  progress: JobProgress,
  error: JobError.nullable(),
  created_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
});

const jobOf = <K extends JobKind, P extends z.ZodObject, R extends z.ZodObject>(
  kind: K,
  spec: { params: P; result: R },
) =>
  JobBase.extend({
    kind: z.literal(kind),
    params: spec.params,
    result: spec.result.nullable().meta({ description: 'Set when the job succeeded.' }),
  });

export const JOB_SCHEMAS = {
  crawl: jobOf('crawl', JOB_KINDS.crawl)
    .extend({
      crawl_number: z.number().int().min(1).meta({
        description:
          'The crawl’s place among its site’s crawls (1, 2, 3 … in the order they were started, whatever their outcome): how every client names a crawl (“Crawl 3”), where the job id runs across all sites and kinds.',
      }),
    })
    .meta({ id: 'CrawlJob' }),
  embed: jobOf('embed', JOB_KINDS.embed).meta({ id: 'EmbedJob' }),
  similarity: jobOf('similarity', JOB_KINDS.similarity).meta({ id: 'SimilarityJob' }),
  audit: jobOf('audit', JOB_KINDS.audit).meta({ id: 'AuditJob' }),
  gsc_sync: jobOf('gsc_sync', JOB_KINDS.gsc_sync).meta({ id: 'GscSyncJob' }),
  gsc_import: jobOf('gsc_import', JOB_KINDS.gsc_import).meta({ id: 'GscImportJob' }),
  campaign_expand: jobOf('campaign_expand', JOB_KINDS.campaign_expand).meta({ id: 'CampaignExpandJob' }),
  campaign_refresh: jobOf('campaign_refresh', JOB_KINDS.campaign_refresh).meta({ id: 'CampaignRefreshJob' }),
  campaign_rebuild: jobOf('campaign_rebuild', JOB_KINDS.campaign_rebuild).meta({ id: 'CampaignRebuildJob' }),
  extract_apply: jobOf('extract_apply', JOB_KINDS.extract_apply).meta({ id: 'ExtractApplyJob' }),
  idea_check: jobOf('idea_check', JOB_KINDS.idea_check).meta({ id: 'IdeaCheckJob' }),
  accessibility: jobOf('accessibility', JOB_KINDS.accessibility).meta({ id: 'AccessibilityJob' }),
} satisfies { [K in JobKind]: z.ZodType<{ kind: K }> };

export const Job = z
  .discriminatedUnion('kind', [
    JOB_SCHEMAS.crawl,
    JOB_SCHEMAS.embed,
    JOB_SCHEMAS.similarity,
    JOB_SCHEMAS.audit,
    JOB_SCHEMAS.gsc_sync,
    JOB_SCHEMAS.gsc_import,
    JOB_SCHEMAS.campaign_expand,
    JOB_SCHEMAS.campaign_refresh,
    JOB_SCHEMAS.campaign_rebuild,
    JOB_SCHEMAS.extract_apply,
    JOB_SCHEMAS.idea_check,
    JOB_SCHEMAS.accessibility,
  ])
  .meta({ id: 'Job', description: 'A job; `params` and `result` depend on its `kind`.' });
export type Job = z.infer<typeof Job>;
export type JobOf<K extends JobKind> = z.output<(typeof JOB_SCHEMAS)[K]>;
/** Narrows a job read from a list of several kinds to its kind's type. */
export const isJobOf = <K extends JobKind>(job: Job, kind: K): job is JobOf<K> => job.kind === kind;
/** A job that succeeded: its kind's result is there. */
export type Succeeded<J extends Job> = J & { status: 'succeeded'; result: NonNullable<J['result']> };

export const JobListQuery = PaginationQuery.extend({
  site_id: Id.optional(),
  campaign_id: Id.optional(),
  kind: repeatable(JobKind).optional(),
  status: repeatable(JobStatus).optional(),
});
export type JobListQuery = z.infer<typeof JobListQuery>;

export const JobList = pageOf(Job);
export const JobParams = z.strictObject({ job_id: Id });
