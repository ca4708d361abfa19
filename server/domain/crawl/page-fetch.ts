/**
 * Fetches one URL the way the crawl needs it: bounded retries for transient failures (timeouts, resets, 429 and
 * 503 with `Retry-After`), bodies read only for successful HTML, charset decoding, extraction, and JavaScript rendering when
 * the settings ask for it (`on`) or the raw page looks empty (`auto`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserPool } from '../../adapters/browser-pool.js';
import type { FetchFailure, HttpFetcher } from '../../adapters/http-fetcher.js';
import type { CrawlSettings } from '../../schemas/sites.js';
import { UnavailableError } from '../errors.js';
import { decodeHtml } from './charset.js';
import { extractHtml, type ExtractedPage } from './html-extractor.js';
import { isHtmlContentType } from './indexability.js';
import {
  bodilessPage,
  failedPage,
  htmlPage,
  mimeOf,
  type PageContext,
  type PageRecord,
} from './page-builder.js';

/** What the crawl needs from a browser: the browser pool's render, so tests may pass anything that renders. */
export type PageRenderer = Pick<BrowserPool, 'render'>;

export const BOT_NAME = 'siteloupe';
const RETRIES = 2;
const RETRYABLE: ReadonlySet<FetchFailure> = new Set(['timeout', 'connection_reset', 'body_too_slow']);
const MAX_RETRY_AFTER_MS = 30_000;
/** Below this much visible text a page is probably drawn by JavaScript (`render_js: auto`). */
const AUTO_RENDER_TEXT_CHARS = 250;

export function needsRendering(ex: ExtractedPage): boolean {
  return ex.app_shell || ex.text_chars_in_body < AUTO_RENDER_TEXT_CHARS;
}

function retryAfterMs(header: string | undefined, attempt: number): number {
  const backoff = 500 * 2 ** attempt;
  if (!header) return backoff;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : backoff;
}

const looksLikeHtml = (body: Buffer) =>
  /^\s*</.test(
    body
      .subarray(0, 512)
      .toString('latin1')
      .replace(/^\uFEFF|^ï»¿/, ''),
  );

export async function fetchPage(
  fetcher: HttpFetcher,
  renderer: PageRenderer | null,
  job: { ctx: PageContext; settings: CrawlSettings; signal: AbortSignal },
): Promise<PageRecord> {
  const { ctx, settings: s, signal } = job;
  for (let attempt = 0; ; attempt++) {
    const outcome = await fetcher.fetch(ctx.url, {
      userAgent: s.user_agent,
      timeoutMs: s.timeout_ms,
      maxBytes: s.max_page_bytes,
      signal,
      // Redirect and non-HTML bodies are not read: their headers say all the crawl records.
      wantBody: (status, headers) => {
        if (status >= 300 && status < 400 && headers.location) return false;
        // Error pages are recorded, not extracted: their title and links describe the error, not the site.
        if (status >= 400) return false;
        const mime = mimeOf(headers['content-type']);
        return mime === null || isHtmlContentType(mime);
      },
    });
    if (!outcome.ok) {
      if (RETRYABLE.has(outcome.error) && attempt < RETRIES) {
        await sleep(500 * 2 ** attempt, undefined, { signal });
        continue;
      }
      return failedPage(ctx, outcome.error, outcome.responseMs);
    }
    const res = outcome.result;
    if ((res.status === 429 || res.status === 503) && attempt < RETRIES) {
      await sleep(retryAfterMs(res.headers['retry-after'], attempt), undefined, { signal });
      continue;
    }
    if (!res.body || (mimeOf(res.headers['content-type']) === null && !looksLikeHtml(res.body))) {
      return bodilessPage(ctx, res);
    }
    const { text, encoding } = decodeHtml(res.body, res.headers['content-type'] ?? null);
    const headers = {
      link: res.headers.link ?? null,
      contentLanguage: res.headers['content-language'] ?? null,
    };
    let ex = extractHtml(text, ctx.url, headers, BOT_NAME);
    let rendered = false;
    const ok = res.status >= 200 && res.status < 300;
    if (renderer && ok && (s.render_js === 'on' || (s.render_js === 'auto' && needsRendering(ex)))) {
      try {
        const out = await renderer.render({
          url: ctx.url,
          status: res.status,
          headers: res.headers,
          body: text,
          timeoutMs: s.timeout_ms,
          userAgent: s.user_agent,
          signal,
        });
        ex = extractHtml(out.html, ctx.url, headers, BOT_NAME);
        rendered = true;
      } catch (err) {
        signal.throwIfAborted();
        if ((err as Error).name === 'BrowserUnavailableError') {
          throw new UnavailableError('chromium-unavailable', (err as Error).message);
        }
        // A page that fails to render keeps what its raw HTML says; `rendered: false` tells the user.
      }
    }
    return htmlPage(ctx, res, ex, { encoding, rendered });
  }
}
