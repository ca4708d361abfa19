/**
 * The site audit's API shapes: issues (a check with its count, share and mute), findings (a URL with its
 * evidence), a page's findings and the health score. The checks are the catalogue in `audit-checks.ts`.
 */
import { z } from 'zod';
import { CHECK_IDS, type CheckId } from './audit-checks.js';
import { AuditCategory, EVIDENCE_KINDS, Evidence, Priority, Severity } from './audit-terms.js';
import { Id, PaginationQuery, QueryBoolean, pageOf, repeatable } from './common.js';

const CheckIdSchema = z
  .enum(CHECK_IDS as [CheckId, ...CheckId[]])
  .meta({ description: 'Stable id of the check (`broken_internal_link`, …); see docs/audit.md.' });

export const TemplateFix = z
  .object({
    template_id: z
      .number()
      .int()
      .meta({ description: 'The template, as the crawl the audit read numbered it.' }),
    label: z.string().meta({
      description:
        'What its pages share: a directory, a title pattern, the generator; a variant adds its content element.',
    }),
    pages: z.number().int().meta({ description: 'Pages of the template.' }),
    urls: z
      .number()
      .int()
      .meta({ description: 'Of the issue’s URLs, those in this template: fixed at once.' }),
    example_url: z.string().meta({ description: 'One of them, to open and see the fault.' }),
  })
  .meta({ id: 'TemplateFix' });
export type TemplateFix = z.infer<typeof TemplateFix>;

export const Issue = z
  .object({
    check: CheckIdSchema,
    category: AuditCategory,
    severity: Severity,
    priority: Priority,
    title: z.string(),
    description: z.string().meta({ description: 'Why it matters and how to fix it.' }),
    urls: z.number().int().meta({ description: 'URLs the check lists (as many as its URL list has).' }),
    share: z.number().meta({ description: 'Those URLs as a share of the URLs the check applies to, 0–1.' }),
    fixes: z.number().int().meta({
      description:
        'Separate fixes the URLs take: one per template in `templates`, one per URL outside them (docs/audit.md, "Fixes").',
    }),
    templates: z.array(TemplateFix).meta({
      description:
        'Templates at least 90 % of whose pages carry the finding: fix each once in the template. Largest first.',
    }),
    muted: z.boolean(),
    evidence: z
      .enum(EVIDENCE_KINDS)
      .meta({ description: 'The shape of its findings’ evidence (`Evidence…`).' }),
    thresholds: z.record(z.string(), z.number()).meta({ description: 'The settings the check used.' }),
  })
  .meta({ id: 'Issue' });
export type Issue = z.infer<typeof Issue>;

export const IssueList = pageOf(Issue)
  .extend({
    audited_at: z.string().nullable().meta({ description: 'When the audit ran; null before the first.' }),
    crawl_job_id: z.number().int().nullable().meta({ description: 'The crawl the findings are of.' }),
    crawl_number: z.number().int().nullable().meta({
      description: 'That crawl’s place among its site’s crawls (“Crawl 3”); null before the first audit.',
    }),
  })
  .meta({ id: 'IssueList' });

export const IssueListQuery = PaginationQuery.extend({
  severity: repeatable(Severity).optional(),
  priority: repeatable(Priority).optional(),
  category: repeatable(AuditCategory).optional(),
  include_muted: QueryBoolean.default(true).meta({
    description: 'Muted checks are listed with `muted: true` unless this is false.',
  }),
  include_empty: QueryBoolean.default(false).meta({ description: 'Also list checks with no finding.' }),
});
export type IssueListQuery = z.infer<typeof IssueListQuery>;

export const Finding = z
  .object({
    check: CheckIdSchema,
    url: z.string(),
    page_id: z.number().int().nullable(),
    title: z.string().nullable().meta({ description: 'The page’s title; null without a page or a title.' }),
    template_id: z.number().int().nullable().meta({
      description:
        'The template (one of the issue’s `templates`) whose fix covers this URL; null when the URL is a fix of its own.',
    }),
    evidence: Evidence.meta({
      description: 'What proves the finding, in the shape the issue’s `evidence` names.',
    }),
  })
  .meta({ id: 'Finding' });
export type Finding = z.infer<typeof Finding>;
export const FindingList = pageOf(Finding).meta({ id: 'FindingList' });

export const FindingListQuery = PaginationQuery.extend({
  in_template: QueryBoolean.optional().meta({
    description:
      'true: only the URLs a template fix covers (`template_id` set); false: only those that are fixes of their own.',
  }),
});
export type FindingListQuery = z.infer<typeof FindingListQuery>;

export const IssueParams = z.strictObject({
  site_id: Id,
  check: CheckIdSchema,
});
export const PageIssueParams = z.strictObject({ page_id: Id });

export const PageIssue = Finding.extend({
  category: AuditCategory,
  severity: Severity,
  priority: Priority,
  title: z.string(),
  muted: z.boolean(),
}).meta({ id: 'PageIssue' });
export const PageIssueList = z
  .object({ items: z.array(PageIssue), audited_at: z.string().nullable() })
  .meta({ id: 'PageIssueList' });

export const AuditHealth = z
  .object({
    score: z.number().int().min(0).max(100).meta({ description: 'Site health, 0–100 (see docs/audit.md).' }),
    issues: z.number().int().meta({ description: 'Checks with findings, muted ones left out.' }),
    fixes: z.number().int().meta({
      description: 'Separate fixes those checks take: a template fault is one (docs/audit.md, "Fixes").',
    }),
    audited_at: z.string(),
  })
  .meta({ id: 'AuditHealth' });
