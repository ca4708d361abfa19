/**
 * Target resource (`targets` router): one piece of work a campaign proposes (new content, a refresh, a merge,
 * internal links), with the score, the plain-words rationale and the evidence behind it.
 */
import { z } from 'zod';
import { Id, PaginationQuery, Problem, Timestamp, pageOf, repeatable } from './common.js';

export const TARGET_KINDS = ['new_content', 'refresh', 'merge', 'internal_link'] as const;
export const TargetKind = z.enum(TARGET_KINDS);
export type TargetKind = z.infer<typeof TargetKind>;

export const TARGET_STATUSES = ['proposed', 'accepted', 'rejected', 'in_progress', 'done'] as const;
export const TargetStatus = z.enum(TARGET_STATUSES);
export type TargetStatus = z.infer<typeof TargetStatus>;

export const TARGET_SOURCES = ['expand', 'rebuild', 'manual'] as const;
export const TargetSource = z.enum(TARGET_SOURCES);
export type TargetSource = z.infer<typeof TargetSource>;

/** What produced a target: the signal on the site (or the analyst) it answers. */
export const EVIDENCE_ORIGINS = [
  'seed_topic',
  'search_query',
  'similarity_cluster',
  'thin_page',
  'declining_page',
  'orphan_page',
  'new_page',
  'related_pages',
  'manual',
] as const;
export const EvidenceOrigin = z.enum(EVIDENCE_ORIGINS);
export type EvidenceOrigin = z.infer<typeof EvidenceOrigin>;

export const GscFigures = z
  .object({
    clicks: z.number(),
    impressions: z.number(),
    ctr: z.number(),
    position: z.number(),
  })
  .meta({ id: 'GscFigures', description: 'Search Console totals for the imported or synced period.' });
export type GscFigures = z.infer<typeof GscFigures>;

export const EVIDENCE_PAGE_ROLES = ['subject', 'closest', 'keep', 'merge', 'link_from'] as const;
export const EvidencePage = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string().nullable(),
  h1: z.string().nullable(),
  role: z.enum(EVIDENCE_PAGE_ROLES).meta({
    description:
      '`subject`: the page the target is about; `closest`: an existing page nearest a new topic; `keep` / `merge`: the page to keep and those to fold into it; `link_from`: a page that should link to the subject.',
  }),
  score: z
    .number()
    .nullable()
    .meta({ description: 'Its similarity to the topic or to the subject, if any.' }),
  word_count: z.number().int(),
  inlinks: z.number().int(),
  gsc: GscFigures.nullable(),
});
export type EvidencePage = z.infer<typeof EvidencePage>;

export const TargetEvidence = z
  .object({
    origin: EvidenceOrigin,
    pages: z.array(EvidencePage),
    scores: z
      .record(z.string(), z.number())
      .meta({ description: 'The figures the score was computed from, by name.' }),
    gsc: GscFigures.extend({
      recent_clicks: z.number().optional(),
      previous_clicks: z.number().optional(),
    })
      .nullable()
      .meta({
        description: 'Search Console figures of the query or page(s); null without Search Console data.',
      }),
    stale: z
      .boolean()
      .meta({ description: 'A page the target is about is gone (not found at the last crawl).' }),
    vanished_page_ids: z.array(z.number().int()),
    computed_at: Timestamp,
  })
  .meta({ id: 'TargetEvidence' });
export type TargetEvidence = z.infer<typeof TargetEvidence>;

export const Target = z
  .object({
    id: z.number().int(),
    campaign_id: z.number().int(),
    kind: TargetKind,
    title: z.string(),
    query: z.string().nullable(),
    page_id: z.number().int().nullable(),
    related_page_ids: z.array(z.number().int()),
    status: TargetStatus,
    score: z.number().nullable().meta({ description: 'Priority in [0, 1]; higher first.' }),
    rationale: z.string().meta({ description: 'Why this target, in plain words.' }),
    evidence: TargetEvidence.nullable(),
    notes: z.string(),
    source: TargetSource,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Target' });
export type Target = z.infer<typeof Target>;

const Title = z.string().trim().min(1, 'is required').max(500, 'is longer than 500 characters');
const Query = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(500, 'is longer than 500 characters')
  .nullable();
const Notes = z.string().max(10_000, 'is longer than 10000 characters');

/**
 * The statuses a target may be added with: an idea to consider, or one already decided on. Later statuses are
 * reached through PATCH, along the transition table, so a target cannot skip it by being created there.
 */
export const TARGET_START_STATUSES = ['proposed', 'accepted'] as const;

export const TargetCreate = z
  .strictObject({
    campaign_id: Id,
    kind: TargetKind,
    title: Title,
    query: Query.optional(),
    page_id: Id.nullable().optional(),
    related_page_ids: z
      .array(Id)
      .max(100, 'has more than 100 pages')
      .optional()
      .meta({ description: 'Pages other than `page_id`, each once.' }),
    status: z
      .enum(TARGET_START_STATUSES, {
        error: 'must be proposed or accepted; later statuses are reached by PATCH /api/targets/{target_id}',
      })
      .optional()
      .meta({ description: '`proposed` (default) or `accepted`.' }),
    notes: Notes.optional(),
  })
  .superRefine((t, ctx) => {
    const seen = new Set<number>();
    t.related_page_ids?.forEach((id, i) => {
      const message =
        id === t.page_id
          ? 'is page_id itself; list only the other pages'
          : seen.has(id)
            ? 'is listed twice'
            : null;
      if (message) ctx.addIssue({ code: 'custom', path: ['related_page_ids', i], message });
      seen.add(id);
    });
  })
  .meta({ id: 'TargetCreate' });
export type TargetCreate = z.infer<typeof TargetCreate>;

export const TargetPatch = z
  .strictObject({
    status: TargetStatus.optional(),
    notes: Notes.optional(),
    title: Title.optional(),
    query: Query.optional(),
  })
  .meta({ id: 'TargetPatch' });
export type TargetPatch = z.infer<typeof TargetPatch>;

export const TARGET_SORTS = ['-score', 'score', 'id', '-id', 'created_at', '-created_at'] as const;
export const TargetListQuery = PaginationQuery.extend({
  campaign_id: Id,
  status: repeatable(TargetStatus).optional(),
  kind: repeatable(TargetKind).optional(),
  sort: z.enum(TARGET_SORTS).default('-score').meta({ description: 'Default `-score` (best first).' }),
});
export type TargetListQuery = z.infer<typeof TargetListQuery>;
export const TargetList = pageOf(Target);
export const TargetParams = z.strictObject({ target_id: Id });

/** The 409 an illegal status change answers: the problem plus where the target may go from here. */
export const TransitionProblem = Problem.extend({
  from: TargetStatus,
  to: TargetStatus,
  allowed: z.array(TargetStatus),
}).meta({ id: 'TransitionProblem' });
