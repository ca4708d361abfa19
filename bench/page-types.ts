/**
 * Page types on real sites (#33): each labelled site (test/fixtures/page-types/<site>.json, pages labelled by
 * reading them) is crawled whole from Debian's doc packages, served on 127.0.0.1, and the type the crawl gave each
 * labelled page is compared with its label: accuracy, a confusion matrix, and every miss with its evidence.
 *
 *   npx tsx bench/page-types.ts [postgres,python] [--all]
 *
 * The crawl is kept in bench/.cache (page-types-<site>.db), keyed by the signal collector's source, so a change
 * to the classifier's rules is measured in seconds: the pages are classified again from their stored signals on
 * every run. `--all` also prints how every page of the site was classified, by type.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifySitePages } from '../server/domain/pages/page-types-service.js';
import { PAGE_TYPE_NAMES, type PageType } from '../server/schemas/pages.js';
import { startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import { createTestApp, waitFor, type TestApp } from '../test/helpers/test-app.js';
import { requireCorpus } from './semantic/corpora.js';
import { machineLine } from './site/machine.js';

const CACHE = fileURLToPath(new URL('./.cache', import.meta.url));
const LABELS = fileURLToPath(new URL('../test/fixtures/page-types', import.meta.url));
const SIGNALS_SOURCE = fileURLToPath(new URL('../server/domain/crawl/page-signals.ts', import.meta.url));

/** A label: the type, or the type with why it was a judgement call. */
type Label = PageType | { type: PageType; why: string };
interface LabelFile {
  site: string;
  /** Paths below the site's root, as the docs package installs them. */
  labels: Record<string, Label>;
}

const args = process.argv.slice(2);
const sites = (args.find((a) => !a.startsWith('--')) ?? 'postgres,python').split(',');
const showAll = args.includes('--all');

async function crawled(site: string): Promise<{ t: TestApp; siteId: number; origin: string }> {
  mkdirSync(CACHE, { recursive: true });
  const key = createHash('sha1').update(readFileSync(SIGNALS_SOURCE)).digest('hex').slice(0, 12);
  const dbFile = join(CACHE, `page-types-${site}.db`);
  const manifest = join(CACHE, `page-types-${site}.json`);
  if (existsSync(dbFile) && existsSync(manifest)) {
    const m = JSON.parse(readFileSync(manifest, 'utf8')) as { key: string; site_id: number; origin: string };
    if (m.key === key) return { t: await createTestApp({ dbFile }), siteId: m.site_id, origin: m.origin };
  }
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, manifest]) rmSync(f, { force: true });
  const corpus = requireCorpus(site);
  const docs = await startDocsServer(corpus.root, { prefixes: corpus.prefixes });
  const t = await createTestApp({ dbFile });
  try {
    const created = await t.post('/sites', {
      start_url: docs.startUrl,
      settings: { max_requests_per_second: 500, concurrency: 6, max_pages: 20_000 },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const siteId = created.body.id as number;
    const started = Date.now();
    const job = await t.post('/crawl/start', { site_id: siteId });
    assert.equal(job.status, 202, JSON.stringify(job.body));
    const done = await waitFor(
      async () => {
        const j = (await t.get(`/jobs/${job.body.id}`)).body as { status: string; error?: unknown };
        return ['succeeded', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
      },
      1_800_000,
      'crawl',
    );
    assert.equal(done.status, 'succeeded', JSON.stringify(done.error));
    console.log(`${site}: crawled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    writeFileSync(manifest, JSON.stringify({ key, site_id: siteId, origin: docs.origin }));
    return { t, siteId, origin: docs.origin };
  } finally {
    await docs.close();
  }
}

const typeOf = (l: Label): PageType => (typeof l === 'string' ? l : l.type);
const pad = (s: string | number, n: number) => String(s).padStart(n);

async function evaluate(site: string): Promise<void> {
  const file = JSON.parse(readFileSync(join(LABELS, `${site}.json`), 'utf8')) as LabelFile;
  const { t, siteId, origin } = await crawled(site);
  try {
    const started = performance.now();
    const counts = classifySitePages(t.store, siteId);
    const ms = performance.now() - started;
    const rows = t.db
      .prepare<[number], { url: string; page_type: PageType | null; page_type_evidence: string | null }>(
        'SELECT url, page_type, page_type_evidence FROM pages WHERE site_id = ?',
      )
      .all(siteId);
    const byPath = new Map(rows.map((r) => [r.url.slice(origin.length + 1), r]));
    const confusion = new Map<string, number>();
    const misses: string[] = [];
    let right = 0;
    let total = 0;
    for (const [path, label] of Object.entries(file.labels)) {
      const row = byPath.get(path);
      assert.ok(row, `${site}: labelled page ${path} was not crawled`);
      const want = typeOf(label);
      const got = row.page_type ?? 'none';
      total++;
      if (want === got) right++;
      else misses.push(`  ${path}: labelled ${want}, classified ${got} ${row.page_type_evidence ?? ''}`);
      confusion.set(`${want} ${got}`, (confusion.get(`${want} ${got}`) ?? 0) + 1);
    }
    const used = PAGE_TYPE_NAMES.filter((ty) =>
      [...confusion.keys()].some((k) => k.split(' ').includes(ty)),
    ) as string[];
    if ([...confusion.keys()].some((k) => k.endsWith(' none'))) used.push('none');
    console.log(
      `\n${site}: ${total} labelled pages of ${rows.length}; accuracy ${(right / total).toFixed(3)} (${right}/${total}); classified ${counts.classified} pages in ${ms.toFixed(0)} ms`,
    );
    console.log(`  labelled \\ classified  ${used.map((u) => pad(u.slice(0, 8), 8)).join(' ')}`);
    for (const want of used.filter((u) => u !== 'none'))
      console.log(
        `  ${want.padEnd(22)}${used.map((got) => pad(confusion.get(`${want} ${got}`) ?? '·', 8)).join(' ')}`,
      );
    if (misses.length) console.log(`  misses:\n${misses.join('\n')}`);
    if (showAll) console.log(`  every page by type: ${JSON.stringify(counts.by_type)}`);
  } finally {
    await t.close();
  }
}

console.log(machineLine());
for (const site of sites) await evaluate(site);
