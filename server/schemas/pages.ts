/** Page, link and page-list schemas (`pages` router). */
import { z } from 'zod';
import { Id, PaginationQuery, QueryBoolean, Timestamp, pageOf, repeatable } from './common.js';
import { EDGE_KINDS, EdgeKind } from './crawl.js';
import { ExtractValue } from './extraction.js';
import { JsChange, PageRender } from './page-render.js';

/** A page's custom extraction values by rule name (#21); `{}` when its site has no rules. */
export const PageExtract = z.record(z.string(), ExtractValue).meta({
  description:
    'What each of the site’s extraction rules took from the page, by rule name: null when the rule matched nothing or the page was not crawled with it.',
});

export const INDEXABILITY_REASONS = [
  'fetch_error',
  'redirect',
  'client_error',
  'server_error',
  'non_html',
  'noindex',
  'canonicalised',
] as const;

/**
 * What kind of page a page is, as an analyst names it (#33): decided for every HTML page when a crawl finalises
 * (domain/pages/page-type.ts; docs/crawler.md, "Page types"). Verdicts that depend on it read it: a hub is not thin
 * content, an index is not "too many outlinks", indexes and changelogs are not an idea's closest pages. Each
 * member's text is what the UI and the docs say it means.
 */
export const PAGE_TYPES = {
  home: 'The site’s start page.',
  hub: 'A table of contents, a category or a section page: mostly links to the pages below it.',
  index: 'An A–Z index or a glossary.',
  article: 'An article or a reference page: text to read.',
  product: 'One product for sale.',
  search_results: 'A search page or the results of a search or filter.',
  error: 'Reads as not found, an error, or empty.',
  changelog: 'Release notes, a changelog or a news archive.',
  form: 'A page that is its form: login, sign-up, contact, checkout.',
  other: 'None of these (little or no text, and no other sign).',
} as const satisfies Record<string, string>;
export type PageType = keyof typeof PAGE_TYPES;
export const PAGE_TYPE_NAMES = Object.keys(PAGE_TYPES) as [PageType, ...PageType[]];
export const PageTypeSchema = z.enum(PAGE_TYPE_NAMES).meta({
  id: 'PageType',
  description: `What kind of page it is: ${PAGE_TYPE_NAMES.map((t) => `\`${t}\` (${PAGE_TYPES[t]})`).join('; ')}`,
});

/**
 * Pages that lead to others rather than say something themselves: the start page, hubs, indexes and search
 * results. A similarity verdict keeps such a page over one of its parts, and a campaign does not propose to merge
 * or rewrite one for its words.
 */
export const NAVIGATIONAL_PAGE_TYPES = [
  'home',
  'hub',
  'index',
  'search_results',
] as const satisfies PageType[];
export const isNavigational = (type: PageType | null | undefined): boolean =>
  type != null && (NAVIGATIONAL_PAGE_TYPES as readonly PageType[]).includes(type);

/**
 * Pages that mention every subject without being about any: an A–Z index, a glossary, release notes. Semantic
 * search and the idea check leave them out of closest pages unless a request names them in `page_types`.
 */
export const REFERENCE_PAGE_TYPES = ['index', 'changelog'] as const satisfies PageType[];

/** The signals that decided a page's type (`rule` names the rule); shown to analysts as they are. */
export const PageTypeEvidence = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).meta({
  id: 'PageTypeEvidence',
  description:
    'The signals that decided the page type: `rule` names the rule, the other keys are what it read (e.g. `{ "rule": "hub", "links": 14, "link_share": 0.92 }`); `markup: "not read"` when the page was crawled before page types and only its stored fields were read.',
});
export type PageTypeEvidence = z.infer<typeof PageTypeEvidence>;

const pageSummaryShape = {
  id: z.number().int(),
  site_id: z.number().int(),
  url: z.string(),
  status_code: z.number().int().nullable(),
  content_type: z.string().nullable(),
  depth: z.number().int().nullable(),
  title: z.string().nullable(),
  h1: z.string().nullable(),
  indexable: z.boolean(),
  indexability_reason: z.enum(INDEXABILITY_REASONS).nullable(),
  word_count: z.number().int(),
  page_type: PageTypeSchema.nullable().meta({
    description:
      'What kind of page it is; null for what is not an HTML page (redirects, files, fetch errors).',
  }),
  response_ms: z.number().int().nullable(),
  inlinks: z.number().int(),
  outlinks: z.number().int(),
  crawled_at: Timestamp,
};

export const PageSummary = z.object(pageSummaryShape).meta({ id: 'PageSummary' });
export type PageSummary = z.infer<typeof PageSummary>;

export const Page = z
  .object({
    ...pageSummaryShape,
    meta_description: z.string().nullable(),
    headings: z.array(
      z.object({
        level: z.number().int(),
        text: z.string(),
        anchor: z.string().optional().meta({
          description:
            'The fragment that links to the heading’s section (`url#anchor`): the heading’s id, an id at its start, or the id of the element that opens its section (`<section id>`). Absent when there is none, and on pages crawled before it was recorded.',
        }),
      }),
    ),
    canonical_url: z.string().nullable(),
    canonical_state: z.enum(['self', 'other', 'missing']).nullable(),
    meta_robots: z.string().nullable(),
    x_robots_tag: z.string().nullable(),
    hreflang: z.array(z.object({ lang: z.string(), url: z.string() })),
    structured_data_types: z.array(z.string()),
    language: z.string().nullable(),
    bytes: z.number().int().nullable(),
    truncated: z.boolean(),
    content_hash: z.string().nullable(),
    redirect_chain: z.array(z.object({ url: z.string(), status: z.number().int().nullable() })),
    fetch_error: z.string().nullable(),
    encoding: z.string().nullable(),
    in_sitemap: z.boolean(),
    rendered: z.boolean(),
    extract: PageExtract,
    page_type_evidence: PageTypeEvidence.nullable(),
    render: PageRender.nullable(),
  })
  .meta({ id: 'Page' });
