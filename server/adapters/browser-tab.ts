/**
 * One reusable Chromium tab of the browser pool. Opening a tab costs a renderer process and tens of
 * milliseconds, so tabs are kept between pages: a tab taken again soon navigates straight from its last page to
 * the next, and one left idle is reset to `about:blank` so that its last page stops running. The crawler has
 * already fetched the page (once, under robots and rate limits), so the main document is answered from that
 * body through request interception and the site never sees the page fetched twice; only the scripts and data
 * the page itself asks for reach the network.
 */
import { isIP } from 'node:net';
import { TimeoutError, type HTTPRequest, type Page } from 'puppeteer-core';
import { bareHost } from './address-ranges.js';
import type { RefuseAddress } from './guarded-connect.js';
import type { RenderObservations, RenderProbe } from './render-probe.js';
import {
  SETTLE_PROBE,
  settle,
  type NetworkActivity,
  type Settled,
  type SettledBy,
} from './browser-tab-settle.js';

// After a timeout the DOM is still worth having, but a renderer stuck in a script loop never answers.
const SERIALISE_GRACE_MS = 500;
// The probes run after the DOM is in hand: at least this long, even when the page used up its own time.
const PROBE_MIN_MS = 1_000;
const RESET_TIMEOUT_MS = 2_000;
// How long a released tab stays on its last page before it is reset. A navigation is the costliest thing
// Chromium does for a render besides the page itself, and a crawl takes a tab again within a few hundred ms.
const RESET_DELAY_MS = 1_000;
// Requests the page's content never depends on: link prefetches fetch other pages of the site, pings and
// reports only tell the site about the visit.
const ALWAYS_BLOCKED = new Set(['prefetch', 'ping', 'cspviolationreport']);
// Describe the bytes puppeteer actually sends (UTF-8 of the decoded body), not what the site sent.
const DROPPED_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'location',
]);

/** Rendering ran out of time with no DOM to return (none had loaded, or the page never let go of it). */
export class RenderTimeoutError extends Error {
  override name = 'RenderTimeoutError';
}

/** What a tab lets a page fetch, and what it adds to the requests it lets through. */
export interface TabRequestPolicy {
  blocked: ReadonlySet<string>;
  refuse: RefuseAddress | null;
  credentials: { origin: string; authorization: string } | null;
}

/**
 * Chromium resolves names itself, out of the crawl's connection guard: what can be decided from the URL alone is
 * decided here (IP literals, and localhost names, which always mean loopback).
 */
export function requestVerdict(
  raw: string,
  policy: TabRequestPolicy,
): 'refused' | 'continue' | { authorization: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'continue';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'continue';
  if (policy.refuse) {
    const host = bareHost(url.hostname);
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const address = isIP(host)
      ? host
      : host === 'localhost' || host.endsWith('.localhost')
        ? '127.0.0.1'
        : null;
    if (address && policy.refuse(address, port)) return 'refused';
  }
  const c = policy.credentials;
  return c && url.origin === c.origin ? { authorization: c.authorization } : 'continue';
}

export interface TabRenderRequest {
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The HTML the crawler already fetched; the browser is given it instead of fetching the page again. */
  body: string;
  /** Bounds the time in the tab (load and settle); waiting for a free tab or a launch is not counted. */
  timeoutMs: number;
  userAgent: string;
}

export interface TabRenderResult {
  html: string;
  settled: SettledBy;
  /** What the tab's render probes found (render-probe.ts). */
  observed: RenderObservations;
}

interface RenderJob extends NetworkActivity {
  target: string;
  request: TabRenderRequest;
  /** The main document has been answered: requests from here on are the new page's. */
  served: boolean;
  committed: boolean;
  inFlight: Set<HTTPRequest>;
}

