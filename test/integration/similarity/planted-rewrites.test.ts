/**
 * Recall must not pay for precision, on real text: an excerpt of the PostgreSQL manual with five of its pages
 * rewritten (paragraphs reordered, a third dropped, a new title) and planted at new URLs in other parts of the
 * site (test/fixtures/semantic-eval/manual-excerpt.ts). Each rewrite pairs with its original as a `duplicate` or
 * `merge`, whatever part of the site it sits in and whatever its title, and the original is the page to keep.
 * The rules that stop parallel pages from merging still stop them: one title in two languages' chapters, sibling
 * functions of a reference, a chapter and its own section. The merges listed are exactly the planted ones.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallAnswer } from '../../../server/contract/index.js';
import { crawlFixture, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import type { DocsServer } from '../../fixtures/python-docs/docs-server.js';
import { PLANTED, startManualExcerpt } from '../../fixtures/semantic-eval/manual-excerpt.js';

let t: TestApp;
let docs: DocsServer;
let pairs: CallAnswer<'similarity.sitePairs'>['items'];

const path = (url: string) => new URL(url).pathname;
const key = (a: string, b: string) => [a, b].sort().join(' ~ ');

before(async () => {
  docs = await startManualExcerpt();
  t = await createTestApp();
  const siteId = await crawlFixture(t, { startUrl: docs.startUrl });
  await runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });
  await runJob(t, 'similarity.analyze', { site_id: siteId });
  pairs = await t.callAll('similarity.sitePairs', { site_id: siteId, limit: 500 });
});
after(async () => {
  await t?.close();
  await docs?.close();
});

describe('rewrites planted elsewhere in a real manual', { timeout: 600_000 }, () => {
  const found = () => new Map(pairs.map((p) => [key(path(p.page_a.url), path(p.page_b.url)), p]));

  it('pairs each rewrite with its original as one page, and keeps the original', () => {
    const byKey = found();
    const report = PLANTED.map((p) => {
      const pair = byKey.get(key(p.original, p.copy));
      return `${p.original} ~ ${p.copy}: ${pair?.outcome ?? 'none'} ${pair?.reranker.toFixed(2) ?? ''} ${pair?.rule ?? ''}`;
    });
    for (const p of PLANTED) {
      const pair = byKey.get(key(p.original, p.copy));
      assert.ok(pair && pair.outcome !== 'related', report.join('\n'));
      assert.ok(pair.keep, `${p.original}: a page to keep`);
      const kept = pair.keep.page_id === pair.page_a.id ? pair.page_a : pair.page_b;
      assert.equal(path(kept.url), p.original, `${p.original}: ${pair.keep.reason} ${pair.keep.detail}`);
    }
  });

  it('lists exactly the planted rewrites as duplicates and merges, and says why each merged', () => {
    const planted = new Set(PLANTED.map((p) => key(p.original, p.copy)));
    const strong = pairs.filter((p) => p.outcome !== 'related');
    assert.deepEqual(
      strong.map((p) => key(path(p.page_a.url), path(p.page_b.url))).sort(),
      [...planted].sort(),
      strong.map((p) => `${p.page_a.url} ~ ${p.page_b.url}: ${p.rule} ${p.rule_detail}`).join('\n'),
    );
    for (const p of strong) assert.ok(p.rule && p.rule_detail, `${p.page_a.url}: rule and detail`);
  });

  it('keeps parallel pages, sibling functions and a chapter with its section apart', () => {
    const byKey = found();
    for (const [a, b] of [
      ['/pltcl-data.html', '/plperl-data.html'],
      ['/pltcl-transactions.html', '/plpython-transactions.html'],
      ['/spi-spi-palloc.html', '/spi-realloc.html'],
      ['/jit.html', '/jit-reason.html'],
      ['/tutorial-advanced.html', '/tutorial-window.html'],
    ]) {
      const pair = byKey.get(key(a!, b!));
      assert.notEqual(pair?.outcome, 'merge', `${a} ~ ${b}: ${pair?.rule} ${pair?.rule_detail}`);
      assert.notEqual(pair?.outcome, 'duplicate', `${a} ~ ${b}`);
    }
  });

  it('lists what to act on first: the merges before any related pair', () => {
    const firstRelated = pairs.findIndex((p) => p.outcome === 'related');
    assert.equal(firstRelated, PLANTED.length);
    for (let i = 1; i < pairs.length; i++)
      assert.ok(pairs[i - 1]!.rank >= pairs[i]!.rank, `rank order at ${i}`);
  });
});
