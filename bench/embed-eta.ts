/**
 * What a search and an idea check say while a real site is being embedded (bench/embed-eta.ts --site=postgres): a
 * Debian documentation site is crawled from disk, its embed job started, and every 5 s the search coverage is read
 * (how many pages are searchable, how many passages pending, the time left it estimates). When the job ends, each
 * estimate is compared with the time that was really left. An idea check queued as soon as the site is
 * searchable shows how long after the job it runs, and a search is timed meanwhile (the coverage is part of its
 * answer).
 *
 *   npx tsx bench/embed-eta.ts --site=postgres [--variant=q8]
 */
import assert from 'node:assert/strict';
import { availableParallelism, cpus } from 'node:os';
import { startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import type { SearchCoverage } from '../server/schemas/embeddings.js';
import { finishedJob, runJob } from '../test/helpers/crawl-site.js';
import { createTestApp, waitFor } from '../test/helpers/test-app.js';
import { requireCorpus } from './semantic/corpora.js';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const log = (s: string) => console.log(s);

interface Sample {
  at: number;
  coverage: SearchCoverage;
  searchMs: number;
}

async function main() {
  const corpus = requireCorpus(arg('site', 'postgres'));
  const variant = arg('variant', 'q8') as 'q8' | 'fp32';
  log(`machine: ${cpus()[0]?.model ?? '?'}, ${availableParallelism()} cores; ${corpus.name}, ${variant}`);
  const docs = await startDocsServer(corpus.root, { prefixes: corpus.prefixes });
  const t = await createTestApp();
  try {
    await t.call('system.updateSettings', { embedding_variant: variant });
    const site = await t.call('sites.create', {
      start_url: docs.startUrl,
      settings: { max_requests_per_second: 1000, concurrency: 6, max_pages: 20_000 },
    });
    const crawl = await runJob(t, 'crawl.start', { site_id: site.id });
    log(`crawled ${crawl.fetched} URLs`);

    let searchableAt = 0;
    t.bus.on('site.updated', (e) => {
      if (!searchableAt && e.site_id === site.id && e.changes.includes('embeddings'))
        searchableAt = Date.now();
    });
    const started = Date.now();
    const embed = await t.call('pages.rebuildEmbeddings', { site_id: site.id });
    await waitFor(() => (searchableAt ? true : undefined), 600_000, 'the site to be searchable');
    const check = await t.call('ideas.startCheck', { site_id: site.id, idea: 'rolling back a transaction' });
    log(`idea check queued: ${check.progress.message}`);

    const samples: Sample[] = [];
    for (;;) {
      const job = await t.call('jobs.get', { job_id: embed.id });
      if (job.status !== 'running' && job.status !== 'queued') break;
      const s0 = performance.now();
      const search = await t.call('pages.search', { query: 'rolling back a transaction', site_id: site.id });
      const searchMs = performance.now() - s0;
      samples.push({ at: Date.now(), coverage: search.coverage, searchMs });
      const c = search.coverage;
      log(
        `  ${((Date.now() - started) / 1000).toFixed(0)} s: ${c.searchable_pages}/${c.pages} searchable, ${c.passages_pending} pending, eta ${c.eta_seconds ?? '—'} s, search ${searchMs.toFixed(0)} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
    const done = await finishedJob(t, embed, 60_000);
    assert.equal(done.status, 'succeeded', JSON.stringify(done.error));
    const endedAt = Date.parse(done.finished_at!);
    const checked = await finishedJob(t, check, 60_000);
    assert.equal(checked.status, 'succeeded', JSON.stringify(checked.error));

    log(
      `\nembed job: searchable after ${((searchableAt - started) / 1000).toFixed(1)} s, done after ${((endedAt - started) / 1000).toFixed(1)} s`,
    );
    log(
      `idea check: started ${Date.parse(checked.started_at!) - endedAt} ms after the embed job finished; verdict ${checked.result?.verdict}`,
    );
    log('\n| elapsed | estimated left | really left | error |');
    log('|---|---|---|---|');
    const errors: number[] = [];
    for (const s of samples) {
      const left = (endedAt - s.at) / 1000;
      const eta = s.coverage.eta_seconds;
      if (eta !== null && left > 0) errors.push(Math.abs(eta - left) / left);
      log(
        `| ${((s.at - started) / 1000).toFixed(0)} s | ${eta ?? '—'} s | ${left.toFixed(0)} s | ${eta === null ? '—' : `${(((eta - left) / left) * 100).toFixed(0)} %`} |`,
      );
    }
    errors.sort((a, b) => a - b);
    const q = (p: number) => errors[Math.min(errors.length - 1, Math.floor(p * errors.length))] ?? NaN;
    log(
      `\n|error| of the estimates: median ${(q(0.5) * 100).toFixed(0)} %, 90th percentile ${(q(0.9) * 100).toFixed(0)} %`,
    );
    const ms = samples.map((s) => s.searchMs).sort((a, b) => a - b);
    log(
      `search during embedding: median ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} ms, max ${ms.at(-1)?.toFixed(0)} ms`,
    );
    const c0 = performance.now();
    for (let i = 0; i < 100; i++) t.store.embeddings.coverage(site.id);
    log(`coverage counts: ${((performance.now() - c0) / 100).toFixed(2)} ms a read`);
  } finally {
    await t.close();
    await docs.close();
  }
}

await main();
