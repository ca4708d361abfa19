/**
 * The audit's terms: categories, severities, priorities, and the evidence shapes findings carry (each check of
 * the catalogue names one, so `/openapi.json` documents them all). Small enough to show beside the URL, complete
 * enough to act on: which link, which page, which threshold.
 */
import { z } from 'zod';
import { A11Y_EVIDENCE } from './audit-evidence-a11y.js';
import { JS_EVIDENCE } from './audit-evidence-js.js';
import { LAB_EVIDENCE } from './audit-evidence-lab.js';

export const AUDIT_CATEGORIES = [
  'response_codes',
  'redirects',
  'links',
  'titles',
  'meta_descriptions',
  'headings',
  'canonicals',
  'indexability',
  'sitemaps',
  'hreflang',
  'content',
  'duplicates',
  'structured_data',
  'images',
  'urls',
  'performance',
  'semantic',
  'resources',
  'external_links',
  'mobile',
  'security',
  'validation',
  'social',
  'pagination',
  'javascript',
  'accessibility',
] as const;
export const AuditCategory = z.enum(AUDIT_CATEGORIES);
export type AuditCategory = z.infer<typeof AuditCategory>;

/** `issue`: wrong, fix it; `warning`: probably wrong, check it; `notice`: worth knowing. */
export const SEVERITIES = ['issue', 'warning', 'notice'] as const;
export const Severity = z.enum(SEVERITIES);
export type Severity = z.infer<typeof Severity>;

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export const Priority = z.enum(PRIORITIES);
export type Priority = z.infer<typeof Priority>;

const PageRef = z.strictObject({ url: z.string(), page_id: z.number().int().nullable() });
const LinkFrom = PageRef.extend({ anchor_text: z.string().nullable() });
const Sitemaps = z.array(z.string()).meta({
  description: 'Up to 5 sitemap files listing the URL (the files, not the indexes that led to them).',
});
const Status = z.number().int().nullable().meta({ description: 'HTTP status; null when the fetch failed.' });

