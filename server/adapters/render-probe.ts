/**
 * What a render learns about a page besides its DOM (#36, the rendered audit): the console's errors, the lab's
 * paint and layout figures, axe's accessibility findings. Each is a probe, one instance per tab (probes keep
 * per-tab state such as a DevTools session), installed when the tab is opened and asked after each render.
 * The tab runs them; it knows nothing of what they measure. A probe that fails or runs out of time gives
 * nothing for that page and never fails the render.
 */
import type { Page } from 'puppeteer-core';

/** What the probes of one render found, by probe; a probe that found nothing or failed is absent. */
export interface RenderObservations {
  [probe: string]: unknown;
}

export interface RenderProbe {
  /** The key of its result in `RenderObservations`. */
  readonly name: string;
  /** Once per tab, before its first page: listeners, `evaluateOnNewDocument` scripts, DevTools sessions. */
  install(page: Page): Promise<void>;
  /** Before each navigation: forget what the tab's last page left. */
  begin(url: string): void;
  /**
   * After the page settled and its DOM was serialised (not after a render that failed). Must finish within
   * `budgetMs` or is abandoned; `signal` aborts with the render.
   */
  collect(page: Page, budgetMs: number, signal: AbortSignal): Promise<unknown>;
}

/** Makes one tab's probes (called once per tab). */
export type RenderProbeFactory = () => RenderProbe[];
