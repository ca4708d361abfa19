/**
 * Sorted, keyset-paginated pair lists when some cosines are unknown (NULL): for every sort and page size, paging
 * with each page's cursor (round-tripped as a client sends it) returns every pair exactly once, in the order of
 * the sort with unknown cosines last in both directions; `min_cosine` leaves unknown cosines out.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Cursor, type CursorKey } from '../../../server/schemas/common.js';
import { PAIR_SORTS } from '../../../server/schemas/similarity.js';
import { afterSortKey, keysetPage } from '../../../server/domain/sort-cursor.js';
import { ValidationError } from '../../../server/domain/errors.js';
import { createStore, openDatabase, type Store } from '../../../server/store/index.js';
import type { PairRow } from '../../../server/store/repos/similarity-repo.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';
// Ties within known cosines, and several unknown ones, so every comparison of the keyset condition is used.
const COSINES = [0.5, null, 0.9, -0.2, null, 0.5, 1, null, 0.5, -1, 0.12, null];

function seed(): Store {
  const file = join(dir, 'pairs.db');
  const db = openDatabase(file);
  const store = createStore(db, file);
  const site = store.sites.insert({
    name: 'Garden',
    start_url: 'https://garden.test/',
    origin: 'https://garden.test',
    settings: {},
  });
  const pageIds = Array.from({ length: COSINES.length + 1 }, (_, i) => {
    const id = Number(
      db
        .prepare(
          `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
           VALUES (?, ?, 1, 'done', 1, 1, 1, 1, ?)`,
        )
        .run(site.id, `https://garden.test/p${i}/`, NOW).lastInsertRowid,
    );
    db.prepare(
      `INSERT INTO pages (id, site_id, url, status_code, content_type, indexable, crawled_at)
       SELECT id, site_id, url, 200, 'text/html', 1, ? FROM urls WHERE id = ?`,
    ).run(NOW, id);
    return id;
  });
  const run = store.similarity.createRun(site.id, 'passage', {});
  COSINES.forEach((cosine, i) =>
    store.similarity.insertPair(run, site.id, {
      page_a: pageIds[i]!,
      page_b: pageIds[i + 1]!,
      cosine,
      reranker: [0.7, 0.9, 0.7][i % 3]!,
      jaccard: (i % 4) / 4,
      outcome: 'merge',
      rule: 'same_title',
      rule_detail: null,
      keep: null,
      links: { a_to_b: null, b_to_a: null },
      gsc_clicks: null,
      rank: 2 + i / 100,
      shared_queries: 0,
      evidence: [],
    }),
  );
  store.similarity.publish(site.id, run);
  return store;
}

/** Pages through the list as `SimilarityQueries.pairs` does, decoding each cursor as the API would. */
function pageThrough(store: Store, sort: string, limit: number, minCosine?: number): PairRow[] {
  const out: PairRow[] = [];
  let cursor: CursorKey | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const rows = store.similarity.pairs({ minCosine }, sort, afterSortKey(cursor, sort), limit + 1);
    const { page, next_cursor } = keysetPage(rows, limit, sort);
    out.push(...page);
    if (!next_cursor) return out;
    cursor = Cursor.parse(next_cursor);
  }
  throw new Error('paging did not end');
}

/** The expected order: by the sort's column (unknown cosines last either way), then by id in the same direction. */
function expected(all: PairRow[], sort: string): number[] {
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as 'id' | 'reranker' | 'cosine' | 'jaccard';
  const dir = desc ? -1 : 1;
  return [...all]
    .sort((x, y) => {
      const [a, b] = [x[key], y[key]];
      if (a === null || b === null) return a === b ? dir * (x.id - y.id) : a === null ? 1 : -1;
      return dir * (a - b) || dir * (x.id - y.id);
    })
    .map((p) => p.id);
}

describe('pair lists with unknown cosines', () => {
  const store = seed();
  const all = store.similarity.pairs({}, 'id', null, 1000);

  it('page through every sort with no gap or repeat, unknown cosines last', () => {
    assert.equal(all.length, COSINES.length);
    for (const sort of PAIR_SORTS) {
      for (const limit of [1, 2, 3, 5, 50]) {
        const ids = pageThrough(store, sort, limit).map((p) => p.id);
        assert.deepEqual(ids, expected(all, sort), `${sort}, ${limit} a page`);
      }
    }
    for (const sort of ['cosine', '-cosine']) {
      const cosines = pageThrough(store, sort, 2).map((p) => p.cosine);
      assert.deepEqual(cosines.slice(-4), [null, null, null, null], `${sort}: unknown cosines last`);
    }
  });

  it('leaves unknown cosines out of a minimum, however low', () => {
    const ids = (min: number) => pageThrough(store, '-cosine', 2, min).map((p) => p.cosine);
    assert.deepEqual(ids(-1), [1, 0.9, 0.5, 0.5, 0.5, 0.12, -0.2, -1]);
    assert.deepEqual(ids(0.5), [1, 0.9, 0.5, 0.5, 0.5]);
  });

  it('refuses a cursor of another sort', () => {
    const rows = store.similarity.pairs({}, '-cosine', null, 3);
    const { next_cursor } = keysetPage(rows, 2, '-cosine');
    assert.throws(() => afterSortKey(Cursor.parse(next_cursor!), 'cosine'), ValidationError);
  });
});
