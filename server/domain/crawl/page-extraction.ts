/**
 * An HTML response to a page record: charset decoding, the one-pass extraction, and the page builder (edges,
 * indexability, main-text hash and MinHash). Pure and synchronous, and the most CPU a crawl spends per page, so
 * the crawl runs it in worker threads (extract-pool.ts); the same functions run inline where no worker is
 * wanted. Inputs and outputs are plain data that survive a structured clone.
 */
import type { FetchResult } from '../../adapters/http-fetcher.js';
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
}

/** A page whose HTML came from the browser; `res` is the raw response (its body is not needed). */
export interface RenderedPageJob {
  ctx: PageContext;
  res: FetchResult;
  html: string;
  encoding: string;
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

export function extractRawPage({ ctx, res }: RawPageJob): RawPageOutcome {
  const { text, encoding } = decodeHtml(res.body, res.headers['content-type'] ?? null);
  const ex = extractHtml(text, ctx.url, responseHeaders(res), BOT_NAME);
  return {
    record: htmlPage(ctx, res, ex, { encoding, rendered: false }),
    encoding,
    needsRendering: needsRendering(ex),
  };
}

export function extractRenderedPage({ ctx, res, html, encoding }: RenderedPageJob): PageRecord {
  const ex = extractHtml(html, ctx.url, responseHeaders(res), BOT_NAME);
  return htmlPage(ctx, res, ex, { encoding, rendered: true });
}