export type Page = z.infer<typeof Page>;

/**
 * A page's lab figures (#36 §3; docs/page-experience.md), measured when the crawl rendered it with lab metrics
 * on; null otherwise. Lab figures of one load under the crawl's profile, never Core Web Vitals.
 */
const pageLabShape = {
  lcp_ms: z.number().int().nullable().meta({ description: 'Largest contentful paint in the lab, ms.' }),
  cls: z
    .number()
    .nullable()
    .meta({ description: 'Cumulative layout shift in the lab (largest session window).' }),
  tbt_ms: z.number().int().nullable().meta({ description: 'Total blocking time in the lab, ms.' }),
  transfer_bytes: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Bytes the page loaded while rendering, its HTML included.' }),
  requests: z.number().int().nullable().meta({ description: 'Requests the page made while rendering.' }),
};

export const PAGE_SORTS = [
  'id',
  'url',
  'depth',
  'inlinks',
  'outlinks',
  'word_count',
  'response_ms',
  'status_code',
  'title',
  'crawled_at',
  'page_type',
  'bytes',
  'lcp_ms',
  'cls',
  'tbt_ms',
  'transfer_bytes',
  'requests',
] as const;
/** `extract.<rule name>`: by the rule's first value, numbers as numbers (needs `site_id`). */
export const EXTRACT_SORT = /^-?extract\.[A-Za-z0-9_-]{1,64}$/;
export const PageSort = z
  .union([
    z.enum([...PAGE_SORTS, ...PAGE_SORTS.map((s) => `-${s}` as const)]),
    z.string().regex(EXTRACT_SORT) as z.ZodType<`extract.${string}` | `-extract.${string}`>,
  ])
  .meta({
    description:
      'Sort key; a leading `-` sorts descending. Default `id`. `extract.<rule name>` sorts by a custom extraction rule’s first value (numbers as numbers; pages without a value last), with `site_id`.',
  });
export type PageSort = z.infer<typeof PageSort>;

