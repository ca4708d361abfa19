/**
 * Evidence shapes of the rendered audit's checks — JavaScript: raw HTML against the rendered DOM (#36 §1). Values
 * are the page's own text (titles, console messages, URLs): stored bounded (render-probe-console.ts,
 * render-compare.ts) and shown as text, never as HTML.
 */
import { z } from 'zod';
import { JS_CONTENT_MIN_WORDS, MAX_RENDERED_ONLY_LINKS } from './page-render.js';

export const JS_EVIDENCE = {
  js_value: z.strictObject({
    field: z.string().meta({ description: '`title`, `meta_description`, `h1` (the first) or `canonical`.' }),
    raw: z.string().nullable().meta({ description: 'What the HTML as fetched says; null when it has none.' }),
    rendered: z
      .string()
      .nullable()
      .meta({ description: 'What the rendered DOM says; null when JavaScript removed it.' }),
  }),
  js_robots: z.strictObject({
    raw_directives: z.array(z.string()).meta({
      description:
        'Robots directives of the HTML as fetched (meta robots and `X-Robots-Tag`, lower-cased, sorted, defaults left out).',
    }),
    rendered_directives: z.array(z.string()).meta({ description: 'The same of the rendered DOM.' }),
    change: z.enum(['noindex_removed', 'noindex_added', 'changed']).meta({
      description:
        '`noindex_removed`: the raw HTML says noindex and JavaScript removes it (Google never renders the page, so it stays out of the index); `noindex_added`: JavaScript adds a noindex; `changed`: other directives differ.',
    }),
  }),
  js_links: z.strictObject({
    links: z.array(z.string()).meta({
      description: `Up to ${MAX_RENDERED_ONLY_LINKS} internal URLs linked only from the rendered DOM.`,
    }),
    count: z.number().int().meta({ description: 'How many internal URLs only the rendered DOM links to.' }),
    raw_links: z.number().int().meta({ description: 'Distinct internal URLs the HTML as fetched links to.' }),
    rendered_links: z
      .number()
      .int()
      .meta({ description: 'Distinct internal URLs the rendered DOM links to.' }),
  }),
  js_words: z.strictObject({
    raw_words: z.number().int().meta({ description: 'Words of the main text in the HTML as fetched.' }),
    rendered_words: z.number().int().meta({ description: 'Words of the main text in the rendered DOM.' }),
    min_words: z
      .number()
      .int()
      .meta({
        description: `The rendered main text the check needs before it judges (${JS_CONTENT_MIN_WORDS} words).`,
      }),
  }),
  js_console: z.strictObject({
    messages: z
      .array(
        z.strictObject({
          kind: z.enum(['uncaught', 'console']).meta({
            description:
              '`uncaught`: an exception or rejection no script caught; `console`: a `console.error` call.',
          }),
          text: z.string().meta({ description: 'The message’s first line, at most 300 characters.' }),
          source: z
            .string()
            .nullable()
            .meta({ description: 'The script and line, or the stack’s first frame.' }),
        }),
      )
      .meta({ description: 'Up to 10 distinct messages, in the order they came.' }),
    count: z.number().int().meta({ description: 'Every error while the page loaded, repeats included.' }),
  }),
  js_blocked: z.strictObject({
    blocked: z.array(z.strictObject({ url: z.string(), kind: z.enum(['script', 'stylesheet']) })).meta({
      description: 'Up to 20 scripts and stylesheets the page asked for that robots.txt disallows.',
    }),
    count: z.number().int().meta({ description: 'How many of them the page asked for.' }),
  }),
} as const;
