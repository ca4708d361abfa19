/**
 * Crawl history: snapshots of a site's pages per finished crawl, the changes between two of them, and one page's
 * states crawl by crawl (docs/history.md).
 */
import { z } from 'zod';
import { ExtractValue } from './extraction.js';
import { Cursor, Id, Limit, Timestamp, pageOf, repeatable } from './common.js';
import { INDEXABILITY_REASONS } from './pages.js';

export const CHANGE_KINDS = [
  'added',
  'removed',
  'status_changed',
  'redirect_changed',
  'title_changed',
  'meta_description_changed',
  'h1_changed',
  'canonical_changed',
  'indexability_changed',
  'content_changed',
  'inlinks_changed',
  'depth_changed',
  'extract_changed',
  'issue_added',
  'issue_fixed',
  'issue_gone',
] as const;
export const ChangeKind = z.enum(CHANGE_KINDS).meta({ id: 'ChangeKind' });
export type ChangeKind = z.infer<typeof ChangeKind>;

export const Snapshot = z
  .object({
    crawl_id: Id,
    crawl_number: z.number().int().nullable().meta({
      description: 'The crawl’s place among its site’s crawls (“Crawl 3”), as the crawl job has it.',
    }),
    finished_at: Timestamp,
    urls: z
      .number()
      .int()
      .meta({ description: 'Pages (fetched URLs, redirects and errors included) it holds.' }),
    changed: z.number().int().meta({ description: 'URLs whose state differed from the snapshot before.' }),
  })
  .meta({ id: 'Snapshot' });
export type Snapshot = z.infer<typeof Snapshot>;

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

export const PageState = z
  .object({
    status_code: nullableInt,
    fetch_error: nullableString,
    redirect_target: nullableString,
    title: nullableString,
    meta_description: nullableString,
    h1: nullableString,
    canonical_url: nullableString,
    indexable: z.boolean().nullable(),
    indexability_reason: nullableString,
    word_count: nullableInt,
    content_hash: nullableString,
    inlinks: nullableInt,
    outlinks: nullableInt,
    depth: nullableInt,
    extract: z.record(z.string(), ExtractValue).nullable().meta({
      description:
        'The custom extraction values by rule name (null: the site had no rules). On an `extract_changed` side, only the rules whose value changed.',
    }),
  })
  .meta({ id: 'PageState' });
export type PageState = z.infer<typeof PageState>;

/** The fields a change is about, on one side; `cosine` on a content change's `after` when it is known. */
export const ChangeSide = PageState.partial()
  .extend({
    cosine: z.number().nullable().optional().meta({
      description:
        'Cosine between the page’s embeddings before and after (1: same meaning; a typo fix stays near 1, a rewrite drops). Null until the embedding job has run.',
    }),
  })
  .meta({ id: 'ChangeSide' });
export type ChangeSide = z.infer<typeof ChangeSide>;

export const Change = z
  .object({
    url: z.string(),
    page_id: Id.nullable().meta({ description: 'The page now; null when the URL is no longer a page.' }),
    change: ChangeKind,
    check: z.string().nullable().meta({ description: 'The audit check of an issue change; null otherwise.' }),
    before: ChangeSide.nullable(),
    after: ChangeSide.nullable(),
  })
  .meta({ id: 'Change' });
export type Change = z.infer<typeof Change>;

export const ChangeSummary = z.record(ChangeKind, z.number().int()).meta({ id: 'ChangeSummary' });
export type ChangeSummary = z.infer<typeof ChangeSummary>;

export const ChangesQuery = z.strictObject({
  from: Id.optional().meta({ description: 'The earlier crawl (default: the snapshot before `to`).' }),
  to: Id.optional().meta({ description: 'The later crawl (default: the latest snapshot).' }),
  change: repeatable(ChangeKind).optional(),
  limit: Limit,
  cursor: Cursor,
});
export type ChangesQuery = z.infer<typeof ChangesQuery>;

/**
 * Issues that went away with their page (`issue_gone`), by what the page is now: an issue is not fixed when its
 * page left the site or stopped being an indexable page.
 */
export const IssuesGone = z
  .object({
    page_now: z.enum(['not_crawled', ...INDEXABILITY_REASONS]).meta({
      description:
        'What the pages are now: `not_crawled` (no link or sitemap leads to them any more), or why they are not indexable (`client_error` for a 404 or 410, `redirect`, `server_error`, `fetch_error`, `noindex`, `canonicalised`, `non_html`).',
    }),
    status_code: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Their status code now; null when not crawled or failed.' }),
    pages: z.number().int(),
    issues: z.number().int(),
  })
  .meta({ id: 'IssuesGone' });
export type IssuesGone = z.infer<typeof IssuesGone>;

export const ChangeList = pageOf(Change)
  .extend({
    from: Snapshot,
    to: Snapshot,
    summary: ChangeSummary.meta({
      description: 'Changes of each kind between the two crawls, whatever the filter.',
    }),
    issues_compared: z.boolean().meta({
      description:
        'False when one of the crawls has no audit: issue_added, issue_fixed and issue_gone are then not listed.',
    }),
    issues_gone: z.array(IssuesGone).meta({
      description:
        'The `issue_gone` changes by what their pages are now, most issues first (whatever the filter).',
    }),
  })
  .meta({ id: 'ChangeList' });
export type ChangeList = z.infer<typeof ChangeList>;

export const SnapshotList = pageOf(Snapshot).meta({ id: 'SnapshotList' });

export const PageHistoryEntry = z
  .object({
    crawl_id: Id,
    crawl_number: z.number().int().nullable().meta({
      description: 'The crawl’s place among its site’s crawls (“Crawl 3”), as the crawl job has it.',
    }),
    finished_at: Timestamp,
    present: z
      .boolean()
      .meta({ description: 'False: the URL was not among the site’s pages at this crawl.' }),
    state: PageState.nullable(),
    changes: z
      .array(ChangeKind)
      .meta({ description: 'What changed since the crawl before (issues excluded).' }),
  })
  .meta({ id: 'PageHistoryEntry' });

export const PageHistory = z
  .object({ page_id: Id, url: z.string(), items: z.array(PageHistoryEntry) })
  .meta({ id: 'PageHistory' });
export type PageHistory = z.infer<typeof PageHistory>;
