/**
 * Custom extraction and custom search (`extraction` router, #21): a site's rules, what a rule takes from a page,
 * and the try-before-crawl test. Selectors are checked by the domain (server/domain/extraction/rule-check.ts):
 * compiling CSS, XPath and regular expressions is no job for a schema the UI also imports.
 */
import { z } from 'zod';
import { Id, Timestamp } from './common.js';

export const EXTRACTOR_KINDS = ['css', 'xpath', 'regex', 'contains', 'not_contains'] as const;
export const ExtractorKind = z.enum(EXTRACTOR_KINDS);
export type ExtractorKind = z.infer<typeof ExtractorKind>;

export const EXTRACTOR_SOURCES = ['html', 'rendered', 'main_text'] as const;
export const ExtractorSource = z.enum(EXTRACTOR_SOURCES);
export type ExtractorSource = z.infer<typeof ExtractorSource>;

/** Rules a site may have. */
export const MAX_EXTRACTORS = 50;
/** Values an `all` rule keeps per page, and characters per value. */
export const MAX_EXTRACT_VALUES = 100;
export const MAX_EXTRACT_VALUE_CHARS = 2000;

/** Safe as a query key (`extract.<name>`) and an export column (`extract:<name>`). */
export const ExtractorName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, `_` or `-`')
  .meta({ description: 'Unique per site, case-insensitively.', example: 'price' });

/** An attribute name as HTML allows one: no whitespace, quotes, `>`, `/`, `=` or control characters. */
const ATTRIBUTE_TAKE = /^attribute:[^\s"'>/=\p{Cc}]{1,100}$/u;

export const ExtractorTake = z
  .string()
  .refine((t) => t === 'text' || t === 'html' || t === 'count' || t === 'exists' || ATTRIBUTE_TAKE.test(t), {
    message: 'must be text, html, count, exists or attribute:<name>',
  })
  .meta({
    description:
      '`text` (whitespace collapsed; for `regex`, the first capture group or the whole match), `html` (the element’s outer HTML; css and xpath only), `attribute:<name>`, `count` (a number), `exists` (a boolean). Ignored by `contains` / `not_contains`.',
    example: 'text',
  });

const ruleFields = {
  name: ExtractorName,
  kind: ExtractorKind,
  selector: z.string().min(1).max(2000).meta({
    description:
      'A CSS selector, an XPath 1.0 expression, a regular expression (RE2 syntax, written bare or as `/pattern/flags`), or for `contains` / `not_contains` the text to look for (case-insensitive) or `/pattern/flags`.',
  }),
  take: ExtractorTake,
  all: z.boolean().meta({ description: 'Every match (a list, at most 100) instead of the first.' }),
  source: ExtractorSource.meta({
    description:
      '`html` as fetched, `rendered` (the browser’s HTML when the page was rendered, else as fetched), `main_text` (the page’s main text; regex, contains and not_contains only).',
  }),
};

export const ExtractorCreate = z
  .strictObject({
    ...ruleFields,
    take: ruleFields.take.default('text'),
    all: ruleFields.all.default(false),
    source: ruleFields.source.default('html'),
  })
  .meta({ id: 'ExtractorCreate' });
export type ExtractorCreate = z.output<typeof ExtractorCreate>;

export const ExtractorPatch = z
  .strictObject({
    name: ruleFields.name.optional(),
    kind: ruleFields.kind.optional(),
    selector: ruleFields.selector.optional(),
    take: ruleFields.take.optional(),
    all: ruleFields.all.optional(),
    source: ruleFields.source.optional(),
  })
  .meta({ id: 'ExtractorPatch' });
export type ExtractorPatch = z.output<typeof ExtractorPatch>;

export const Extractor = z
  .object({
    id: z.number().int(),
    site_id: z.number().int(),
    name: z.string(),
    kind: ExtractorKind,
    selector: z.string(),
    take: z.string(),
    all: z.boolean(),
    source: ExtractorSource,
    needs_recrawl: z.boolean().meta({
      description:
        'The stored pages do not carry this rule’s current values and only a crawl can give them (rules over `html` or `rendered`; a `main_text` rule is re-applied by POST /sites/{site_id}/extractors/apply).',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Extractor' });
export type Extractor = z.infer<typeof Extractor>;

export const ExtractorList = z.object({ items: z.array(Extractor) }).meta({ id: 'ExtractorList' });

export const ExtractorParams = z.strictObject({ site_id: Id, extractor_id: Id });

/** What a rule took from a page: null when it matched nothing. */
export const ExtractValue = z
  .union([z.string(), z.array(z.string()), z.number(), z.boolean(), z.null()])
  .meta({
    id: 'ExtractValue',
    description:
      'A string, a list of strings (`all`), a number (`count`), a boolean (`exists`, contains / not_contains), or null when the rule matched nothing.',
  });
export type ExtractValue = z.infer<typeof ExtractValue>;

export const ExtractorTest = z
  .strictObject({
    url: z.string().min(1).max(4000).meta({
      description:
        'The page to fetch: a path (resolved against the site’s start URL, as a link on it would be), or a full URL on the site’s host (a URL of another host is refused).',
    }),
    rules: z.array(ExtractorCreate).min(1).max(MAX_EXTRACTORS).optional().meta({
      description: 'Rules to try (saved or not); the site’s saved rules when absent.',
    }),
  })
  .meta({ id: 'ExtractorTest' });
export type ExtractorTest = z.output<typeof ExtractorTest>;

export const ExtractorTestResult = z
  .object({
    url: z.string().meta({ description: 'The URL fetched: `url` as given, resolved against the start URL.' }),
    final_url: z.string().meta({ description: 'After redirects.' }),
    status_code: z.number().int().nullable(),
    rendered: z.boolean(),
    results: z.array(
      z.object({
        name: z.string(),
        value: ExtractValue,
        error: z.string().nullable().meta({ description: 'Why the rule could not run on this page.' }),
      }),
    ),
  })
  .meta({ id: 'ExtractorTestResult' });
export type ExtractorTestResult = z.infer<typeof ExtractorTestResult>;