/** `extract.<name>` (equals), `extract.<name>.contains`, `extract.<name>.exists`: filters on a rule's values. */
export const EXTRACT_FILTER = /^extract\.([A-Za-z0-9_-]{1,64})(?:\.(contains|exists))?$/;

/** The pages list's filters and sort: `GET /pages` and the pages export (`/export/pages.*`) take the same. */
export const PageFilterFields = z.object({
  site_id: Id.optional(),
  status_code: repeatable(z.coerce.number().int().min(100).max(599)).optional(),
  indexable: QueryBoolean.optional(),
  content_type: z.string().min(1).max(200).optional().meta({ description: 'MIME type, e.g. `text/html`.' }),
  depth: z.coerce.number().int().min(0).max(10_000).optional(),
  q: z.string().min(1).max(500).optional().meta({ description: 'Substring of the URL or title.' }),
  page_type: repeatable(PageTypeSchema)
    .optional()
    .meta({ description: 'Pages of these types (repeatable).' }),
  js_changed: QueryBoolean.optional().meta({
    description:
      '`true`: rendered pages whose raw HTML JavaScript changed (title, description, h1, canonical, robots, links only rendered, content only rendered); `false`: rendered pages it did not change.',
  }),
  sort: PageSort.default('id'),
});
const PageListFields = PaginationQuery.extend(PageFilterFields.shape);

/**
 * A query object that also takes filters on custom extraction rules, whose keys name the rule
 * (`extract.price.contains=99`) so a fixed object cannot list them; any other unknown key is refused.
 */
export function withExtractFilters<S extends z.ZodRawShape>(fields: z.ZodObject<S>) {
  return fields.catchall(z.string().max(500)).superRefine((q, ctx) => {
    for (const [key, value] of Object.entries(q)) {
      if (key in fields.shape) continue;
      const m = EXTRACT_FILTER.exec(key);
      if (!m) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a known field' });
      else if (m[2] === 'exists' && value !== 'true' && value !== 'false')
        ctx.addIssue({ code: 'custom', path: [key], message: 'must be true or false' });
    }
  });
}

/** The list's query: its fields, and filters on custom extraction rules. */
export const PageListQuery = withExtractFilters(PageListFields);
export type PageListQuery = z.infer<typeof PageListFields> & Record<`extract.${string}`, string>;
/** A `/pages` row: the summary with the page's Search Console figures (null when there are none). */
export const PageListItem = PageSummary.extend({
  meta_description: z.string().nullable(),
  canonical_url: z.string().nullable(),
  bytes: z.number().int().nullable().meta({ description: 'Size of the body as fetched, in bytes.' }),
  gsc_clicks: z.number().nullable(),
  gsc_impressions: z.number().nullable(),
  gsc_position: z.number().nullable().meta({ description: 'Average position, weighted by impressions.' }),
  js_changed: z.array(JsChange).nullable().meta({
    description:
      'What JavaScript changed of the raw HTML (`PageRender.changed`); null when the page was not rendered.',
  }),
  ...pageLabShape,
  extract: PageExtract,
}).meta({ id: 'PageListItem' });
export type PageListItem = z.infer<typeof PageListItem>;
export const PageList = pageOf(PageListItem);
export const PageParams = z.strictObject({ page_id: Id });

export const LinkEnd = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string().nullable(),
  status_code: z.number().int().nullable(),
});
export const Link = z
  .object({
    id: z.number().int(),
    source: LinkEnd,
    target: LinkEnd,
    edge_kind: EdgeKind,
    anchor_text: z.string().nullable(),
    nofollow: z.boolean(),
    count: z.number().int(),
  })
  .meta({ id: 'Link' });
export type Link = z.infer<typeof Link>;

export const PageLinksQuery = PaginationQuery.extend({
  direction: z.enum(['in', 'out']).default('out'),
  edge_kind: repeatable(z.enum(EDGE_KINDS)).optional(),
});
export const PageLinks = pageOf(Link);
