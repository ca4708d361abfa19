/**
 * Fetches one URL the way the crawl needs it: bounded retries for transient failures (timeouts, resets, 429 and
 * 503 with `Retry-After`), bodies read only for successful HTML, extraction (by the crawl's extractor, normally
 * worker processes), and JavaScript rendering when the settings ask for it (`on`) or the raw page looks empty
 * (`auto`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BrowserUnavailableError, type BrowserPool } from '../../adapters/browser-pool.js';
import type { FetchFailure, FetchResult, HttpFetcher } from '../../adapters/http-fetcher.js';
import type { CrawlSettings } from '../../schemas/sites.js';
import { UnavailableError } from '../errors.js';
import { rulesNeed, type ExtractRule } from '../extraction/extract-rule.js';
import { decodeHtml } from './charset.js';
import type { PageExtractor } from './extract-pool.js';
import type { RenderObservations } from '../../adapters/render-probe.js';
import { isHtmlContentType } from './indexability.js';
import { compareRender, type RenderJudge } from './render-compare.js';
import { bodilessPage, failedPage, mimeOf, type PageContext, type PageRecord } from './page-builder.js';

/** What the crawl needs from a browser: the browser pool's render, so tests may pass anything that renders. */
export type PageRenderer = Pick<BrowserPool, 'render'>;

const RETRIES = 2;
const RETRYABLE: ReadonlySet<FetchFailure> = new Set(['timeout', 'connection_reset', 'body_too_slow']);
const MAX_RETRY_AFTER_MS = 30_000;

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
  extractor: PageExtractor,
  job: {
    ctx: PageContext;
    settings: CrawlSettings;
    signal: AbortSignal;
    rules?: ExtractRule[] | undefined;
    /** The crawl's scope and robots.txt, for the raw-against-rendered comparison (render-compare.ts). */
    judge?: RenderJudge | undefined;
  },
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
        // Error pages are recorded, not extracted: their title and links describe the error, not the site. A
        // 404 or 410 page is read (its links are not recorded, page-builder.ts): its text is the site's
        // not-found page, what the audit compares soft 404s with (domain/audit/soft-404.ts).
        if (status >= 400 && status !== 404 && status !== 410) return false;
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
    return await htmlRecord(renderer, extractor, {
      ctx,
      settings: s,
      signal,
      res: { ...res, body: res.body },
      rules: job.rules?.length ? job.rules : undefined,
      judge: job.judge,
    });
  }
}

async function htmlRecord(
  renderer: PageRenderer | null,
  extractor: PageExtractor,
  job: {
    ctx: PageContext;
    settings: CrawlSettings;
    signal: AbortSignal;
    res: FetchResult & { body: Buffer };
    rules: ExtractRule[] | undefined;
    judge?: RenderJudge | undefined;
  },
): Promise<PageRecord> {
  const { ctx, settings: s, signal, res, rules } = job;
  const withRules = rules ? { rules } : {};
  const ok = res.status >= 200 && res.status < 300;
  const mode = renderer && ok ? s.render_js : 'off';
  // `on` renders whatever the raw page says: its raw extraction is only for the comparison with the rendered DOM
  // (render-compare.ts), so it runs without the site's rules, in a worker while Chromium renders.
  const rawJob =
    mode === 'on'
      ? extractor.raw({ ctx, res }, signal)
      : Promise.resolve(await extractor.raw({ ctx, res, ...withRules }, signal));
  rawJob.catch(() => {});
  if (mode !== 'on') {
    const raw = await rawJob;
    if (mode === 'off' || !raw.needsRendering) return raw.record;
  }
  if (!renderer) throw new Error('unreachable: rendering without a renderer');
  const { text, encoding } = decodeHtml(res.body, res.headers['content-type'] ?? null);
  let html: string;
  let observed: RenderObservations;
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
    html = out.html;
    observed = out.observed;
  } catch (err) {
    signal.throwIfAborted();
    // Chromium missing or unable to start fails the crawl (503) rather than every page quietly going unrendered.
    if (err instanceof BrowserUnavailableError) {
      throw new UnavailableError('chromium-unavailable', err.message, { cause: err });
    }
    // A page that fails to render keeps what its raw HTML says; `rendered: false` tells the user.
    if (mode === 'on' && rules) return (await extractor.raw({ ctx, res, ...withRules }, signal)).record;
    return (await rawJob).record;
  }
  const rawHtml = rules && rulesNeed(rules).rawHtml ? { rawHtml: text } : {};
  // The raw body has been read; only the rendered job's own fields cross to the worker.
  const record = await extractor.rendered(
    { ctx, res: { ...res, body: null }, html, encoding, ...withRules, ...rawHtml },
    signal,
  );
  record.observed = observed;
  const raw = (await rawJob).record;
  // A raw extraction that failed (a worker fault) or a rendered one that did leaves nothing to compare.
  if (!raw.page.fetch_error && !record.page.fetch_error)
    record.render = await compareRender(raw, record, observed, job.judge ?? null);
  return record;
}
