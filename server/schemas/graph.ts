/** The link graph and the site summary (`graph` and `sites` routers). */
import { AuditHealth } from './audit.js';
import { z } from 'zod';
import { Cursor, Id, QueryBoolean, repeatable } from './common.js';
import { EDGE_KINDS, EdgeKind } from './crawl.js';
import { PageTypeSchema } from './pages.js';

export const GraphNode = z
  .object({
    id: z.number().int(),
    url: z.string(),
    title: z.string().nullable(),
    status_code: z.number().int().nullable(),
    depth: z.number().int().nullable(),
    inlinks: z.number().int(),
    outlinks: z.number().int(),
    orphan: z.boolean(),
    cluster_id: z.number().int().nullable(),
    indexable: z.boolean().nullable().meta({ description: 'Null for a URL that was never fetched.' }),
    dead_end: z.boolean().meta({
      description:
        'An HTML page (2xx) with no outgoing link, of the selected kinds, to another page of the site.',
    }),
    clicks: z.number().nullable().meta({ description: 'Search Console clicks; null without data.' }),
    page_type: PageTypeSchema.nullable().meta({
      description: 'What kind of page it is (#33); null for a URL that is not a fetched HTML page.',
    }),
    group: z
      .string()
      .nullable()
      .meta({ description: 'The group the page is drawn in, in responses that group.' }),
  })
  .meta({ id: 'GraphNode' });
export type GraphNode = z.infer<typeof GraphNode>;
export const GraphEdge = z
  .object({
    id: z.number().int(),
    source: z.number().int(),
    target: z.number().int(),
    edge_kind: EdgeKind,
    anchor_text: z.string().nullable(),
    nofollow: z.boolean(),
    count: z.number().int(),
  })
  .meta({ id: 'GraphEdge' });
export type GraphEdge = z.infer<typeof GraphEdge>;
export const LinkGraph = z
  .object({ nodes: z.array(GraphNode), edges: z.array(GraphEdge), next_cursor: z.string().nullable() })
  .meta({ id: 'LinkGraph' });
export type LinkGraph = z.infer<typeof LinkGraph>;

export const LinkGraphQuery = z.strictObject({
  edge_kind: repeatable(z.enum(EDGE_KINDS)).optional(),
  include_orphans: QueryBoolean.default(false),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  cursor: Cursor,
});

const EdgeKinds = repeatable(z.enum(EDGE_KINDS))
  .optional()
  .meta({ description: 'Link kinds to follow (repeatable or comma-separated); default every kind.' });