/** Settles with `work`, or rejects with the signal's reason as soon as it aborts. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  // The losing promise must not surface later as an unhandled rejection.
  work.catch(() => {});
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(new RenderTimeoutError(message)), Math.max(0, ms));
  return raceAbort(work, timer.signal).finally(() => clearTimeout(handle));
}

function sameDocument(current: string, target: string): boolean {
  try {
    return withoutFragment(current) === target;
  } catch {
    return false;
  }
}

function withoutFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function documentHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (!DROPPED_HEADERS.has(key)) out[key] = value;
  }
  const mime = (out['content-type'] ?? '').split(';')[0]?.trim() || 'text/html';
  out['content-type'] = `${mime}; charset=utf-8`;
  return out;
}

function ignore(work: Promise<unknown>): void {
  // Interception calls fail once the tab or browser is gone; there is nobody left to tell.
  work.catch(() => {});
}

export class BrowserTab {
  readonly page: Page;
  readonly #policy: TabRequestPolicy;
  readonly #probes: readonly RenderProbe[];
  #job: RenderJob | null = null;
  #userAgent: string | null = null;
  #crashed = new AbortController();
  #hung = false;
  /** On its last page with a reset pending, being reset, or on about:blank (or in use). */
  #state: 'dirty' | 'resetting' | 'clean' = 'clean';
  #resetTimer: NodeJS.Timeout | undefined;
  #ready: Promise<boolean> = Promise.resolve(true);
  /** When the render in progress runs out of time (its probes get what is left). */
  #deadline = 0;

  private constructor(page: Page, policy: TabRequestPolicy, probes: readonly RenderProbe[]) {
    this.page = page;
    this.#policy = policy;
    this.#probes = probes;
  }

  /** Prepares a fresh or adopted tab: interception, dialog and popup handling, and its render probes. */
  static async adopt(
    page: Page,
    policy: TabRequestPolicy,
    probes: readonly RenderProbe[] = [],
  ): Promise<BrowserTab> {
    const tab = new BrowserTab(page, policy, probes);
    page.on('request', (request) => tab.#onRequest(request));
    page.on('requestfinished', (request) => tab.#settle(request));
    page.on('requestfailed', (request) => tab.#settle(request));
    page.on('framenavigated', (frame) => {
      // Only once our document was answered: before that, a pushState or hash change of the last page on a
      // reused tab would pass for the new page and its DOM would be stored under the new URL.
      if (tab.#job?.served && frame === page.mainFrame()) tab.#job.committed = true;
    });
    // A pending alert() blocks the page's script; leaving a beforeunload prompt up would block the reset.
    page.on('dialog', (dialog) =>
      ignore(dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()),
    );
    // Chromium's popup blocker stops window.open without a gesture; anything that still opens is not the page.
    page.on('popup', (popup) => {
      if (popup) ignore(popup.close());
    });
    page.on('error', (err) =>
      tab.#crashed.abort(new Error(`Chromium tab crashed: ${err.message}`, { cause: err })),
    );
    await page.setRequestInterception(true);
    await page.evaluateOnNewDocument(SETTLE_PROBE);
    // A service worker would fetch on the page's behalf outside our interception.
    await page.setBypassServiceWorker(true);
    for (const probe of probes) await probe.install(page);
    return tab;
  }

  /** Aborts when the tab's renderer has crashed; such a tab is never reused. */
  get crashed(): AbortSignal {
    return this.#crashed.signal;
  }

  /**
   * Loads the page from the given body, waits for DOMContentLoaded and then for the page to settle
   * (browser-tab-settle.ts), and returns the serialised DOM. On timeout the DOM as far as it got is returned;
   * without any document it throws.
   */
  async render(request: TabRenderRequest, signal: AbortSignal): Promise<TabRenderResult> {
    const out = await this.#render(request, signal);
    return { ...out, observed: await this.#observe(signal) };
  }

  /**
   * What the probes found on the page just rendered, each within what is left of the render's time (at least
   * PROBE_MIN_MS); a probe that fails or overruns is left out.
   */
  async #observe(signal: AbortSignal): Promise<RenderObservations> {
    const observed: RenderObservations = {};
    for (const probe of this.#probes) {
      const budget = Math.max(PROBE_MIN_MS, this.#deadline - Date.now());
      try {
        const found = await raceAbort(
          withTimeout(probe.collect(this.page, budget, signal), budget, `${probe.name} overran`),
          signal,
        );
        if (found !== null && found !== undefined) observed[probe.name] = found;
      } catch {
        // A probe's own failure or overrun (a script the page broke, a closed session) costs its result only.
        signal.throwIfAborted();
      }
    }
    return observed;
  }

  async #render(
    request: TabRenderRequest,
    signal: AbortSignal,
  ): Promise<{ html: string; settled: SettledBy }> {
    const deadline = Date.now() + request.timeoutMs;
    this.#deadline = deadline;
    const target = withoutFragment(request.url);
    // From a URL that differs only in its fragment, Chromium would scroll instead of loading the body.
    if (this.#state === 'dirty' && sameDocument(this.page.url(), target)) {
      await raceAbort(
        withTimeout(this.page.goto('about:blank'), RESET_TIMEOUT_MS, 'tab reset timed out'),
        signal,
      );
    }
    this.#state = 'clean';
    const job: RenderJob = {
      target,
      request,
      served: false,
      committed: false,
      inFlight: new Set(),
      lastChange: performance.now(),
      onNetworkChange: () => {},
    };
    this.#job = job;
    for (const probe of this.#probes) probe.begin(request.url);
    if (this.#userAgent !== request.userAgent) {
      await raceAbort(this.page.setUserAgent(request.userAgent), signal);
      this.#userAgent = request.userAgent;
    }
    let settled: Settled | null = null;
    try {
      await raceAbort(
        this.page.goto(request.url, {
          waitUntil: 'domcontentloaded',
          timeout: Math.max(1, deadline - Date.now()),
        }),
        signal,
      );
      settled = await raceAbort(settle(this.page, job, deadline, signal), signal);
    } catch (err) {
      if (!(err instanceof TimeoutError)) throw err;
    }
    // The probe serialised the settled DOM in the call that found it settled.
    if (typeof settled?.html === 'string') return { html: settled.html, settled: settled.by };
    const timedOut = settled === null;
    const timeoutMessage = `Rendering ${request.url} timed out after ${request.timeoutMs} ms`;
    if (timedOut && !job.committed) {
      // Most likely the last page holds the renderer in a script, and would hold the next navigation too.
      this.#hung = true;
      throw new RenderTimeoutError(`${timeoutMessage} before any document loaded`);
    }
    const budget = timedOut ? SERIALISE_GRACE_MS : Math.max(deadline - Date.now(), SERIALISE_GRACE_MS);
    try {
      const html = await raceAbort(
        withTimeout(this.page.content(), budget, `${timeoutMessage}: the page did not yield its DOM`),
        signal,
      );
      return { html, settled: settled?.by ?? 'timeout' };
    } catch (err) {
      // Its renderer is busy in a script; navigating it away would wait on that script too.
      if (err instanceof RenderTimeoutError) this.#hung = true;
      throw err;
    }
  }

  /** False once the tab crashed or got stuck in a script: it is closed rather than reused. */
  get reusable(): boolean {
    return !this.#hung && !this.#crashed.signal.aborted && !this.page.isClosed();
  }

  /**
   * Takes the tab back after a render. Its last page may run on for RESET_DELAY_MS (every request it makes is
   * refused) and is then cleared away in the background; a render that takes the tab sooner navigates straight
   * from it, and one that takes it during the reset waits for it through `ready()`.
   */
  recycle(): void {
    this.#job = null;
    this.#state = 'dirty';
    clearTimeout(this.#resetTimer);
    this.#resetTimer = setTimeout(() => {
      this.#state = 'resetting';
      this.#ready = this.#reset().finally(() => {
        if (this.#state === 'resetting') this.#state = 'clean';
      });
    }, RESET_DELAY_MS);
    this.#resetTimer.unref();
  }

  /** Whether the tab can be taken without waiting for a reset. */
  get idle(): boolean {
    return this.#state !== 'resetting';
  }

  /** Resolves false when the tab is not fit for reuse and should be closed. */
  ready(): Promise<boolean> {
    if (this.#state !== 'dirty') return this.#ready;
    clearTimeout(this.#resetTimer);
    return Promise.resolve(this.reusable);
  }

  async #reset(): Promise<boolean> {
    if (!this.reusable) return false;
    try {
      await withTimeout(this.page.goto('about:blank'), RESET_TIMEOUT_MS, 'tab reset timed out');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.#job = null;
    clearTimeout(this.#resetTimer);
    try {
      await withTimeout(this.page.close(), RESET_TIMEOUT_MS, 'tab close timed out');
    } catch {
      // A tab that will not close dies with its browser.
    }
  }

  #onRequest(request: HTTPRequest): void {
    const job = this.#job;
    // Between renders nothing is wanted: whatever the last page still asks for is cut off here.
    if (!job) return ignore(request.abort('aborted'));
    const mainFrame = request.isNavigationRequest() && request.frame() === this.page.mainFrame();
    // Until the new document is answered, anything else still comes from the last page on this tab.
    if (!mainFrame && !job.served) return ignore(request.abort('aborted'));
    if (mainFrame) {
      let url: string;
      try {
        url = withoutFragment(request.url());
      } catch {
        return ignore(request.abort('aborted'));
      }
      // A script or meta refresh that leaves the page would render a URL the crawler did not schedule. 'aborted'
      // cancels the navigation and keeps the page; any other reason commits Chromium's error page over it.
      if (url !== job.target) return ignore(request.abort('aborted'));
      this.#track(job, request);
      job.served = true;
      const { status, headers, body } = job.request;
      const full = documentHeaders(headers);
      return ignore(
        // Chromium refuses a header it considers malformed; an unanswered request would hang the render.
        request
          .respond({ status, headers: full, body })
          .catch(() => request.respond({ status, headers: { 'content-type': full['content-type']! }, body })),
      );
    }
    // Paused with no network record (no initiator): what the last page on this tab still asks for as it is torn
    // down. Chromium never reports such a request's end, so a render tracking it would never see the network
    // quiet; nor is its type known, so the block list cannot apply.
    if (request.initiator() === undefined) return ignore(request.abort('aborted'));
    const type = request.resourceType();
    if (this.#policy.blocked.has(type) || ALWAYS_BLOCKED.has(type))
      return ignore(request.abort('blockedbyclient'));
    // The browser's own favicon fetch ('other', not started by the page) would hit the site on every render.
    if (type === 'other' && request.initiator()?.type === 'other')
      return ignore(request.abort('blockedbyclient'));
    const verdict = requestVerdict(request.url(), this.#policy);
    if (verdict === 'refused') return ignore(request.abort('blockedbyclient'));
    this.#track(job, request);
    ignore(
      verdict === 'continue'
        ? request.continue()
        : request.continue({ headers: { ...request.headers(), authorization: verdict.authorization } }),
    );
  }

  #track(job: RenderJob, request: HTTPRequest): void {
    job.inFlight.add(request);
    job.lastChange = performance.now();
    job.onNetworkChange();
  }

  #settle(request: HTTPRequest): void {
    const job = this.#job;
    if (!job?.inFlight.delete(request)) return;
    job.lastChange = performance.now();
    job.onNetworkChange();
  }
}
