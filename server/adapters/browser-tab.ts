/**
 * One reusable Chromium tab of the browser pool. Opening a tab costs a renderer process and tens of
 * milliseconds, so tabs are kept and reset to `about:blank` between pages. The crawler has already fetched the
 * page (once, under robots and rate limits), so the main document is answered from that body through request
 * interception and the site never sees the page fetched twice; only the scripts and data the page itself asks
 * for reach the network.
 */
import { TimeoutError, type HTTPRequest, type Page } from 'puppeteer-core';

// How long the network must stay quiet before a page counts as rendered: long enough to bridge the gap between
// a script arriving and the fetch it starts, short enough to keep a render near the page's own load time.
const NETWORK_IDLE_MS = 300;
// After a timeout the DOM is still worth having, but a renderer stuck in a script loop never answers.
const SERIALISE_GRACE_MS = 500;
const RESET_TIMEOUT_MS = 2_000;
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

interface RenderJob {
  target: string;
  request: TabRenderRequest;
  committed: boolean;
  inFlight: Set<HTTPRequest>;
  onNetworkChange: () => void;
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
  readonly #blocked: ReadonlySet<string>;
  #job: RenderJob | null = null;
  #userAgent: string | null = null;
  #crashed = new AbortController();
  #hung = false;
  #ready: Promise<boolean> = Promise.resolve(true);

  private constructor(page: Page, blocked: ReadonlySet<string>) {
    this.page = page;
    this.#blocked = blocked;
  }

  /** Prepares a fresh or adopted tab: interception, dialog and popup handling. */
  static async adopt(page: Page, blocked: ReadonlySet<string>): Promise<BrowserTab> {
    const tab = new BrowserTab(page, blocked);
    page.on('request', (request) => tab.#onRequest(request));
    page.on('requestfinished', (request) => tab.#settle(request));
    page.on('requestfailed', (request) => tab.#settle(request));
    page.on('framenavigated', (frame) => {
      if (tab.#job && frame === page.mainFrame()) tab.#job.committed = true;
    });
    // A pending alert() blocks the page's script; leaving a beforeunload prompt up would block the reset.
    page.on('dialog', (dialog) =>
      ignore(dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()),
    );
    // Chromium's popup blocker stops window.open without a gesture; anything that still opens is not the page.
    page.on('popup', (popup) => {
      if (popup) ignore(popup.close());
    });
    page.on('error', (err) => tab.#crashed.abort(new Error(`Chromium tab crashed: ${err.message}`)));
    await page.setRequestInterception(true);
    // A service worker would fetch on the page's behalf outside our interception.
    await page.setBypassServiceWorker(true);
    return tab;
  }

  /** Aborts when the tab's renderer has crashed; such a tab is never reused. */
  get crashed(): AbortSignal {
    return this.#crashed.signal;
  }

  /**
   * Loads the page from the given body, waits for DOMContentLoaded and then for a quiet network, and returns the
   * serialised DOM. On timeout the DOM as far as it got is returned; without any document it throws.
   */
  async render(request: TabRenderRequest, signal: AbortSignal): Promise<string> {
    const deadline = Date.now() + request.timeoutMs;
    const job: RenderJob = {
      target: withoutFragment(request.url),
      request,
      committed: false,
      inFlight: new Set(),
      onNetworkChange: () => {},
    };
    this.#job = job;
    if (this.#userAgent !== request.userAgent) {
      await raceAbort(this.page.setUserAgent(request.userAgent), signal);
      this.#userAgent = request.userAgent;
    }
    let timedOut = false;
    try {
      await raceAbort(
        this.page.goto(request.url, {
          waitUntil: 'domcontentloaded',
          timeout: Math.max(1, deadline - Date.now()),
        }),
        signal,
      );
      timedOut = !(await raceAbort(this.#networkIdle(job, deadline, signal), signal));
    } catch (err) {
      if (!(err instanceof TimeoutError)) throw err;
      timedOut = true;
    }
    const timeoutMessage = `Rendering ${request.url} timed out after ${request.timeoutMs} ms`;
    if (timedOut && !job.committed)
      throw new RenderTimeoutError(`${timeoutMessage} before any document loaded`);
    const budget = timedOut ? SERIALISE_GRACE_MS : Math.max(deadline - Date.now(), SERIALISE_GRACE_MS);
    try {
      return await raceAbort(
        withTimeout(this.page.content(), budget, `${timeoutMessage}: the page did not yield its DOM`),
        signal,
      );
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
   * Starts clearing the last page away (its scripts, timers and requests) in the background, so the caller gets
   * its HTML without waiting; the next render on this tab waits for it through `ready()`.
   */
  recycle(): void {
    this.#job = null;
    this.#ready = this.#reset();
  }

  /** Resolves false when the tab is not fit for reuse and should be closed. */
  ready(): Promise<boolean> {
    return this.#ready;
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
      const { status, headers, body } = job.request;
      const full = documentHeaders(headers);
      return ignore(
        // Chromium refuses a header it considers malformed; an unanswered request would hang the render.
        request
          .respond({ status, headers: full, body })
          .catch(() => request.respond({ status, headers: { 'content-type': full['content-type']! }, body })),
      );
    }
    const type = request.resourceType();
    if (this.#blocked.has(type) || ALWAYS_BLOCKED.has(type)) return ignore(request.abort('blockedbyclient'));
    // The browser's own favicon fetch ('other', not started by the page) would hit the site on every render.
    if (type === 'other' && request.initiator()?.type === 'other')
      return ignore(request.abort('blockedbyclient'));
    this.#track(job, request);
    ignore(request.continue());
  }

  #track(job: RenderJob, request: HTTPRequest): void {
    job.inFlight.add(request);
    job.onNetworkChange();
  }

  #settle(request: HTTPRequest): void {
    const job = this.#job;
    if (job?.inFlight.delete(request)) job.onNetworkChange();
  }

  /**
   * Resolves true once no request of this render has been in flight for NETWORK_IDLE_MS, false at the deadline
   * or on abort. Counted here rather than with page.waitForNetworkIdle so that requests of the previous page on
   * this tab, still failing after the reset, cannot keep this one waiting.
   */
  #networkIdle(job: RenderJob, deadline: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      let quiet: NodeJS.Timeout | undefined;
      const finish = (idle: boolean) => {
        clearTimeout(quiet);
        clearTimeout(hard);
        signal.removeEventListener('abort', onAbort);
        job.onNetworkChange = () => {};
        resolve(idle);
      };
      const onAbort = () => finish(false);
      signal.addEventListener('abort', onAbort, { once: true });
      const hard = setTimeout(() => finish(false), Math.max(0, deadline - Date.now()));
      job.onNetworkChange = () => {
        clearTimeout(quiet);
        if (job.inFlight.size === 0) quiet = setTimeout(() => finish(true), NETWORK_IDLE_MS);
      };
      job.onNetworkChange();
    });
  }
}
