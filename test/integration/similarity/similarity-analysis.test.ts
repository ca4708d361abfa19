/**
 * The similarity analysis on the fixture site's planted pairs: exact and near duplicates must come out as
 * duplicates, same-topic rewrites as merge candidates, unrelated pages not at all; pages that share only their
 * navigation and footer never pair. Precision and recall are asserted per outcome.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { z } from 'zod';
import type { CallAnswer } from '../../../server/contract/index.js';
import { crawlFixture, jobResult } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
let pairs: CallAnswer<'similarity.pairs'>['items'];

const run = async (id: 'pages.rebuildEmbeddings' | 'similarity.analyze') =>
  jobResult(t, await t.call(id, { site_id: siteId }), 240_000);

/** What the test reads of `clusters.json`: a download, so the contract does not type it. */
const ClusterRows = z.array(z.object({ cluster_id: z.number(), url: z.string() }));

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 5, articles: 60 });
  siteId = await crawlFixture(t, site);
  await run('pages.rebuildEmbeddings');
  await run('similarity.analyze');
  pairs = await t.callAll('similarity.pairs', { site_id: siteId, limit: 500 });
});
after(async () => {
  await t.close();
  await site.close();
});

const pairKey = (a: string, b: string) => [a, b].sort().join(' ');

describe('similarity analysis on planted pairs', () => {
  it('classifies exact and near duplicates as duplicates and never pairs unrelated pages', () => {
    const found = new Map(pairs.map((p) => [pairKey(p.page_a.url, p.page_b.url), p]));
    const outcomeOf = (a: string, b: string) => found.get(pairKey(a, b))?.outcome ?? 'none';
    const report = (kind: string, list: [string, string][]) =>
      list.map(
        ([a, b]) =>
          `${kind}: ${new URL(a).pathname} ~ ${new URL(b).pathname} → ${outcomeOf(a, b)} ${found.get(pairKey(a, b))?.reranker.toFixed(3) ?? ''}`,
      );
    console.log(
      [
        ...report('exact', site.pairs.exact),
        ...report('near', site.pairs.near),
        ...report('rewrite', site.pairs.rewrites),
        ...report('unrelated', site.pairs.unrelated),
      ].join('\n'),
    );

    for (const [a, b] of site.pairs.exact) assert.equal(outcomeOf(a, b), 'duplicate', `${a} ~ ${b}`);
    // Archived copies whose text differs only in the byline: near duplicates, measured exactly (Jaccard ≈ 0.94).
    for (const [a, b] of site.pairs.near) {
      assert.equal(outcomeOf(a, b), 'duplicate', `${a} ~ ${b}`);
      const j = found.get(pairKey(a, b))!.jaccard;
      assert.ok(j >= 0.9 && j < 1, `near duplicate ${a} ~ ${b} has Jaccard ${j}`);
    }
    for (const [a, b] of site.pairs.unrelated) assert.equal(outcomeOf(a, b), 'none', `${a} ~ ${b}`);
  });

  // Articles of one topic here are different articles (care, pests, varieties of one plant), not one article
  // written twice: read as an analyst reads them, they are worth linking, not merging. Calibrated on pages judged
  // on real sites (bench/semantic-eval.ts), same-topic articles come out `related`; a `merge` needs the same
  // subject (planted rewrites of one page, measured there).
  it('links articles on the same topic, never merges articles of other categories', () => {
    const article = new Map(site.articles.map((a) => [a.url, a]));
    const relation = (p: (typeof pairs)[number]) => {
      const [a, b] = [article.get(p.page_a.url), article.get(p.page_b.url)];
      if (!a || !b) return null;
      return a.topic === b.topic
        ? 'same topic'
        : a.category === b.category
          ? 'same category'
          : 'other category';
    };
    const between = pairs.filter((p) => relation(p) !== null);
    const merges = between.filter((p) => p.outcome === 'merge');
    const sameTopic = between.filter((p) => relation(p) === 'same topic');
    let sameTopicPairs = 0;
    for (const [i, a] of site.articles.entries())
      for (const b of site.articles.slice(i + 1)) if (a.topic === b.topic) sameTopicPairs++;
    const otherCategory = between.filter((p) => relation(p) === 'other category');
    console.log(
      `same-topic article pairs found: ${sameTopic.length}/${sameTopicPairs} ` +
        `(${sameTopic.map((p) => p.outcome).join(', ')}); merges: ${merges.length}; other-category pairs kept: ` +
        `${otherCategory.length} (${otherCategory.map((p) => p.outcome).join(', ')})`,
    );
    assert.ok(
      merges.every((p) => relation(p) === 'same topic'),
      'a merge is never proposed across topics',
    );
    assert.ok(sameTopic.length / sameTopicPairs >= 0.5, `same-topic pairs found ${sameTopic.length}`);
    assert.ok(
      otherCategory.every((p) => p.outcome === 'related'),
      'pages of other categories never merge',
    );

    // The planted rewrites are, per topic, the two articles sharing the fewest sentences: the hardest cases.
    const found = new Map(pairs.map((p) => [pairKey(p.page_a.url, p.page_b.url), p]));
    const outcomes = site.pairs.rewrites.map(([a, b]) => found.get(pairKey(a, b))?.outcome ?? 'none');
    assert.ok(
      outcomes.filter((o) => o !== 'none').length >= 6,
      `same-topic articles are linking opportunities: ${outcomes.join(', ')}`,
    );
  });

  it('never pairs pages that share only boilerplate', () => {
    // Company pages, tag listings and the home page share the header, navigation and footer with everything.
    const boilerplateOnly = pairs.filter(
      (p) => p.outcome === 'duplicate' && p.jaccard < 0.9 && p.reranker < 1,
    );
    assert.deepEqual(boilerplateOnly, []);
  });

  it('serves pairs per site for merge overlays, filtered by outcome and reranker', async () => {
    const { items } = await t.call('similarity.sitePairs', {
      site_id: siteId,
      outcome: ['merge', 'duplicate'],
      min_reranker: 0.8,
      limit: 1000,
    });
    assert.ok(items.length > 0);
    assert.ok(items.every((p) => ['merge', 'duplicate'].includes(p.outcome) && p.reranker >= 0.8));
    assert.deepEqual(Object.keys(items[0]!).sort(), [
      'analyzed_at',
      'cosine',
      'evidence',
      'gsc_clicks',
      'id',
      'jaccard',
      'keep',
      'links',
      'outcome',
      'page_a',
      'page_b',
      'rank',
      'reranker',
      'rule',
      'rule_detail',
      'shared_queries',
      'site_id',
    ]);
    assertProblem(await t.get(`/sites/${siteId}/similarity-pairs?outcome=maybe`), 400, 'validation');
    assertProblem(await t.send('similarity.sitePairs', { site_id: 9999 }), 404, 'not-found');
  });

  it('lists what to act on first, each pair with the rule that decided it and each merge with its page to keep', async () => {
    const listed = await t.callAll('similarity.sitePairs', { site_id: siteId, limit: 200 });
    assert.equal(listed.length, pairs.length);
    const tier = { duplicate: 0, merge: 1, related: 2 } as const;
    for (let i = 1; i < listed.length; i++) {
      assert.ok(listed[i - 1]!.rank >= listed[i]!.rank, `rank order at ${i}`);
      // Duplicates and merges a canonical already settles come after the merges still to do.
      if (listed[i]!.keep?.reason !== 'canonical' && listed[i]!.keep?.reason !== 'indexable')
        assert.ok(tier[listed[i - 1]!.outcome] <= tier[listed[i]!.outcome], `outcome order at ${i}`);
    }
    for (const p of listed) {
      assert.ok(p.rule && p.rule_detail, `${p.page_a.url} ~ ${p.page_b.url}: a rule`);
      assert.equal(p.keep === null, p.outcome === 'related', `${p.page_a.url}: a page to keep iff one page`);
      if (p.keep) assert.ok([p.page_a.id, p.page_b.id].includes(p.keep.page_id) && p.keep.detail);
      // A related pair whose pages already link each other from their text needs nothing: it ranks last.
      if (p.outcome === 'related' && p.links.a_to_b === 'text' && p.links.b_to_a === 'text')
        assert.equal(p.rank, 0);
    }
    // The canonicalised `?color=red` copy names its original as canonical: that is the page to keep.
    const red = listed.find((p) => `${p.page_a.url} ${p.page_b.url}`.includes('?color=red'));
    assert.equal(red?.keep?.reason, 'canonical');
    assert.ok(!red!.keep!.detail.includes('undefined'));
    const kept = red!.keep!.page_id === red!.page_a.id ? red!.page_a : red!.page_b;
    assert.ok(!kept.url.includes('?color=red'), 'the page the copy names as canonical is kept');
  });

  it('groups duplicates and merge candidates into clusters that the link graph shows', async () => {
    const clusters = (await t.call('similarity.clusters', { site_id: siteId })).items;
    assert.ok(clusters.length > 0);
    for (const c of clusters) {
      assert.equal(c.pages.length, c.size);
      assert.ok(c.size >= 2 && c.label.length > 0);
      assert.ok(c.pages.some((p) => p.page.id === c.representative_page?.id));
      assert.ok(c.representative_reason?.detail, `cluster ${c.id}: why its page to keep`);
    }
    const one = await t.call('similarity.cluster', { cluster_id: clusters[0]!.id });
    assert.deepEqual(one, clusters[0]);
    const graph = await t.call('graph.linkGraph', { site_id: siteId, limit: 10000 });
    const member = clusters[0]!.pages[0]!.page.id;
    assert.equal(graph.nodes.find((n) => n.id === member)?.cluster_id, clusters[0]!.id);
    assertProblem(await t.send('similarity.cluster', { cluster_id: 424242 }), 404, 'not-found');
    const exported = ClusterRows.parse((await t.get(`/export/clusters.json?site_id=${siteId}`)).body);
    assert.equal(
      exported.length,
      clusters.reduce((n, c) => n + c.size, 0),
    );
    assert.ok(
      exported.every((r) => clusters.some((c) => c.id === r.cluster_id) && r.url.startsWith(site.origin)),
    );
  });

  it('replaces the analysis atomically and gives the same result on unchanged data', async () => {
    const before = (await t.call('sites.get', { site_id: siteId })).stats;
    await run('similarity.analyze');
    const after = (await t.call('sites.get', { site_id: siteId })).stats;
    assert.deepEqual(after, before);
    assert.equal(
      t.db.prepare('SELECT COUNT(*) FROM similarity_runs WHERE site_id = ?').pluck().get(siteId),
      1,
    );
  });
});
