/**
 * JavaScript rendering throughput with Debian's Chromium: a generated site where every other page is an app shell
 * whose article and links exist only after its script runs (bench/site/render-site-server.ts), served from its
 * own process on 127.0.0.1, crawled in the same run by
 *   (a) Siteloupe with render_js `auto` (renders only pages that look drawn by JavaScript), full extraction and
 *       storage,
 *   (b) Siteloupe with render_js `on` (renders every page),
 *   (c) crawlee's PuppeteerCrawler rendering every page with the same Chromium, flags and tab count, waiting
 *       for DOMContentLoaded and then `--crawlee-idle` ms without requests (default: Siteloupe's quiet window).
 * Each crawl runs in a fresh process (bench/crawl-render-runner.ts). Prints pages/s, how much of the
 * JavaScript-drawn content each crawler found (pages, pages with a heading, distinct links: they must agree) and
 * the ratios (a)/(c) and (b)/(c) (target ≥ 3× for auto).
 *
 *   npm run bench:render -- [pages=200] [--tabs=4] [--rounds=1] [--crawlee-idle=100]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { QUIET_MS } from '../server/adapters/browser-tab-settle.js';
import { machineLine } from './site/machine.js';

interface Measurement {
  crawler: string;
  pages: number;
  rendered: number;
  with_h1: number;
  link_pairs: number;
  seconds: number;
  pages_per_second: number;
  peak_rss_mib: number;
}

const flags = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, v] = a.slice(2).split('=');
      return [k!, v ?? ''] as const;
    }),
);
const pages = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 200);
const tabs = Number(flags.get('tabs') ?? 4);
const rounds = Number(flags.get('rounds') ?? 1);
const crawleeIdle = flags.get('crawlee-idle');
const crawlers = ['crawlee', 'siteloupe-auto', 'siteloupe-on'] as const;

/** Runs a script under tsx in a child process and resolves with its stdout once it exits successfully. */
function child(script: string, args: string[], onLine?: (line: string) => void) {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (c: string) => {
    out += c;
    onLine?.(out);
  });
  proc.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<string>((resolve, reject) =>
    proc.once('exit', (code) =>
      code === 0 || proc.killed
        ? resolve(out)
        : reject(new Error(`${script} exited with ${code}:\n${out}\n${err.slice(-2000)}`)),
    ),
  );
  return { proc, exited };
}

async function startSite(): Promise<{ origin: string; close(): Promise<void> }> {
  let ready: (port: number) => void;
  const port = new Promise<number>((r) => (ready = r));
  const server = child('./site/render-site-server.ts', [String(pages)], (out) => {
    const m = /READY (\d+)/.exec(out);
    if (m) ready(Number(m[1]));
  });
  const origin = `http://127.0.0.1:${await Promise.race([port, server.exited.then(() => -1)])}`;
  return {
    origin,
    close: async () => {
      server.proc.kill('SIGTERM');
      await server.exited;
    },
  };
}

async function measure(crawler: string, origin: string): Promise<Measurement> {
  const args = [crawler, origin, String(pages), String(tabs), ...(crawleeIdle ? [crawleeIdle] : [])];
  const out = await child('./crawl-render-runner.ts', args).exited;
  return JSON.parse(out.trim().split('\n').at(-1)!) as Measurement;
}

const fmt = (m: Measurement) =>
  `${m.pages_per_second.toFixed(2).padStart(6)} pages/s  ${m.seconds.toFixed(1).padStart(6)} s  ` +
  `peak RSS ${String(m.peak_rss_mib).padStart(4)} MiB (Node only)  ${m.pages} pages, ${m.rendered} rendered, ` +
  `${m.with_h1} with a heading, ${m.link_pairs} distinct links`;

console.log(`render benchmark · ${machineLine()}`);
console.log(
  `${pages} pages (every other one drawn by JavaScript) · ${tabs} tabs for every crawler · crawlee waits ` +
    `${crawleeIdle ?? QUIET_MS} ms without requests after DOMContentLoaded`,
);
const served = await startSite();
try {
  const best: Partial<Record<(typeof crawlers)[number], Measurement>> = {};
  for (let round = 1; round <= rounds; round++) {
    for (const crawler of crawlers) {
      const m = await measure(crawler, served.origin);
      console.log(`round ${round} · ${crawler.padEnd(14)} ${fmt(m)}`);
      if (!best[crawler] || m.pages_per_second > best[crawler].pages_per_second) best[crawler] = m;
    }
  }
  const { crawlee, 'siteloupe-auto': auto, 'siteloupe-on': on } = best as Record<string, Measurement>;
  // Found the same thing, or the speed is not comparable: JavaScript-only pages and links are in these counts.
  for (const m of [auto!, on!]) {
    for (const k of ['pages', 'with_h1', 'link_pairs'] as const) {
      if (m[k] !== crawlee![k]) throw new Error(`${m.crawler} ${k} ${m[k]} ≠ crawlee's ${crawlee![k]}`);
    }
  }
  const ratio = (m: Measurement) => (m.pages_per_second / crawlee!.pages_per_second).toFixed(2);
  console.log(
    `Siteloupe auto ${auto!.pages_per_second.toFixed(2)} pages/s = ${ratio(auto!)}× crawlee PuppeteerCrawler ` +
      `(target ≥ 3); Siteloupe on ${on!.pages_per_second.toFixed(2)} pages/s = ${ratio(on!)}×`,
  );
} finally {
  await served.close();
}
console.log(`done · ${machineLine()}`);
