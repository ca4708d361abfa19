/**
 * What the lab metrics (#36 §3) cost a rendered crawl of a real site, and what they find there: a Debian doc
 * package served on 127.0.0.1 (test/fixtures/python-docs/docs-server.ts) is crawled with render_js `on`, lab
 * metrics off and on in turn (same pages, same tabs; the other rendered-audit probes off when the settings have
 * them), each crawl in a fresh test app. Prints each crawl's time, the ratio on/off (the best of each), and the
 * lab figures of the site: how they spread, and the slowest and heaviest pages, to open and judge.
 *
 *   npx tsx bench/lab-metrics.ts [root=/usr/share/doc/python3.11/html] [--pages=400] [--rounds=2] [--profile=desktop]
 */
import { CRAWL_SETTINGS_DEFAULTS } from '../server/schemas/sites.js';
import { PYTHON_DOCS_DIR, startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import { createTestApp, waitFor } from '../test/helpers/test-app.js';
import { machineLine } from './site/machine.js';

const flags = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, v] = a.slice(2).split('=');
      return [k!, v ?? ''] as const;
    }),
);
const root = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? PYTHON_DOCS_DIR;
const pages = Number(flags.get('pages') ?? 400);
const rounds = Number(flags.get('rounds') ?? 2);
const profile = (flags.get('profile') ?? 'desktop') as 'desktop' | 'mobile';

// Isolate this part's cost: the other probes of the rendered audit are switched off where they exist.
const others: Record<string, boolean> = {};
for (const key of ['accessibility_checks', 'js_checks'])
  if (key in CRAWL_SETTINGS_DEFAULTS) others[key] = false;

interface Run {
  lab: boolean;
  seconds: number;
  pages: number;
  rendered: number;
  measured: number;
}

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

async function crawl(lab: boolean, startUrl: string, report: boolean): Promise<Run> {
  const t = await createTestApp();
  try {
    const site = await t.call('sites.create', {
      start_url: startUrl,
      settings: {
        max_pages: pages,
        concurrency: 6,
        max_requests_per_second: 500,
        render_js: 'on',
        check_resources: false,
        check_external_links: false,
        lab_metrics: lab,
        lab_profile: profile,
        ...others,
      },
    });
    const job = await t.call('crawl.start', { site_id: site.id });
    const done = await waitFor(
      async () => {
        const j = await t.call('jobs.get', { job_id: job.id });
        return j.status === 'succeeded' || j.status === 'failed' ? j : undefined;
      },
      3_600_000,
      'crawl',
    );
    if (done.status !== 'succeeded') throw new Error(JSON.stringify(done.error));
    const seconds = (Date.parse(done.finished_at!) - Date.parse(done.started_at!)) / 1000;
    const count = (sql: string) => t.db.prepare(sql).pluck().get(site.id) as number;
    const run: Run = {
      lab,
      seconds,
      pages: count(`SELECT COUNT(*) FROM pages WHERE site_id = ?`),
      rendered: count(`SELECT COUNT(*) FROM pages WHERE site_id = ? AND rendered = 1`),
      measured: count(`SELECT COUNT(*) FROM page_lab l JOIN pages p ON p.id = l.page_id WHERE p.site_id = ?`),
    };
    if (report && lab) {
      type Row = {
        url: string;
        lcp_ms: number | null;
        cls: number;
        tbt_ms: number;
        transfer_bytes: number;
        requests: number;
        lcp_element: string | null;
        incomplete: number;
      };
      const rows = t.db
        .prepare(
          `SELECT p.url, l.lcp_ms, l.cls, l.tbt_ms, l.transfer_bytes, l.requests, l.lcp_element, l.incomplete
           FROM page_lab l JOIN pages p ON p.id = l.page_id WHERE p.site_id = ?`,
        )
        .all(site.id) as Row[];
      const spread = (name: string, xs: number[]) =>
        console.log(
          `  ${name.padEnd(15)} median ${quantile(xs, 0.5)}  p90 ${quantile(xs, 0.9)}  max ${quantile(xs, 1)}`,
        );
      spread(
        'LCP ms',
        rows.flatMap((r) => (r.lcp_ms === null ? [] : [r.lcp_ms])),
      );
      spread(
        'CLS',
        rows.map((r) => r.cls),
      );
      spread(
        'TBT ms',
        rows.map((r) => r.tbt_ms),
      );
      spread(
        'transfer bytes',
        rows.map((r) => r.transfer_bytes),
      );
      spread(
        'requests',
        rows.map((r) => r.requests),
      );
      console.log(
        `  no LCP: ${rows.filter((r) => r.lcp_ms === null).length} · incomplete: ${rows.filter((r) => r.incomplete).length}`,
      );
      const top = (by: (r: Row) => number, label: string) => {
        console.log(`  top by ${label}:`);
        for (const r of [...rows].sort((a, b) => by(b) - by(a)).slice(0, 5)) {
          console.log(
            `    ${r.url.replace(startUrl, '/')}  LCP ${r.lcp_ms} ms  CLS ${r.cls}  TBT ${r.tbt_ms} ms  ${r.transfer_bytes} B / ${r.requests} req  LCP element ${r.lcp_element}`,
          );
        }
      };
      top((r) => r.lcp_ms ?? -1, 'LCP');
      top((r) => r.cls, 'CLS');
      top((r) => r.transfer_bytes, 'weight');
    }
    return run;
  } finally {
    await t.close();
  }
}

console.log(`lab metrics cost · ${machineLine()}`);
console.log(`${root} · up to ${pages} pages · render_js on · profile ${profile} · ${rounds} rounds`);
const docs = await startDocsServer(root);
try {
  const best: Partial<Record<'on' | 'off', Run>> = {};
  for (let round = 1; round <= rounds; round++) {
    for (const lab of [false, true]) {
      const run = await crawl(lab, docs.startUrl, round === rounds);
      console.log(
        `round ${round} · lab ${lab ? 'on ' : 'off'} · ${run.seconds.toFixed(1)} s · ${run.pages} pages, ${run.rendered} rendered, ${run.measured} measured`,
      );
      const key = lab ? 'on' : 'off';
      if (!best[key] || run.seconds < best[key].seconds) best[key] = run;
    }
  }
  console.log(
    `lab on / off: ${(best.on!.seconds / best.off!.seconds).toFixed(2)}× (best of ${rounds}: ${best.on!.seconds.toFixed(1)} s / ${best.off!.seconds.toFixed(1)} s)`,
  );
} finally {
  await docs.close();
}
console.log(`done · ${machineLine()}`);
