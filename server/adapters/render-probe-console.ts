/**
 * The JavaScript part of the rendered audit (#36 §1): what the page's scripts reported while it loaded (uncaught
 * errors, `console.error`) and which scripts and stylesheets it asked for. It only listens; the tab decides what
 * is fetched (some requests are aborted there: images, fonts, media, private addresses), and this records what the
 * page asked for either way, since robots.txt applies to what Google's renderer would ask for.
 *
 * Everything here is the page's own text: bounded in count and length, never interpreted.
 */
import type { ConsoleMessage, HTTPRequest, Page } from 'puppeteer-core';
import type { RenderProbe } from './render-probe.js';

/** The key of this probe's result in `RenderObservations`. */
export const CONSOLE_PROBE = 'console';

/** Messages kept a page (its count says how many there were); repeats of one message are kept once. */
export const MAX_MESSAGES = 10;
/** A message's first line, cut to this many characters. */
export const MAX_MESSAGE_CHARS = 300;
/** Scripts and stylesheets kept a page: a page asking for more is a tag manager's, and the first are its own. */
export const MAX_REQUESTED = 200;

export interface ConsoleError {
  /** `uncaught`: an exception or rejection nothing caught; `console`: the page called `console.error`. */
  kind: 'uncaught' | 'console';
  text: string;
  /** Where it came from (script URL and line, or the stack's first frame), when Chromium says. */
  source: string | null;
}

export interface RequestedResource {
  url: string;
  kind: 'script' | 'stylesheet';
}

export interface ConsoleObservation {
  errors: ConsoleError[];
  /** Every error of the page, the repeated and the ones past MAX_MESSAGES included. */
  error_count: number;
  requested: RequestedResource[];
}

const firstLine = (text: string): string => {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS - 1)}…` : line;
};

const withoutFragment = (url: string): string => {
  const at = url.indexOf('#');
  return at < 0 ? url : url.slice(0, at);
};

/**
 * A failed load is logged by Chromium itself as an error ("Failed to load resource: …"): for the images and
 * fonts the tab refuses on purpose on every page, and for broken files, which the resource checks report with
 * their status. Neither is the page's script failing.
 */
const NETWORK_FAILURE = /^Failed to load resource\b/;

export class ConsoleProbe implements RenderProbe {
  readonly name = CONSOLE_PROBE;
  #target = '';
  /**
   * Set when the tab asks for this render's document: before that, messages and requests are still the last
   * page's on a reused tab (browser-tab.ts navigates straight from it).
   */
  #live = false;
  #errors: ConsoleError[] = [];
  #seen = new Set<string>();
  #count = 0;
  #requested = new Map<string, RequestedResource['kind']>();

  async install(page: Page): Promise<void> {
    page.on('request', (request: HTTPRequest) => this.#onRequest(page, request));
    page.on('console', (message: ConsoleMessage) => {
      if (!this.#live || message.type() !== 'error') return;
      const text = message.text();
      if (NETWORK_FAILURE.test(text)) return;
      const at = message.location();
      const source = at.url ? `${at.url}${at.lineNumber !== undefined ? `:${at.lineNumber + 1}` : ''}` : null;
      this.#add('console', text, source);
    });
    page.on('pageerror', (error: unknown) => {
      if (!this.#live) return;
      const err = error instanceof Error ? error : new Error(String(error));
      const frame = /^\s*at .+$/m.exec(err.stack ?? '')?.[0]?.trim() ?? null;
      this.#add(
        'uncaught',
        `${err.name && err.name !== 'Error' ? `${err.name}: ` : ''}${err.message}`,
        frame,
      );
    });
  }

  begin(url: string): void {
    this.#target = withoutFragment(url);
    this.#live = false;
    this.#errors = [];
    this.#seen = new Set();
    this.#count = 0;
    this.#requested = new Map();
  }

  async collect(): Promise<ConsoleObservation> {
    return {
      errors: this.#errors,
      error_count: this.#count,
      requested: [...this.#requested].map(([url, kind]) => ({ url, kind })),
    };
  }

  #onRequest(page: Page, request: HTTPRequest): void {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      if (withoutFragment(request.url()) === this.#target) this.#live = true;
      return;
    }
    if (!this.#live || this.#requested.size >= MAX_REQUESTED) return;
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const url = request.url();
    if (!/^https?:/i.test(url)) return;
    if (!this.#requested.has(url)) this.#requested.set(url, type);
  }

  #add(kind: ConsoleError['kind'], text: string, source: string | null): void {
    this.#count++;
    const line = firstLine(text);
    const key = `${kind} ${line}`;
    if (this.#errors.length >= MAX_MESSAGES || this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#errors.push({
      kind,
      text: line,
      source: source === null ? null : firstLine(source),
    });
  }
}