/** Evidence shapes, by name; strict, so exactly one shape fits a finding's evidence. */
export const EVIDENCE = {
  status: z.strictObject({
    status: Status,
    error: z.string().nullable().meta({ description: 'The fetch error, when there was no HTTP answer.' }),
    linked_from: z.array(LinkFrom).meta({ description: 'Up to 20 pages linking to the URL.' }),
  }),
  link_targets: z.strictObject({
    targets: z.array(
      PageRef.extend({
        status: Status,
        error: z.string().nullable(),
        anchor_text: z.string().nullable(),
      }),
    ),
  }),
  redirect_targets: z.strictObject({
    targets: z.array(PageRef.extend({ status: Status, final_url: z.string().nullable() })),
  }),
  hops: z.strictObject({ hops: z.array(z.strictObject({ url: z.string(), status: Status })) }),
  text: z.strictObject({
    text: z.string().nullable(),
    length: z.number().int(),
    threshold: z.number().int().nullable(),
  }),
  shared_text: z.strictObject({
    text: z.string(),
    others: z.array(PageRef).meta({ description: 'Up to 20 other pages with the same text.' }),
    count: z.number().int().meta({ description: 'Pages sharing the text, this one included.' }),
  }),
  headings: z.strictObject({ h1s: z.array(z.string()) }),
  heading_skip: z.strictObject({
    from_level: z.number().int(),
    to_level: z.number().int(),
    text: z.string(),
  }),
  canonical: z.strictObject({ canonical: z.string(), status: Status, page_id: z.number().int().nullable() }),
  directives: z.strictObject({
    meta_robots: z.string().nullable(),
    x_robots_tag: z.string().nullable(),
  }),
  reason: z.strictObject({ reason: z.string(), sitemaps: Sitemaps }),
  sitemaps: z.strictObject({ sitemaps: Sitemaps }),
  hreflang: z.strictObject({
    alternates: z.array(
      z.strictObject({ code: z.string(), url: z.string(), status: Status, reason: z.string().nullable() }),
    ),
  }),
  hreflang_set: z.strictObject({ codes: z.array(z.string()) }),
  words: z.strictObject({
    word_count: z.number().int(),
    threshold: z.number().int(),
    structured_share: z.number().min(0).max(1).nullable().meta({
      description:
        'Share of the main text in code blocks, definition lists and data tables (null when the crawl did not count it): at one half or more the page is a reference entry and is not listed.',
    }),
  }),
  group: z.strictObject({
    others: z.array(PageRef.extend({ similarity: z.number() })),
    method: z
      .string()
      .meta({ description: 'How the pages were compared (content hash, MinHash, reranker).' }),
  }),
  value: z.strictObject({
    value: z.number(),
    threshold: z.number(),
    unit: z.string(),
  }),
  linked_from: z.strictObject({ linked_from: z.array(LinkFrom) }),
  robots: z.strictObject({
    robots_url: z.string().meta({ description: "The robots.txt of the URL's host." }),
    line: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The 1-based line of the rule that blocks the URL; null when no line does.' }),
    rule: z.string().nullable().meta({
      description:
        'That line as written (comment trimmed), or why nothing may be fetched (robots.txt answered 5xx or 429, or could not be read); null when no rule decides, e.g. the latest crawl kept no robots.txt for the host.',
    }),
    linked_from: z.array(LinkFrom).meta({ description: 'Up to 20 pages linking to the URL.' }),
  }),
  images: z.strictObject({
    images: z
      .array(z.string())
      .meta({ description: 'Up to 50 image URLs (absolute, as the page has them).' }),
    count: z.number().int().meta({ description: 'Images of the page with no alt attribute, listed or not.' }),
  }),
  json_ld: z.strictObject({
    blocks: z.array(
      z.strictObject({
        index: z
          .number()
          .int()
          .meta({ description: "The block's position among the page's JSON-LD, from 1." }),
        text: z.string().meta({ description: 'The start of the block as written (500 characters).' }),
        error: z.string().nullable().meta({ description: 'Why the block is not JSON; null when it parses.' }),
        missing: z
          .array(
            z.strictObject({
              type: z.string().meta({ description: 'The schema.org type whose requirement fails.' }),
              path: z.string().meta({ description: 'Where that entity is in the block (`$.offers[0]`).' }),
              property: z
                .string()
                .meta({ description: 'The property Google requires (alternatives joined by "or").' }),
              reason: z.string().meta({ description: 'What is wrong: missing, or too few values.' }),
              source: z.string().meta({ description: "Google's page stating the requirement." }),
            }),
          )
          .meta({ description: 'Up to 20 required properties missing from the entities of the block.' }),
      }),
    ),
  }),
  outlier: z.strictObject({
    nearest: PageRef.extend({ similarity: z.number() }).nullable(),
    threshold: z.number(),
  }),
  url: z.strictObject({}),
  // Markup and headers (#35, audit-checks-markup.ts).
  declared: z.strictObject({
    what: z.string().meta({
      description:
        'The tag or response header the check reads (`meta name=viewport`, `Strict-Transport-Security`).',
    }),
    value: z
      .string()
      .nullable()
      .meta({ description: 'Its value as the page or response gave it; null when absent.' }),
    problems: z.array(z.string()).meta({ description: 'What is wrong with it, in words.' }),
  }),
  repeated: z.strictObject({
    what: z
      .string()
      .meta({ description: 'The tag the page has more than one of, or where they were found.' }),
    values: z.array(z.string()).meta({ description: 'Up to 10 of them, as written (canonicals: absolute).' }),
    count: z.number().int().meta({ description: 'How many the page has.' }),
  }),
  head_break: z.strictObject({
    element: z.string().meta({
      description: 'The element (or text) that ends the head before the source’s `</head>`, as written.',
    }),
    pushed: z.array(z.string()).meta({
      description:
        'Up to 10 head elements after it, which the parse puts in the body (search engines ignore them).',
    }),
  }),
  // Links, forms, images, content and pagination (#35; server/schemas/audit-checks-page-links.ts).
  page_urls: z.strictObject({
    urls: z.array(z.string()).meta({ description: 'Up to 20 of the URLs, as the page has them (distinct).' }),
    count: z.number().int().meta({ description: 'How many distinct URLs of the kind the page has.' }),
  }),
  insecure_forms: z.strictObject({
    password_over_http: z
      .boolean()
      .meta({ description: 'A password field on an HTTP page, or in a form submitting to http://.' }),
    actions: z.array(z.string()).meta({
      description: 'Up to 20 http:// URLs the page’s forms submit to (POST, password, or from HTTPS).',
    }),
    count: z.number().int(),
  }),
  long_alts: z.strictObject({
    images: z.array(z.strictObject({ src: z.string(), alt: z.string(), length: z.number().int() })).meta({
      description: 'Up to 20 images whose alt is over the threshold (alt as stored: 250 characters at most).',
    }),
    count: z.number().int(),
    threshold: z.number().int(),
  }),
  soft_404: z.strictObject({
    rule: z.string().meta({
      description:
        '`not_found_wording` (title or h1 reads "not found", page types), `empty` (no words, no links), `empty_wording` (the main text says there is nothing), `same_as_error_page` (the text of one of the site\'s 404 or 410 pages) or `like_error_page` (as close to one by meaning as `audit_soft_404_similarity`).',
    }),
    words: z.string().nullable().meta({ description: 'The words that say it, as the page has them.' }),
    word_count: z.number().int(),
    error_page: z
      .strictObject({
        url: z.string(),
        page_id: z.number().int(),
        similarity: z.number().meta({ description: 'Cosine of the page vectors; 1 for the same text.' }),
      })
      .nullable()
      .optional()
      .meta({
        description:
          "The site's real error page this page reads like, for the last two rules (absent in audits run before it was kept).",
      }),
  }),
  phrases: z.strictObject({
    phrases: z.array(
      z.strictObject({
        phrase: z.string(),
        where: z.string().meta({ description: '`title`, `meta_description` or `main_text`.' }),
      }),
    ),
  }),
  pagination_targets: z.strictObject({
    targets: z.array(
      PageRef.extend({
        rel: z.string().meta({ description: '`next` or `prev`.' }),
        status: Status,
        indexability_reason: z
          .string()
          .nullable()
          .meta({ description: 'Why it is not indexable, when it is not.' }),
      }),
    ),
  }),
  pagination_pairs: z.strictObject({
    pairs: z.array(
      PageRef.extend({
        rel: z.string().meta({ description: 'What this page calls the target: `next` or `prev`.' }),
        back: z.string().nullable().meta({
          description:
            "The target's own link the other way (its prev for a next), which should be this page; null when it has none.",
        }),
      }),
    ),
  }),
  repetition: z.strictObject({
    segments: z.array(z.string()).meta({ description: 'The path segments that repeat, in order.' }),
    times: z.number().int().meta({ description: 'How many times they follow one another.' }),
  }),
  // Resources (#35; server/schemas/audit-checks-resources.ts).
  page_resources: z.strictObject({
    resources: z
      .array(
        z.strictObject({
          url: z.string(),
          kind: z.string().meta({
            description: '`image`, `stylesheet`, `script`, `font` or `iframe`: what the page loads it as.',
          }),
          status: Status,
          error: z
            .string()
            .nullable()
            .meta({ description: 'The fetch error, when there was no HTTP answer.' }),
          bytes: z.number().int().nullable().meta({
            description:
              'Its size: Content-Length, or the bytes counted (at most 4 MiB) when the answer gave none.',
          }),
          content_type: z.string().nullable(),
        }),
      )
      .meta({ description: 'Up to 20 of the resources the check is about, as the crawl fetched them.' }),
    count: z.number().int().meta({ description: 'How many of them the page loads, listed or not.' }),
    threshold: z.number().int().nullable().meta({ description: 'The size budget, for the size check.' }),
  }),
  ...JS_EVIDENCE,
  ...A11Y_EVIDENCE,
  ...LAB_EVIDENCE,
} as const;
export type EvidenceKind = keyof typeof EVIDENCE;
export const EVIDENCE_KINDS = Object.keys(EVIDENCE) as EvidenceKind[];

const pascal = (s: string) => s.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
/** Any finding's evidence: one of the shapes, each documented under its own name (`EvidenceStatus`, …). */
export const Evidence = z.union(
  EVIDENCE_KINDS.map((k) => EVIDENCE[k].meta({ id: `Evidence${pascal(k)}` })) as unknown as [
    z.ZodType<Record<string, unknown>>,
    ...z.ZodType<Record<string, unknown>>[],
  ],
);
export type EvidenceOf<K extends EvidenceKind> = z.output<(typeof EVIDENCE)[K]>;
