/**
 * What axe-core costs a rendered page (#36 §2), on real sites: Debian's PostgreSQL manual and Python docs, served
 * from 127.0.0.1 (test/fixtures/python-docs/docs-server.ts). Every `step`-th HTML page of each is rendered by the
 * browser pool three ways, one tab each, page by page in turn: without probes, with the axe probe (WCAG 2.1 A and
 * AA, the default) and with best practices too. Prints per corpus the median and 90th percentile render time of
 * each, the time axe reports in the page (injecting its script included, measured alone too) and the rules found.
 *
 *   npx tsx bench/a11y-cost.ts [pages-per-corpus=120] [corpus name contains, e.g. Python]
 */
import type { Page } from 'puppeteer-core';
import { BrowserPool } from '../server/adapters/browser-pool.js';
import { locateChromium } from '../server/adapters/chromium-locator.js';
import type { RenderProbe } from '../server/adapters/render-probe.js';
import { AXE_PROBE, AxeProbe, axeSource } from '../server/adapters/render-probe-axe.js';
import type { A11yScan } from '../server/schemas/a11y-scan.js';
import { htmlFiles, startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import { machineLine } from './site/machine.js';

const CORPORA = [
  { name: 'PostgreSQL 15 manual', root: '/usr/share/doc/postgresql-doc-15/html' },
  { name: 'Python 3.11 docs', root: '/usr/share/doc/python3.11/html' },
];
const perCorpus = Number(process.argv[2] ?? 120);
const only = process.argv[3]?.toLowerCase();
const UA = 'Mozilla/5.0 (compatible; Siteloupe-bench)';

/** Injects axe's script and nothing else: what the injection alone costs. */
class InjectOnly implements RenderProbe {
  readonly name = 'inject';
  async install() {}
  begin() {}
  async collect(page: Page) {
    const t = performance.now();
    await page.evaluate(axeSource());
    return Math.round(performance.now() - t);
  }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const line = (label: string, xs: number[]) =>
  `${label.padEnd(34)} median ${String(quantile(xs, 0.5)).padStart(5)} ms   p90 ${String(quantile(xs, 0.9)).padStart(5)} ms   mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(0).padStart(5)} ms`;

const executablePath = locateChromium();
if (!executablePath) throw new Error('Chromium not found');
console.log(machineLine());
for (const corpus of CORPORA.filter((c) => !only || c.name.toLowerCase().includes(only))) {
  const server = await startDocsServer(corpus.root);
  const files = htmlFiles(corpus.root, { skipUnderscored: true }).sort();
  const step = Math.max(1, Math.floor(files.length / perCorpus));
  const sample = files.filter((_, i) => i % step === 0).slice(0, perCorpus);
  const pools = {
    plain: new BrowserPool({ executablePath, maxPages: 1 }),
    inject: new BrowserPool({ executablePath, maxPages: 1, probes: () => [new InjectOnly()] }),
    wcag: new BrowserPool({ executablePath, maxPages: 1, probes: () => [new AxeProbe(false)] }),
    best: new BrowserPool({ executablePath, maxPages: 1, probes: () => [new AxeProbe(true)] }),
  };
  const times: Record<keyof typeof pools, number[]> = { plain: [], inject: [], wcag: [], best: [] };
  const injectMs: number[] = [];
  const axeMs: { wcag: number[]; best: number[] } = { wcag: [], best: [] };
  const rules = new Map<string, number>();
  let failed = 0;
  for (const [i, file] of sample.entries()) {
    const url = `${server.origin}/${file}`;
    const res = await fetch(url);
    const body = await res.text();
    const req = {
      url,
      status: 200,
      headers: { 'content-type': 'text/html' },
      body,
      timeoutMs: 15_000,
      userAgent: UA,
    };
    // Rotating the order spreads any warm-up or cache effect evenly.
    const order = (['plain', 'inject', 'wcag', 'best'] as const).map((_, k, a) => a[(k + i) % a.length]!);
    for (const kind of order) {
      const t = performance.now();
      const out = await pools[kind].render(req);
      times[kind].push(Math.round(performance.now() - t));
      if (kind === 'inject' && typeof out.observed.inject === 'number') injectMs.push(out.observed.inject);
      if (kind === 'wcag' || kind === 'best') {
        const scan = out.observed[AXE_PROBE] as A11yScan | undefined;
        if (!scan) {
          failed++;
          continue;
        }
        axeMs[kind].push(scan.ms);
        if (kind === 'best') for (const v of scan.violations) rules.set(v.rule, (rules.get(v.rule) ?? 0) + 1);
      }
    }
  }
  await Promise.all(Object.values(pools).map((p) => p.close()));
  await server.close();
  console.log(`\n${corpus.name}: ${sample.length} of ${files.length} pages (every ${step}th), 1 tab each`);
  console.log(line('render, no probes', times.plain));
  console.log(line('render + axe injected only', times.inject));
  console.log(line('render + axe (WCAG A/AA)', times.wcag));
  console.log(line('render + axe (+ best practices)', times.best));
  console.log(line('  axe injection alone', injectMs));
  console.log(line('  axe in the page (WCAG A/AA)', axeMs.wcag));
  console.log(line('  axe in the page (+ best practices)', axeMs.best));
  console.log(`  axe gave no result on ${failed} renders`);
  console.log(
    `  rules failing (pages, with best practices): ${[...rules]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${r} ${n}`)
      .join(', ')}`,
  );
}
