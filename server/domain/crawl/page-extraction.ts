/**
 * An HTML response to a page record: charset decoding, the one-pass extraction, and the page builder (edges,
 * indexability, main-text hash and MinHash). Pure and synchronous, and the most CPU a crawl spends per page, so
 * the crawl runs it in worker processes (extract-pool.ts); the same functions run inline where no worker is
 * wanted. Inputs and outputs are plain data that survive a structured clone.
 */
import { DomHandler } from 'domhandler';
import type { FetchResult } from '../../adapters/http-fetcher.js';
import { rulesNeed, type ExtractRule } from '../extraction/extract-rule.js';
import { compileRulesCached } from '../extraction/rule-compiler.js';
import { evaluateRules, type EvaluateOptions, type PageDocuments } from '../extraction/rule-evaluator.js';
import { decodeHtml } from './charset.js';
import { extractHtml, type ExtractedPage } from './html-extractor.js';
import { htmlPage, type PageContext, type PageRecord } from './page-builder.js';

export const BOT_NAME = 'siteloupe';
/** Below this much visible text a page is probably drawn by JavaScript (`render_js: auto`). */
const AUTO_RENDER_TEXT_CHARS = 250;

export function needsRendering(ex: ExtractedPage): boolean {
  return ex.app_shell || ex.text_chars_in_body < AUTO_RENDER_TEXT_CHARS;
}

/** A response with its body, as the fetcher returned it. */
export interface RawPageJob {
  ctx: PageContext;
  res: FetchResult & { body: Buffer };
  /** The site's custom extraction rules (#21), run on the same parse. */
  rules?: ExtractRule[];
}

/** A page whose HTML came from the browser; `res` is the raw response (its body is not needed). */
export interface RenderedPageJob {
  ctx: PageContext;
  res: FetchResult;
  html: string;
  encoding: string;
  rules?: ExtractRule[];
  /** The HTML as fetched, decoded: sent only when a rule reads it (`source: html`). */
  rawHtml?: string;
}

export interface RawPageOutcome {
  record: PageRecord;
  /** The encoding the raw body was decoded with. */
  encoding: string;
  /** What `render_js: auto` asks: the raw page looks drawn by JavaScript. */
  needsRendering: boolean;
}

const responseHeaders = (res: FetchResult) => ({
  link: res.headers.link ?? null,
  contentLanguage: res.headers['content-language'] ?? null,
});

/** A DOM builder for the crawl's own parse, when a CSS rule will read that document. */
const domFor = (rules: ExtractRule[] | undefined) =>
  rules?.length && rulesNeed(rules).cssDom ? new DomHandler() : undefined;

function runRules(rules: ExtractRule[], page: PageDocuments, opts: EvaluateOptions): PageRecord['extracts'] {
  return evaluateRules(compileRulesCached(rules), page, opts).map(({ value, error }) => ({ value, error }));
}

/** `opts` carries the byte caps and, in a worker, the watchdog's hook and the rules it stopped on this page. */
export function extractRawPage({ ctx, res, rules }: RawPageJob, opts: EvaluateOptions = {}): RawPageOutcome {
  const { text, encoding } = decodeHtml(res.body, res.headers['content-type'] ?? null);
  const dom = domFor(rules);
  const ex = extractHtml(text, ctx.url, responseHeaders(res), BOT_NAME, dom);
  const record = htmlPage(ctx, res, ex, { encoding, rendered: false });
  if (rules?.length)
    record.extracts = runRules(
      rules,
      {
        html: text,
        rendered: null,
        mainText: ex.main_text,
        ...(dom ? { dom: { html: dom.root } } : {}),
      },
      opts,
    );
  return { record, encoding, needsRendering: needsRendering(ex) };
}

export function extractRenderedPage(
  { ctx, res, html, encoding, rules, rawHtml }: RenderedPageJob,
  opts: EvaluateOptions = {},
): PageRecord {
  const dom = domFor(rules);
  const ex = extractHtml(html, ctx.url, responseHeaders(res), BOT_NAME, dom);
  const record = htmlPage(ctx, res, ex, { encoding, rendered: true });
  if (rules?.length)
    record.extracts = runRules(
      rules,
      {
        // Without the fetched HTML (no rule reads it), `html` rules are none, so the rendered HTML stands in.
        html: rawHtml ?? html,
        rendered: html,
        mainText: ex.main_text,
        ...(dom ? { dom: { rendered: dom.root } } : {}),
      },
      opts,
    );
  return record;
}
