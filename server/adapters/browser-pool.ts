/**
 * Renders JavaScript pages for the crawler (`render_js: on|auto`) in headless Chromium through puppeteer-core.
 * A browser is expensive to start and grows with every page it renders, and a crawl may render thousands of
 * pages, so the pool launches Chromium only when a render first needs it, bounds the number of tabs, reuses
 * tabs, retires a browser after a number of renders, closes it when the crawl goes quiet, and relaunches after
 * a crash. Each browser gets its own throw-away profile so nothing leaks between runs or into the user's.
 */
import { execFile } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type Browser } from 'puppeteer-core';
import type { RefuseAddress } from './guarded-connect.js';
import { BrowserTab, raceAbort, type TabRenderRequest, type TabRequestPolicy } from './browser-tab.js';
import type { SettledBy } from './browser-tab-settle.js';
import type { RenderObservations, RenderProbeFactory } from './render-probe.js';
import { Slots } from './slots.js';

export { RenderTimeoutError } from './browser-tab.js';

export interface BrowserPoolOptions {
  executablePath: string;
  /** Tabs rendering at once; further renders wait for a free tab. */
  maxPages?: number;
  /** Renders after which a browser is replaced, since Chromium's memory only grows. */
  pagesPerBrowser?: number;
  /** Idle time after which the browser is closed, to give memory back between crawls. */
  idleCloseMs?: number;
  /** Resource types never fetched: they cost bandwidth and do not change the DOM. */
  blockResourceTypes?: string[];
  /** Addresses a page's own requests may not reach (checked for IP literals and localhost names). */
  refuse?: RefuseAddress;
  /** An `Authorization` value added to the page's requests to this origin only. */
  credentials?: { origin: string; authorization: string } | null;
  /** What each render observes besides the DOM (render-probe.ts): a fresh set per tab. */
  probes?: RenderProbeFactory;
}

export interface RenderRequest extends TabRenderRequest {
  signal?: AbortSignal;
}

export interface RenderResult {
  html: string;
  /** Time spent in the tab, from navigation to the serialised DOM. */
  renderMs: number;
  /** What ended the wait for the page to finish drawing (browser-tab-settle.ts). */
  settled: SettledBy;
  /** What the render probes found (render-probe.ts); empty without probes. */
  observed: RenderObservations;
}

/** Chromium could not be started; the message names the executable and the reason. */
export class BrowserUnavailableError extends Error {
  override name = 'BrowserUnavailableError';
}

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // Pages left for about:blank would otherwise stay alive in the back/forward cache; without it a tab reset is
  // about 25 ms instead of 65 ms, and memory stays flat. Puppeteer merges this with its own disabled features.
  '--disable-features=BackForwardCache',
];
const CLOSE_TIMEOUT_MS = 5_000;

/** One launched Chromium with its profile directory and tabs. */
interface Generation {
  browser: Browser;
  profileDir: string;
  /** Renders handed to this browser; at `pagesPerBrowser` it takes no more. */
  assigned: number;
  /** Renders using it right now. */
  active: number;
  retiring: boolean;
  free: BrowserTab[];
  tabs: Set<BrowserTab>;
  /** Aborts when the browser goes away, failing the renders still inside it. */
  lost: AbortController;
  disposed?: Promise<void>;
}

/**
 * Puppeteer's error for a binary that dies at once over a pipe is "Target closed", which tells a user nothing,
 * so on failure the binary is asked for its version to say whether it is missing, not a browser, or a browser
 * that refuses to start.
 */
