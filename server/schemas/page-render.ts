/**
 * What a rendered page's raw HTML said beside what its rendered DOM says (#36 §1): the fields JavaScript may
 * change, compared per page when the crawl renders (domain/crawl/render-compare.ts), stored in `page_renders`
 * (migration 35), read by the `js_*` audit checks, the page details and the Pages list's "JS changed" filter.
 */
import { z } from 'zod';

/** What JavaScript can change of a page, as the comparison names it; one closed list. */
export const JS_CHANGES = ['title', 'description', 'h1', 'canonical', 'robots', 'links', 'content'] as const;
export const JsChange = z.enum(JS_CHANGES);
export type JsChange = z.infer<typeof JsChange>;

/**
 * `js_content_only_rendered`: a page whose rendered main text has at least this many words, of which the raw HTML
 * has fewer than `JS_CONTENT_RAW_SHARE`: most of what it says is drawn by JavaScript. Below the minimum a page
 * says too little for the share to mean anything (a form, a gallery, a navigation page).
 */
export const JS_CONTENT_MIN_WORDS = 50;
export const JS_CONTENT_RAW_SHARE = 0.5;

/** Internal links only in the rendered DOM, listed a page; the count says how many there are. */
export const MAX_RENDERED_ONLY_LINKS = 20;

const ConsoleError = z.object({
  kind: z.enum(['uncaught', 'console']).meta({
    description: '`uncaught`: an exception or rejection no script caught; `console`: a `console.error` call.',
  }),
  text: z
    .string()
    .meta({ description: 'The message’s first line (at most 300 characters), as the page wrote it.' }),
  source: z.string().nullable().meta({ description: 'The script and line, or the stack’s first frame.' }),
});
export type ConsoleErrorEntry = z.infer<typeof ConsoleError>;

const BlockedResource = z.object({
  url: z.string(),
  kind: z.enum(['script', 'stylesheet']),
});
export type BlockedResource = z.infer<typeof BlockedResource>;

/** One side of the comparison: what the raw HTML or the rendered DOM says. */
const RenderSide = z.object({
  title: z.string().nullable(),
  meta_description: z.string().nullable(),
  h1: z.string().nullable(),
  canonical_url: z.string().nullable(),
  robots: z.array(z.string()).meta({
    description:
      'The robots directives that apply (meta robots and `X-Robots-Tag`, lower-cased and sorted; the defaults `index`, `follow` and `all` left out, `none` spelt `noindex`, `nofollow`).',
  }),
  word_count: z.number().int().meta({ description: 'Words of the main text.' }),
  links: z.number().int().meta({ description: 'Distinct internal pages it links to.' }),
});

export const PageRender = z
  .object({
    raw: RenderSide,
    rendered: RenderSide,
    changed: z.array(JsChange).meta({
      description:
        'What JavaScript changed: `title`, `description`, `h1`, `canonical` and `robots` differ; `links`: internal links exist only after rendering; `content`: most of the main text appears only after rendering.',
    }),
    links_only_rendered: z.array(z.string()).meta({
      description: `Up to ${MAX_RENDERED_ONLY_LINKS} internal URLs linked only from the rendered DOM.`,
    }),
    links_only_rendered_count: z.number().int(),
    console_errors: z
      .array(ConsoleError)
      .meta({ description: 'Up to 10 distinct errors, in the order they came.' }),
    console_error_count: z
      .number()
      .int()
      .meta({ description: 'Every error while the page loaded, repeats included.' }),
    blocked_resources: z.array(BlockedResource).meta({
      description:
        'Up to 20 scripts and stylesheets the page asked for that robots.txt disallows for the crawl’s user agent.',
    }),
    blocked_count: z.number().int(),
  })
  .meta({
    id: 'PageRender',
    description:
      'A rendered page’s raw HTML against its rendered DOM; null when the page was not rendered (or was crawled before this was kept).',
  });
export type PageRender = z.infer<typeof PageRender>;
