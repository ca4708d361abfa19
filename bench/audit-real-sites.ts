/**
 * The audit as an analyst meets it on real, well-made sites: Debian's PostgreSQL manual (one flat folder of
 * DocBook pages), the Debian Administrator's Handbook (Publican) and Python's docs (Sphinx), served from disk on
 * 127.0.0.1, crawled and audited through the API. Prints, per site, the templates the crawl found, then every
 * issue with its URLs, their share of the pages it looks at, its fixes and its template fixes, and flags the
 * checks that break the 25 % rule: on a well-made manual no check may list more than a quarter of its pages
 * unless the issue is a template fix (one edit of the layout) — what is left over is a check to fix, or a
 * finding to verify by hand. Figures go in docs/benchmarks.md ("Templates and fixes on real sites").
 *
 *   npm run bench:audit-sites -- [postgres,handbook,python] [--recrawl] [--urls=CHECK]
 *
 * Crawled databases are kept in bench/.cache (`audit-<site>.db`), keyed by the crawl's own source and the
 * migrations, so a change to the audit re-audits the stored crawl in seconds; `--recrawl` crawls again.
 * `--urls=CHECK` also prints that check's URLs with each page's title.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import { runJob } from '../test/helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../test/helpers/test-app.js';
import { requireCorpus } from './semantic/corpora.js';
import { machineLine } from './site/machine.js';

const CACHE = fileURLToPath(new URL('./.cache', import.meta.url));
/** What a stored crawl depends on: the crawl's code, the templates found when it finalises, the schema. */
const CRAWL_SOURCES = [
  '../server/domain/crawl',
  '../server/domain/templates',
  '../server/store/migrations',
].map((d) => fileURLToPath(new URL(d, import.meta.url)));
/** The share above which a check must be a template fix on a well-made site. */
const RULE_SHARE = 0.25;

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const names = (args.find((a) => !a.startsWith('--')) ?? 'postgres,handbook').split(',');
const recrawl = args.includes('--recrawl');
const showUrls = flag('urls');

/** A change to any of `CRAWL_SOURCES` crawls again. */
function crawlKey(): string {
  const h = createHash('sha1');
  for (const dir of CRAWL_SOURCES)
    for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(join(dir, f)));
  return h.digest('hex').slice(0, 12);
}

interface Manifest {
  key: string;
  site_id: number;
  origin: string;
  crawl_seconds: number;
}

async function prepared(name: string): Promise<{ t: TestApp; siteId: number; origin: string; m: Manifest }> {
  const corpus = requireCorpus(name);
  mkdirSync(CACHE, { recursive: true });
  const dbFile = join(CACHE, `audit-${name}.db`);
  const manifestFile = join(CACHE, `audit-${name}.json`);
  const key = crawlKey();
  if (!recrawl && existsSync(manifestFile) && existsSync(dbFile)) {
    const m = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    if (m.key === key) return { t: await createTestApp({ dbFile }), siteId: m.site_id, origin: m.origin, m };
  }
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, manifestFile]) rmSync(f, { force: true });
  const docs = await startDocsServer(corpus.root, { prefixes: corpus.prefixes });
  const t = await createTestApp({ dbFile });
  try {
    const site = await t.call('sites.create', {
      start_url: docs.startUrl,
      settings: { max_requests_per_second: 500, concurrency: 6, max_pages: 20_000 },
    });
    const started = Date.now();
    await runJob(t, 'crawl.start', { site_id: site.id });
    const m: Manifest = {
      key,
      site_id: site.id,
      origin: docs.origin,
      crawl_seconds: (Date.now() - started) / 1000,
    };
    writeFileSync(manifestFile, JSON.stringify(m, null, 1));
    return { t, siteId: site.id, origin: docs.origin, m };
  } finally {
    await docs.close();
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

console.log(`audit on real sites · ${machineLine()}`);
for (const name of names) {
  const { t, siteId, origin, m } = await prepared(name);
  try {
    const path = (url: string) => (url.startsWith(origin) ? url.slice(origin.length) || '/' : url);
    const started = Date.now();
    await runJob(t, 'audit.run', { site_id: siteId });
    const auditSeconds = (Date.now() - started) / 1000;
    const summary = await t.call('sites.summary', { site_id: siteId });
    const issues = await t.callAll('audit.issues', { site_id: siteId, limit: 1000 });
    const html = summary.audit ? issues : [];
    console.log(
      `\n${name}: ${summary.pages} pages, crawled in ${m.crawl_seconds.toFixed(1)} s, audited in ` +
        `${auditSeconds.toFixed(1)} s · health ${summary.audit?.score ?? '—'}/100 · ${html.length} issues`,
    );
    const templates = t.store.templates.list(siteId);
    console.log(`  templates (${templates.filter((x) => x.parent_id === null).length} layouts):`);
    for (const x of templates)
      console.log(
        `    ${x.parent_id === null ? '' : '  '}#${x.id} ${String(x.pages).padStart(5)} pages  ${x.label}`,
      );
    console.log(
      `  ${'check'.padEnd(28)}${'prio'.padEnd(7)}${'urls'.padStart(6)}${'share'.padStart(9)}${'fixes'.padStart(7)}  25 % rule`,
    );
    for (const i of issues) {
      const fixes = (i as { fixes?: number }).fixes;
      const templates =
        (i as { templates?: { label: string; pages: number; urls: number }[] }).templates ?? [];
      const inTemplates = templates.reduce((n, x) => n + x.urls, 0);
      const rule =
        i.share <= RULE_SHARE
          ? ''
          : inTemplates / Math.max(1, i.urls) >= 1 - RULE_SHARE
            ? 'template fix'
            : 'OVER — verify or fix the check';
      console.log(
        `  ${i.check.padEnd(28)}${i.priority.padEnd(7)}${String(i.urls).padStart(6)}${pct(i.share).padStart(9)}` +
          `${String(fixes ?? '?').padStart(7)}  ${rule}`,
      );
      for (const x of templates)
        console.log(`      template fix: ${x.urls} of ${x.pages} pages · ${x.label}`);
    }
    if (showUrls) {
      const list = await t.callAll('audit.findings', {
        site_id: siteId,
        check: showUrls as never,
        limit: 1000,
      });
      console.log(`\n  ${showUrls}: ${list.length} URLs`);
      for (const f of list)
        console.log(`    ${path(f.url).padEnd(50)} ${(f as { title?: string | null }).title ?? ''}`);
    }
    assert.ok(summary.pages > 0);
  } finally {
    await t.close();
  }
}
