/**
 * A pair's cosine is unknown (null), not 0, when a page of it has no embedding: on the fixture site the shop's
 * `?color=red` copy is canonicalised to `/shop/seeds/`, so it is never embedded, yet the analysis finds the two
 * by their identical text. Pairs of embedded pages keep their real cosine. `min_cosine` leaves unknown cosines
 * out, a `cosine` sort lists them last and pages through them, and the pair exports leave the cell empty.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { CallAnswer, CallArgs } from '../../../server/contract/index.js';
import { crawlFixture, jobResult, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, textOf, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

type PairOut = CallAnswer<'similarity.pairs'>['items'][number];
type Query = Omit<CallArgs<'similarity.pairs'>, 'site_id' | 'limit' | 'cursor'>;

let t: TestApp;
let site: FixtureSite;
let siteId: number;
let pairs: PairOut[];
let embedded: Set<number>;

/** Every page of a pair list, following `next_cursor`, `limit` at a time. */
const pageThrough = (query: Query, limit: number) =>
  t.callAll('similarity.pairs', { site_id: siteId, limit, ...query });

/** What the test reads of `similarity-pairs.json`: a download, so the contract does not type it. */
const PairRows = z.array(z.object({ page_a: z.number(), page_b: z.number(), cosine: z.number().nullable() }));

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 5, articles: 8 });
  siteId = await crawlFixture(t, site);
  await jobResult(t, await t.call('pages.rebuildEmbeddings', { site_id: siteId }), 240_000);
  // Keep every scored candidate, so the list holds many known cosines around the unknown ones.
  await runJob(t, 'similarity.analyze', { site_id: siteId, thresholds: { related_reranker: 0 } });
  pairs = await pageThrough({ sort: 'id' }, 500);
  embedded = new Set(
    t.db.prepare('SELECT page_id FROM page_embeddings WHERE site_id = ?').pluck().all(siteId) as number[],
  );
});
after(async () => {
  await t.close();
  await site.close();
});

const isKnown = (p: PairOut) => embedded.has(p.page_a.id) && embedded.has(p.page_b.id);

describe('a pair with an unembedded page', () => {
  it('has a null cosine, while pairs of embedded pages keep a real one', () => {
    const [seeds, red] = site.pairs.exact.find(([a]) => a.endsWith('/shop/seeds/'))!;
    const dup = pairs.find(
      (p) => [p.page_a.url, p.page_b.url].sort().join(' ') === [seeds, red].sort().join(' '),
    );
    assert.ok(dup, `the analysis pairs ${seeds} with ${red}`);
    assert.deepEqual([dup.outcome, dup.reranker, dup.jaccard, dup.cosine], ['duplicate', 1, 1, null]);
    const copy = dup.page_a.url === red ? dup.page_a : dup.page_b;
    assert.equal(copy.indexable, false);
    assert.equal(embedded.has(copy.id), false, 'the canonicalised copy is not embedded');

    for (const p of pairs) {
      if (isKnown(p)) {
        assert.equal(typeof p.cosine, 'number', `${p.page_a.url} ~ ${p.page_b.url}`);
        assert.ok(p.cosine! >= -1.0001 && p.cosine! <= 1.0001 && p.cosine !== 0, `cosine ${p.cosine}`);
      } else assert.equal(p.cosine, null, `${p.page_a.url} ~ ${p.page_b.url}`);
    }
    assert.ok(pairs.filter(isKnown).length >= 20, `${pairs.filter(isKnown).length} pairs of embedded pages`);
  });

  it('is left out by min_cosine, however low', async () => {
    const kept = await pageThrough({ min_cosine: -1 }, 500);
    assert.deepEqual(
      kept.map((p) => p.id).sort((a, b) => a - b),
      pairs.filter(isKnown).map((p) => p.id),
    );
    const high = await pageThrough({ min_cosine: 0.8 }, 500);
    assert.ok(high.every((p) => p.cosine !== null && p.cosine >= 0.8));
  });

  it('sorts last by cosine either way, and paging through the sort misses and repeats nothing', async () => {
    const unknown = pairs.filter((p) => p.cosine === null).length;
    assert.ok(unknown >= 1);
    for (const sort of ['-cosine', 'cosine'] as const) {
      const desc = sort === '-cosine';
      const whole = await pageThrough({ sort }, 500);
      for (const limit of [1, 7]) {
        const paged = await pageThrough({ sort }, limit);
        assert.deepEqual(
          paged.map((p) => p.id),
          whole.map((p) => p.id),
          `${sort}, ${limit} a page`,
        );
      }
      assert.equal(new Set(whole.map((p) => p.id)).size, pairs.length, `${sort}: every pair once`);
      assert.ok(
        whole.slice(-unknown).every((p) => p.cosine === null),
        `${sort}: unknown cosines last`,
      );
      const known = whole.slice(0, -unknown).map((p) => p.cosine!);
      assert.ok(
        known.every((c, i) => i === 0 || (desc ? c <= known[i - 1]! : c >= known[i - 1]!)),
        `${sort}: known cosines in order`,
      );
    }
  });

  it('exports an empty cosine cell in CSV and XLSX, and null in JSON', async () => {
    const unknown = pairs.filter((p) => p.cosine === null);
    const known = pairs.find(isKnown)!;
    assert.ok(unknown.length > 0 && known);
    const json = PairRows.parse((await t.get(`/export/similarity-pairs.json?site_id=${siteId}`)).body);
    const cosineOf = (rows: { page_a: unknown; page_b: unknown; cosine: unknown }[], p: PairOut) =>
      rows.find((r) => Number(r.page_a) === p.page_a.id && Number(r.page_b) === p.page_b.id)?.cosine;
    for (const p of unknown) assert.equal(cosineOf(json, p), null);
    assert.equal(cosineOf(json, known), known.cosine);

    const csvText = await t.getText(`/export/similarity-pairs.csv?site_id=${siteId}`);
    const csv = parse(textOf(csvText), { columns: true }) as {
      page_a: string;
      page_b: string;
      cosine: string;
    }[];
    assert.equal(csv.length, pairs.length);
    for (const p of unknown) assert.equal(cosineOf(csv, p), '');
    assert.equal(Number(cosineOf(csv, known)), known.cosine);

    const workbook = await t.getWorkbook(`/export/similarity-pairs.xlsx?site_id=${siteId}`);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => header.indexOf(name);
    const rows: { page_a: unknown; page_b: unknown; cosine: unknown }[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) {
        rows.push({
          page_a: row.getCell(col('page_a')).value,
          page_b: row.getCell(col('page_b')).value,
          cosine: row.getCell(col('cosine')).value,
        });
      }
    });
    for (const p of unknown) assert.equal(cosineOf(rows, p), null, 'an empty cell');
    assert.equal(cosineOf(rows, known), known.cosine);
  });
});
