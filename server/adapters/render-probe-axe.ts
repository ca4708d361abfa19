/**
 * The accessibility probe (#36 §2): runs axe-core in each rendered page once it settled and its DOM was kept, with
 * the rules of the accessibility catalogue (WCAG 2.1 A and AA, and axe's best practices when asked), and returns
 * the failures only, bounded: per rule the number of failing elements and the first ten, each with a selector, its
 * markup and axe's summary (schemas/a11y-scan.ts).
 *
 * axe-core ships its script in the npm package; it is read once from the installed package (inside app.asar in
 * the desktop build, which Electron's fs reads) and evaluated in the page through DevTools, so a page's CSP does
 * not stop it and nothing is fetched. What keeps its cost down (docs/benchmarks.md, "Accessibility"): only
 * violations are reported (axe then keeps one node of each passing rule instead of all), no stylesheet preload
 * (no rule we run reads the CSSOM, and preloading fetches every stylesheet again), no iframes (axe would wait for
 * each frame to answer; content in frames is not checked), no XPath or ancestry for the nodes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';
import { A11Y_RULES, AXE_VERSION } from '../schemas/audit-a11y-rules.js';
import { A11Y_LIMITS, A11yScan } from '../schemas/a11y-scan.js';
import type { RenderProbe } from './render-probe.js';

export const AXE_PROBE = 'axe';

const require = createRequire(import.meta.url);
let source: string | null = null;
/** axe-core's script (about 560 KB), read on first use. */
export function axeSource(): string {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/**
 * Rules whose failures axe reports as "needs review" (incomplete), which a report of violations only would never
 * show: they are run as ordinary rules, and the catalogue lists their failures as warnings.
 */
const REVIEWED = Object.values(A11Y_RULES)
  .filter((r) => r.review)
  .map((r) => r.rule);

/** The rules a page is checked with: the catalogue's WCAG rules, and its best practices when asked. */
export function axeRules(bestPractices: boolean): string[] {
  return Object.values(A11Y_RULES)
    .filter((r) => bestPractices || r.set === 'wcag')
    .map((r) => r.rule);
}

interface PageViolation {
  rule: string;
  impact: string | null;
  count: number;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/**
 * Runs in the page (as text: a compiled function could carry the bundler's helpers): axe with the given rules, its
 * violations cut down before they cross back. A target is a selector, or for a shadow root the host's and the
 * inner one's.
 */
const RUN_AXE = `async (rules, reviewed, limits) => {
  window.axe.configure({ rules: reviewed.map((id) => ({ id, reviewOnFail: false })) });
  const cut = (s, max) => (s.length > max ? s.slice(0, max - 1) + '\u2026' : s);
  const results = await window.axe.run(document, {
    runOnly: { type: 'rule', values: rules },
    resultTypes: ['violations'],
    reporter: 'v1',
    iframes: false,
    preload: false,
    xpath: false,
    ancestry: false,
    elementRef: false,
    performanceTimer: false,
  });
  return {
    version: window.axe.version,
    violations: results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact || null,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, limits.nodes).map((n) => ({
        target: cut(n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' '), limits.target),
        html: cut(String(n.html || ''), limits.html),
        summary: cut(String(n.failureSummary || ''), limits.summary),
      })),
    })),
  };
}`;

export class AxeProbe implements RenderProbe {
  readonly name = AXE_PROBE;
  readonly #rules: string[];

  constructor(private readonly bestPractices: boolean) {
    this.#rules = axeRules(bestPractices);
  }

  async install(): Promise<void> {}

  begin(): void {}

  async collect(page: Page): Promise<A11yScan> {
    const started = performance.now();
    // A string, not a function: evaluated as a script by DevTools, so `var axe` lands on the page's window.
    await page.evaluate(axeSource());
    const found = (await page.evaluate(
      `(${RUN_AXE})(${JSON.stringify(this.#rules)}, ${JSON.stringify(REVIEWED)}, ${JSON.stringify(A11Y_LIMITS)})`,
    )) as { version: string; violations: PageViolation[] };
    if (found.version !== AXE_VERSION) {
      // The page defined an `axe` of its own over ours (or the table is stale): its answers are not ours to store.
      throw new Error(`axe-core ${found.version} answered; the rule table is for ${AXE_VERSION}`);
    }
    return A11yScan.parse({
      axe_version: found.version,
      best_practices: this.bestPractices,
      ms: Math.round(performance.now() - started),
      violations: found.violations.filter((v) => v.count > 0),
    });
  }
}