async function explainLaunchFailure(executablePath: string, err: unknown): Promise<string> {
  const reason = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
  try {
    await access(executablePath, constants.X_OK);
  } catch (accessErr) {
    const code = (accessErr as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : `not executable (${code})`;
  }
  const version = await new Promise<string>((resolve) => {
    execFile(executablePath, ['--version'], { timeout: 5_000 }, (error, stdout) =>
      resolve(error ? '' : (String(stdout).trim().split('\n')[0] ?? '')),
    );
  });
  if (!/chrom/i.test(version)) {
    return `it exited at once and does not answer --version like Chromium or Chrome (${version || 'no output'})`;
  }
  return `${version} exited during startup: ${reason}`;
}

function positiveInt(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

export class BrowserPool {
  readonly #executablePath: string;
  readonly #pagesPerBrowser: number;
  readonly #idleCloseMs: number;
  readonly #policy: TabRequestPolicy;
  readonly #probes: RenderProbeFactory;
  readonly #slots: Slots;
  readonly #generations = new Set<Generation>();
  readonly #closing = new AbortController();
  #current: Generation | null = null;
  #launching: Promise<Generation> | null = null;
  #active = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  #renders = 0;
  #launches = 0;

  constructor(opts: BrowserPoolOptions) {
    this.#executablePath = opts.executablePath;
    this.#probes = opts.probes ?? (() => []);
    this.#slots = new Slots(positiveInt('maxPages', opts.maxPages ?? 4));
    this.#pagesPerBrowser = positiveInt('pagesPerBrowser', opts.pagesPerBrowser ?? 500);
    this.#idleCloseMs = Math.max(0, opts.idleCloseMs ?? 30_000);
    this.#policy = {
      blocked: new Set(opts.blockResourceTypes ?? ['image', 'font', 'media']),
      refuse: opts.refuse ?? null,
      credentials: opts.credentials ?? null,
    };
    // Every render waiting for a slot listens on this signal; that is many listeners by design, not a leak.
    setMaxListeners(0, this.#closing.signal);
  }

  /** Renders that returned HTML (partial ones included), browsers launched, and tabs open right now. */
  get stats(): { renders: number; launches: number; openPages: number } {
    let openPages = 0;
    for (const gen of this.#generations) openPages += gen.tabs.size;
    return { renders: this.#renders, launches: this.#launches, openPages };
  }

  async render(req: RenderRequest): Promise<RenderResult> {
    if (!/^https?:$/.test(new URL(req.url).protocol)) throw new TypeError(`cannot render ${req.url}`);
    if (!(req.timeoutMs > 0)) throw new RangeError('timeoutMs must be positive');
    if (this.#closing.signal.aborted) throw new Error('BrowserPool is closed');
    const signal = req.signal ? AbortSignal.any([req.signal, this.#closing.signal]) : this.#closing.signal;
    await this.#slots.acquire(signal);
    this.#active += 1;
    clearTimeout(this.#idleTimer);
    let gen: Generation | undefined;
    let tab: BrowserTab | undefined;
    try {
      gen = await this.#assignBrowser(signal);
      gen.active += 1;
      tab = await this.#takeTab(gen);
      const started = performance.now();
      const out = await tab.render(req, AbortSignal.any([signal, gen.lost.signal, tab.crashed]));
      this.#renders += 1;
      return { ...out, renderMs: Math.round(performance.now() - started) };
    } finally {
      this.#release(gen, tab);
    }
  }

  /** Closes every browser and removes their profiles; renders still running fail. */
  async close(): Promise<void> {
    this.#closing.abort(new Error('BrowserPool is closed'));
    clearTimeout(this.#idleTimer);
    await this.#launching?.catch(() => {});
    await Promise.all([...this.#generations].map((gen) => this.#dispose(gen)));
  }

  /** Picks the browser for one render, launching one when there is none with room left. */
  async #assignBrowser(signal: AbortSignal): Promise<Generation> {
    for (;;) {
      const gen = this.#current;
      if (gen && !gen.retiring && gen.browser.connected) {
        gen.assigned += 1;
        if (gen.assigned >= this.#pagesPerBrowser) {
          // Later renders go to a fresh browser; this one closes once its renders are done.
          gen.retiring = true;
          this.#current = null;
        }
        return gen;
      }
      this.#launching ??= this.#launch().finally(() => (this.#launching = null));
      // Launching goes on if this render gives up; the browser then serves the next one.
      await raceAbort(this.#launching, signal);
    }
  }

  async #launch(): Promise<Generation> {
    const profileDir = await mkdtemp(join(tmpdir(), 'siteloupe-chromium-'));
    let browser: Browser;
    try {
      browser = await launch({
        executablePath: this.#executablePath,
        headless: true,
        args: LAUNCH_ARGS,
        userDataDir: profileDir,
        // Chromium's own popup blocker then stops window.open without a user gesture, as in a real browser.
        ignoreDefaultArgs: ['--disable-popup-blocking'],
        // A pipe instead of a debugging port that any local process could connect to.
        pipe: true,
        // The server owns shutdown; puppeteer's handlers would exit the process on SIGINT.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (err) {
      await rm(profileDir, { recursive: true, force: true, maxRetries: 3 });
      const why = await explainLaunchFailure(this.#executablePath, err);
      throw new BrowserUnavailableError(
        `Chromium could not be started from ${this.#executablePath}: ${why}`,
        {
          cause: err,
        },
      );
    }
    this.#launches += 1;
    const gen: Generation = {
      browser,
      profileDir,
      assigned: 0,
      active: 0,
      retiring: false,
      free: [],
      tabs: new Set(),
      lost: new AbortController(),
    };
    this.#generations.add(gen);
    browser.once('disconnected', () => {
      gen.lost.abort(new Error('Chromium exited while rendering'));
      if (this.#current === gen) this.#current = null;
      void this.#dispose(gen);
    });
    if (this.#closing.signal.aborted) {
      await this.#dispose(gen);
      throw this.#closing.signal.reason as Error;
    }
    // The tab Chromium starts with is adopted rather than left idle beside ours.
    const [initial] = await browser.pages().catch(() => []);
    if (initial) {
      const tab = await BrowserTab.adopt(initial, this.#policy, this.#probes()).catch(() => null);
      if (tab) {
        gen.tabs.add(tab);
        gen.free.push(tab);
      }
    }
    this.#current = gen;
    return gen;
  }

  /** A reused tab, one that needs no wait for its reset first, else a new one. */
  async #takeTab(gen: Generation): Promise<BrowserTab> {
    for (;;) {
      const at = gen.free.findIndex((t) => t.idle);
      const [tab] = gen.free.splice(Math.max(at, 0), 1);
      if (!tab) break;
      // Not raced with the signal: a reset is bounded, and a tab dropped here would never be closed.
      if (await tab.ready()) return tab;
      gen.tabs.delete(tab);
      void tab.close();
    }
    return await this.#openTab(gen);
  }

  async #openTab(gen: Generation): Promise<BrowserTab> {
    const page = await gen.browser.newPage();
    const tab = await BrowserTab.adopt(page, this.#policy, this.#probes()).catch(async (err: unknown) => {
      await page.close().catch(() => {});
      throw err;
    });
    gen.tabs.add(tab);
    return tab;
  }

  /** Puts the tab back (resetting in the background) or closes it, and hands the slot on. */
  #release(gen: Generation | undefined, tab: BrowserTab | undefined): void {
    if (gen && tab && !gen.retiring) {
      if (gen.browser.connected && !this.#closing.signal.aborted && tab.reusable) {
        tab.recycle();
        gen.free.push(tab);
      } else {
        gen.tabs.delete(tab);
        void tab.close();
      }
    }
    if (gen) {
      gen.active -= 1;
      // A retired browser goes with all its tabs once its last render is out.
      if (gen.retiring && gen.active === 0) void this.#dispose(gen);
    }
    this.#active -= 1;
    this.#slots.release();
    if (this.#active === 0 && !this.#closing.signal.aborted) this.#armIdleClose();
  }

  #armIdleClose(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#active > 0) return;
      for (const gen of this.#generations) void this.#dispose(gen);
      this.#current = null;
    }, this.#idleCloseMs);
    // An idle pool must not keep the process alive on its own.
    this.#idleTimer.unref();
  }

  /** Closes a browser (killing it if it will not close) and removes its profile; safe to call twice. */
  #dispose(gen: Generation): Promise<void> {
    gen.disposed ??= (async () => {
      gen.retiring = true;
      if (this.#current === gen) this.#current = null;
      gen.lost.abort(new Error('Chromium was closed'));
      try {
        await raceAbort(gen.browser.close(), AbortSignal.timeout(CLOSE_TIMEOUT_MS));
      } catch {
        const child = gen.browser.process();
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        }
      }
      gen.tabs.clear();
      gen.free.length = 0;
      await rm(gen.profileDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
      this.#generations.delete(gen);
    })();
    return gen.disposed;
  }
}
