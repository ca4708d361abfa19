/**
 * A corpus crawled and embedded once, kept in a cache directory: embedding a 1,000-page manual takes minutes,
 * while the analyses under evaluation take seconds, so every later run opens the same database. The cache is
 * keyed by the embedding model and the planted pages; delete the directory to crawl again.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDocsServer } from '../../test/fixtures/python-docs/docs-server.js';
import { createTestApp, waitFor, type TestApp } from '../../test/helpers/test-app.js';
import type { Corpus } from './corpora.js';
import { plantPairs, plantedLinks, type Planted } from './plant.js';

export interface PreparedCorpus {
  corpus: Corpus;
  t: TestApp;
  siteId: number;
  /** The origin the pages were crawled from: URLs are compared as paths below it. */
  origin: string;
  planted: Planted[];
  pages: number;
  passages: number;
  crawlSeconds: number;
  embedSeconds: number;
}

interface Manifest {
  model: string;
  origin: string;
  site_id: number;
  planted: Planted[];
  /** A hash of the planted pages' HTML: a change to how copies are rewritten crawls again. */
  copies: string;
  pages: number;
  passages: number;
  crawl_seconds: number;
  embed_seconds: number;
}

async function runJob(t: TestApp, path: string, body: object, log: (s: string) => void) {
  const started = Date.now();
  const res = await t.post(path, body);
  assert.equal(res.status, 202, JSON.stringify(res.body));
  let last = '';
  const job = (await waitFor(
    async () => {
      const j = (await t.get(`/jobs/${res.body.id}`)).body as {
        status: string;
        progress?: { message?: string };
      };
      if (['succeeded', 'failed', 'cancelled'].includes(j.status)) return j;
      const msg = j.progress?.message ?? '';
      if (msg !== last) log(`  ${path}: ${(last = msg)}`);
      await new Promise((r) => setTimeout(r, 2000));
      return undefined;
    },
    3_600_000,
    path,
  )) as { status: string; result: Record<string, number>; error: unknown };
  assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
  return { result: job.result, seconds: (Date.now() - started) / 1000 };
}

export async function prepareCorpus(
  corpus: Corpus,
  cacheDir: string,
  log: (s: string) => void,
  variant: 'fp32' | 'q8' = 'fp32',
): Promise<PreparedCorpus> {
  // The variant is a setting kept in the database, so the cache's model id is read after it is set.
  const open = async () => {
    const t = await createTestApp({ dbFile });
    const res = await t.patch('/settings', { embedding_variant: variant });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return t;
  };
  mkdirSync(cacheDir, { recursive: true });
  const dbFile = join(cacheDir, `${corpus.name}.db`);
  const manifestFile = join(cacheDir, `${corpus.name}.json`);
  const { planted, pages } = plantPairs(corpus.root, corpus.plant);
  const hash = createHash('sha256');
  for (const [path, html] of pages) hash.update(`${path}\n${html}\n`);
  const copies = hash.digest('hex').slice(0, 16);
  if (existsSync(manifestFile) && existsSync(dbFile)) {
    const m = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const t = await open();
    if (
      m.model === t.services.embeddings.modelId &&
      JSON.stringify(m.planted) === JSON.stringify(planted) &&
      m.copies === copies
    ) {
      log(`${corpus.name}: cached (${m.pages} pages, ${m.passages} passages)`);
      return {
        corpus,
        t,
        siteId: m.site_id,
        origin: m.origin,
        planted,
        pages: m.pages,
        passages: m.passages,
        crawlSeconds: m.crawl_seconds,
        embedSeconds: m.embed_seconds,
      };
    }
    await t.close();
  }
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`, manifestFile]) rmSync(f, { force: true });
  const docs = await startDocsServer(corpus.root, {
    prefixes: corpus.prefixes,
    extraPages: pages,
    startPageFooter: plantedLinks(planted),
  });
  const t = await open();
  try {
    const site = await t.post('/sites', {
      start_url: docs.startUrl,
      settings: { max_requests_per_second: 500, concurrency: 6, max_pages: 20_000 },
    });
    assert.equal(site.status, 201, JSON.stringify(site.body));
    const siteId = site.body.id as number;
    log(`${corpus.name}: crawling ${docs.startUrl}`);
    const crawl = await runJob(t, '/crawl/start', { site_id: siteId }, log);
    log(`${corpus.name}: embedding`);
    const embed = await runJob(t, '/pages/embeddings/rebuild', { site_id: siteId }, log);
    const m: Manifest = {
      model: t.services.embeddings.modelId,
      origin: docs.origin,
      site_id: siteId,
      planted,
      copies,
      pages: embed.result.pages ?? 0,
      passages: embed.result.passages ?? 0,
      crawl_seconds: crawl.seconds,
      embed_seconds: embed.seconds,
    };
    writeFileSync(manifestFile, JSON.stringify(m, null, 1));
    return {
      corpus,
      t,
      siteId,
      origin: docs.origin,
      planted,
      pages: m.pages,
      passages: m.passages,
      crawlSeconds: m.crawl_seconds,
      embedSeconds: m.embed_seconds,
    };
  } finally {
    await docs.close();
  }
}