/** Groupings of the structure view; `auto` (a query choice only) picks the most readable of them. */
export const GROUP_BY = ['directory', 'section', 'page_type', 'cluster'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export const GROUP_BY_CHOICES = ['auto', ...GROUP_BY] as const;
/** Where a page's parent came from in the `section` grouping (see domain/graph/site-sections.ts). */
export const PARENT_SIGNALS = ['up_link', 'breadcrumb', 'contents', 'none'] as const;
export type ParentSignal = (typeof PARENT_SIGNALS)[number];
/**
 * When a grouping reads as a structure: a few boxes to compare, none swallowing the site, not a scatter of
 * single pages. Above 50 boxes the structure view's labels no longer fit beside one another at a glance.
 */
export const READABLE_GROUPING = {
  minGroups: 3,
  maxGroups: 50,
  maxLargestShare: 0.5,
  maxSinglePageShare: 0.5,
} as const;
/** The largest number of pages the expanded groups of one response carry. */
export const MAX_EXPANDED_NODES = 2000;

export const GraphGroupsQuery = z.strictObject({
  by: z.enum(GROUP_BY_CHOICES).default('auto').meta({
    description:
      '`auto` (the default): the most readable grouping for this site, named with the reason in `choice` — a flat site is one directory, so a client that asked for nothing gets its sections instead; or one of them: `directory` (URL path), `section` (the hierarchy the site draws with its Up links, breadcrumbs and tables of contents), `page_type`, `cluster` (the latest similarity analysis).',
  }),
  depth: z.coerce.number().int().min(1).max(5).default(1).meta({
    description: 'Directory (or section) levels kept as groups; deeper directories fold into their ancestor.',
  }),
  edge_kind: EdgeKinds,
  expand: repeatable(z.string().min(1).max(2048))
    .optional()
    .meta({ description: 'Group ids whose pages come as nodes (repeatable).' }),
});
export type GraphGroupsQuery = z.infer<typeof GraphGroupsQuery>;

export const GraphGroup = z
  .object({
    id: z.string().meta({ example: 'dir:/guides/' }),
    label: z.string().meta({ example: '/guides/' }),
    parent: z.string().nullable(),
    size: z.number().int().meta({ description: 'Pages directly in the group.' }),
    total: z.number().int().meta({ description: 'Pages in the group and its child groups.' }),
    depth_min: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The smallest click depth in the group (with its child groups).' }),
    inlinks: z
      .number()
      .int()
      .meta({ description: 'Links into the group (with its child groups) from pages outside it.' }),
    orphans: z.number().int(),
    dead_ends: z.number().int(),
    errors: z.number().int().meta({ description: 'Pages with status ≥ 400 or no status.' }),
    non_indexable: z.number().int(),
    clicks: z.number().nullable().meta({ description: 'Search Console clicks; null without data.' }),
    expandable: z.boolean().meta({ description: 'The group holds pages directly (so `expand` shows some).' }),
  })
  .meta({
    id: 'GraphGroup',
    description: 'Counts other than `size` cover the group with its child groups, as `total` does.',
  });
export type GraphGroup = z.infer<typeof GraphGroup>;

export const GraphBundle = z.object({
  source: z.string().meta({ description: 'A group id, or `page:<id>` for a page of an expanded group.' }),
  target: z.string(),
  links: z.number().int().meta({ description: 'Distinct page-to-page links between the two.' }),
});

export const GroupingScore = z
  .object({
    by: z.enum(GROUP_BY),
    basis: z.string().meta({
      description: 'What the grouping follows, in words (for `section`: the signal most parents came from).',
      example: 'the site’s Up links',
    }),
    groups: z.number().int().meta({ description: 'Top-level groups holding pages.' }),
    largest_share: z
      .number()
      .meta({ description: 'Share of the pages (0–1) in the largest top-level group.' }),
    single_page_groups: z.number().int().meta({ description: 'Top-level groups of one page.' }),
    readable: z.boolean().meta({
      description: `At least ${READABLE_GROUPING.minGroups} and at most ${READABLE_GROUPING.maxGroups} top-level groups, none holding more than ${READABLE_GROUPING.maxLargestShare * 100}% of the pages, and at most ${READABLE_GROUPING.maxSinglePageShare * 100}% of them single pages.`,
    }),
    parents: z
      .record(z.enum(PARENT_SIGNALS), z.number().int())
      .nullable()
      .meta({ description: 'For `section`: pages by how their parent was found (`none`: roots).' }),
  })
  .meta({ id: 'GroupingScore' });
export type GroupingScore = z.infer<typeof GroupingScore>;

export const GroupingChoice = z
  .object({
    requested: z.enum(GROUP_BY_CHOICES),
    reason: z.string().meta({
      description: 'Which grouping is drawn and why, in a sentence for the analyst.',
      example:
        'Grouped by section (the site’s Up links): 12 groups, the largest holding 24% of the pages. Not by directory: 1 group.',
    }),
    candidates: z.array(GroupingScore).meta({
      description: 'The groupings weighed (only the one asked for, unless `auto`), in order of preference.',
    }),
  })
  .meta({ id: 'GroupingChoice' });
export type GroupingChoice = z.infer<typeof GroupingChoice>;

export const GraphGroups = z
  .object({
    by: z.enum(GROUP_BY).meta({ description: 'The grouping drawn (what `auto` chose).' }),
    choice: GroupingChoice,
    depth: z.number().int(),
    groups: z.array(GraphGroup),
    nodes: z.array(GraphNode),
    edges: z.array(GraphBundle),
    truncated: z
      .boolean()
      .meta({ description: `The expanded groups hold more than ${MAX_EXPANDED_NODES} pages.` }),
  })
  .meta({ id: 'GraphGroups' });
export type GraphGroups = z.infer<typeof GraphGroups>;

export const GraphPathQuery = z.strictObject({ to: Id, edge_kind: EdgeKinds });
export const PathLink = z.object({
  source: z.number().int(),
  target: z.number().int(),
  edge_kind: EdgeKind,
  anchor_text: z.string().nullable(),
});
export const GraphPath = z
  .object({
    pages: z.array(GraphNode).meta({ description: 'The start page first, the target last.' }),
    links: z.array(PathLink),
  })
  .meta({ id: 'GraphPath' });
export type GraphPath = z.infer<typeof GraphPath>;

export const FocusQuery = z.strictObject({
  hops: z.coerce.number().int().min(1).max(3).default(1),
  direction: z.enum(['in', 'out', 'both']).default('both'),
  edge_kind: EdgeKinds,
  limit: z.coerce.number().int().min(1).max(2000).default(500),
});
export type FocusQuery = z.infer<typeof FocusQuery>;
export const FocusNode = GraphNode.extend({ hops: z.number().int() }).meta({ id: 'FocusNode' });
export const GraphFocus = z
  .object({
    center: z.number().int(),
    nodes: z.array(FocusNode),
    edges: z.array(GraphEdge),
    truncated: z.boolean().meta({ description: 'The neighbourhood holds more pages than `limit`.' }),
  })
  .meta({ id: 'GraphFocus' });
export type GraphFocus = z.infer<typeof GraphFocus>;

export const LinkImpactQuery = z.strictObject({ source: Id, target: Id });
export const LinkImpact = z
  .object({
    link: z.object({ source: z.number().int(), target: z.number().int() }),
    pages: z.array(
      z.object({
        page: GraphNode,
        depth_before: z.number().int(),
        depth_after: z.number().int().nullable().meta({ description: 'Null: no longer reachable.' }),
      }),
    ),
    total: z.number().int(),
  })
  .meta({ id: 'LinkImpact' });
export type LinkImpact = z.infer<typeof LinkImpact>;

const Count = z.object({ key: z.string(), count: z.number().int() });
export const SiteSummary = z
  .object({
    site_id: z.number().int(),
    pages: z.number().int(),
    status_codes: z
      .array(Count)
      .meta({ description: 'By status code; `error` for fetches with no HTTP status.' }),
    depths: z
      .array(Count)
      .meta({ description: 'By crawl depth; `none` for pages reached only from sitemaps.' }),
    indexability: z.array(Count).meta({ description: 'By reason; `indexable` for indexable pages.' }),
    content_types: z.array(Count),
    response_ms: z.object({ p50: z.number().nullable(), p95: z.number().nullable() }),
    audit: AuditHealth.nullable().meta({
      description: 'The health score of the latest audit; null before it.',
    }),
  })
  .meta({ id: 'SiteSummary' });
export type SiteSummary = z.infer<typeof SiteSummary>;
