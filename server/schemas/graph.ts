/** The link graph and the site summary (`graph` and `sites` routers). */
import { AuditHealth } from './audit.js';
import { z } from 'zod';
import { Cursor, QueryBoolean, repeatable } from './common.js';
import { EDGE_KINDS, EdgeKind } from './crawl.js';

export const GraphNode = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string().nullable(),
  status_code: z.number().int().nullable(),
  depth: z.number().int().nullable(),
  inlinks: z.number().int(),
  outlinks: z.number().int(),
  orphan: z.boolean(),
  cluster_id: z.number().int().nullable(),
});
export const GraphEdge = z.object({
  id: z.number().int(),
  source: z.number().int(),
  target: z.number().int(),
  edge_kind: EdgeKind,
  anchor_text: z.string().nullable(),
  nofollow: z.boolean(),
  count: z.number().int(),
});
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
