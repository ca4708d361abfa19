/**
 * Embeddings through the API with the real model on the crawled fixture site: the embed job (only changed
 * pages), semantic search, similar pages, the idea check, validation, 503 without a model, and an API that
 * stays responsive while a site embeds (inference runs in a worker thread).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { env, pipeline } from '@huggingface/transformers';
import { APP_SETTINGS_DEFAULTS } from '../../../server/schemas/system.js';
import { PROJECT_ROOT } from '../../../server/version.js';
import { jobResult, runJob } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, makeTempDir, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;

const embed = () => runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });

const pageId = (url: string) =>
  t.db.prepare('SELECT id FROM pages WHERE site_id = ? AND url = ?').pluck().get(siteId, url) as number;

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 4, articles: 40 });
  siteId = (
    await t.call('sites.create', {
      start_url: site.startUrl,
      settings: { max_requests_per_second: 500, concurrency: 6 },
    })
  ).id;
  await runJob(t, 'crawl.start', { site_id: siteId });
});
after(async () => {
  await t.close();
  await site.close();
});

describe('embedding a site', () => {
  it(
    'embeds every indexable HTML page once, keeps the API responsive, and re-embeds only what changed',
    { timeout: 240_000 },
    async () => {
      const embeddable = t.db
        .prepare(
          `SELECT COUNT(*) FROM pages WHERE site_id = ? AND indexable = 1 AND status_code = 200 AND content_type = 'text/html'`,
        )
        .pluck()
        .get(siteId) as number;
      const started = await t.call('pages.rebuildEmbeddings', { site_id: siteId });
      assertProblem(await t.send('pages.rebuildEmbeddings', { site_id: siteId }), 409, 'conflict');
      // While the worker embeds, the event loop keeps answering.
      const latencies: number[] = [];
      while ((await t.call('jobs.get', { job_id: started.id })).status !== 'succeeded') {
        const started = performance.now();
        assert.equal((await t.http.get('/health')).status, 200);
        latencies.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.ok(
        latencies.length > 0 && Math.max(...latencies) < 500,
        `slowest /health during embedding: ${Math.max(...latencies)} ms`,
      );
      const result = await jobResult(t, started);
      assert.equal(result.pages, embeddable);
      assert.ok(result.passages >= embeddable);
      assert.equal((await t.call('sites.get', { site_id: siteId })).stats.embedded, embeddable);

      assert.equal((await embed()).pages, 0, 'nothing changed, nothing embedded');
      const [a] = site.pairs.unrelated[0]!;
      t.db.prepare(`UPDATE pages SET content_hash = 'changed' WHERE id = ?`).run(pageId(a));
      assert.equal((await embed()).pages, 1, 'one changed page');
    },
  );
});

describe('POST /pages/embeddings/search', () => {
  it('ranks the page a query is about first and shows what it embedded', async () => {
    const [url] = site.pairs.rewrites[0]!;
    const title = (await t.call('pages.get', { page_id: pageId(url) })).h1;
    assert.ok(title, `${url} has a heading`);
    const res = await t.call('pages.search', { query: title, site_id: siteId, k: 5 });
    const items = res.items;
    assert.equal(items.length, 5);
    assert.deepEqual(
      items.map((i) => i.rank),
      [1, 2, 3, 4, 5],
    );
    for (let i = 1; i < items.length; i++) assert.ok(items[i - 1]!.score >= items[i]!.score);
    assert.ok(items.every((i) => i.score >= -1 && i.score <= 1));
    assert.ok(
      items.slice(0, 3).some((i) => i.page.id === pageId(url)),
      `${url} in the top 3 for “${title}”`,
    );
    assert.equal(res.embedded_text, title);
    assert.deepEqual(res.model, {
      name: `all-MiniLM-L6-v2@${APP_SETTINGS_DEFAULTS.embedding_variant}`,
      dim: 384,
    });
  });

  it('shows each page’s passage nearest to the query, as the model itself ranks them', async () => {
    const query = 'how often should I water tomato seedlings';
    const { items } = await t.call('pages.search', { query, site_id: siteId, k: 5 });
    assert.equal(items.length, 5);
    // An independent computation: the same local model loaded directly through transformers.js, the query and
    // every stored passage of each page embedded one by one, the best passage picked by plain cosine.
    env.allowRemoteModels = false;
    env.localModelPath = join(PROJECT_ROOT, 'resources', 'models') + '/';
    const model = await pipeline('feature-extraction', 'all-MiniLM-L6-v2', {
      dtype: APP_SETTINGS_DEFAULTS.embedding_variant,
      device: 'cpu',
    });
    try {
      const embedOne = async (text: string) =>
        Array.from((await model(text, { pooling: 'mean', normalize: true })).data as Float32Array);
      const q = await embedOne(query);
      const passagesOf = t.db.prepare('SELECT text FROM passages WHERE page_id = ? ORDER BY ord').pluck();
      let notFirst = 0;
      for (const item of items) {
        const texts = passagesOf.all(item.page.id) as string[];
        assert.ok(texts.length > 0, `page ${item.page.url} has passages`);
        let best = { text: '', score: -2 };
        for (const text of texts) {
          const v = await embedOne(text);
          const score = v.reduce((sum, x, i) => sum + x * q[i]!, 0);
          if (score > best.score) best = { text, score };
        }
        assert.ok(item.passage, `a passage for ${item.page.url}`);
        assert.equal(item.passage.text, best.text, `best passage of ${item.page.url}`);
        assert.ok(
          Math.abs(item.passage.score - best.score) < 1e-3,
          `${item.passage.score} vs ${best.score} for ${item.page.url}`,
        );
        if (best.text !== texts[0]) notFirst++;
      }
      // Not simply each page's first passage: the choice depends on the query.
      assert.ok(notFirst > 0, 'some best passage is not its page’s first');
    } finally {
      await model.dispose();
    }
  });

  it('prepends the persona context to the embedded text', async () => {
    const res = await t.call('pages.search', {
      query: 'when should I prune roses',
      persona_context: 'I am a beginner with a small city garden.',
      site_id: siteId,
    });
    assert.equal(res.embedded_text, 'I am a beginner with a small city garden.\n\nwhen should I prune roses');
    assert.equal(res.items.length, 10);
  });

  it('validates the request and scopes by site', async () => {
    for (const body of [
      { query: '' },
      { query: 'x'.repeat(2001) },
      { query: 'x', k: 101 },
      { query: 'x', colour: 1 },
      { query: 'x', persona_context: 'p'.repeat(4001) },
    ]) {
      assertProblem(await t.post('/pages/embeddings/search', body), 400, 'validation');
    }
    const other = (await t.call('sites.create', { start_url: 'https://empty.test/' })).id;
    const res = await t.call('pages.search', { query: 'compost', site_id: other });
    assert.deepEqual(res.items, []);
    // A site that does not exist is named, not searched as if it were empty (or an idea called new).
    const missing = assertProblem(
      await t.send('pages.search', { query: 'compost', site_id: 987654 }),
      404,
      'not-found',
    );
    assert.match(missing.detail, /987654/);
    assertProblem(await t.send('ideas.check', { idea: 'compost', site_id: 987654 }), 404, 'not-found');
  });
});

describe('GET /pages/{id}/similar', () => {
  it('finds a page’s exact duplicate first, never the page itself', async () => {
    const [a, b] = site.pairs.exact.find(([x, y]) => pageId(x) && pageId(y))!;
    const { items } = await t.call('pages.similar', { page_id: pageId(a), k: 3 });
    assert.equal(items.length, 3);
    assert.ok(items.every((i) => i.page.id !== pageId(a)));
    assert.equal(items[0]!.page.url, b);
    // Same main text; the titles differ ("printer-friendly"), and the title counts in the page vector.
    assert.ok(items[0]!.score > 0.9, `duplicate scored ${items[0]!.score}`);
    assertProblem(await t.send('pages.similar', { page_id: 987654 }), 404, 'not-found');
    assertProblem(await t.send('pages.similar', { page_id: pageId(a), k: 0 }), 400, 'validation');
  });
});

describe('POST /ideas/check', () => {
  it('calls an idea an existing page already makes covered, and an unrelated one new', async () => {
    const [url] = site.pairs.rewrites[1]!;
    const text = t.db
      .prepare('SELECT main_text FROM page_content WHERE page_id = ?')
      .pluck()
      .get(pageId(url)) as string;
    const covered = await t.call('ideas.check', {
      idea: text.split('\n').slice(0, 4).join(' '),
      site_id: siteId,
    });
    assert.equal(covered.verdict, 'covered');
    assert.ok(covered.matches.some((m) => m.page.url === url));
    assert.ok(covered.matches.every((m) => m.passage.length > 0));

    const fresh = await t.call('ideas.check', {
      idea: 'Comparing mortgage rates for first-time home buyers',
      persona_context: 'A financial adviser writing for young couples.',
      site_id: siteId,
    });
    assert.equal(fresh.verdict, 'new');
    assert.ok(fresh.score < 0.55);
    assert.equal(
      fresh.embedded_text,
      'A financial adviser writing for young couples.\n\nComparing mortgage rates for first-time home buyers',
    );
    assertProblem(await t.post('/ideas/check', { idea: ' ' }), 400, 'validation');
    assertProblem(await t.post('/ideas/check', { idea: 'x'.repeat(10_001) }), 400, 'validation');
  });
});

describe('without the model', () => {
  it('answers 503 with the command that builds it', async () => {
    const empty = makeTempDir();
    const bare = await createTestApp({ resourcesDir: empty });
    try {
      const p = assertProblem(
        await bare.post('/pages/embeddings/search', { query: 'x' }),
        503,
        'model-unavailable',
      );
      assert.match(p.detail!, /npm run build:model/);
      const created = await bare.call('sites.create', { start_url: 'https://x.test/' });
      assertProblem(
        await bare.send('pages.rebuildEmbeddings', { site_id: created.id }),
        503,
        'model-unavailable',
      );
      assertProblem(await bare.post('/ideas/check', { idea: 'x' }), 503, 'model-unavailable');
      assert.equal((await bare.call('system.health')).model.ready, false);
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
