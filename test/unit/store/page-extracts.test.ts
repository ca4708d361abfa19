/**
 * `extractors` and `page_extracts` (migration 23): a page's values are replaced with the page, one rule's by a
 * re-apply, and go with their page, their rule and their site; a rule's revision guards `markFresh` against a
 * change made while a crawl ran.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { failedPage } from '../../../server/domain/crawl/page-builder.js';
import { extractRow } from '../../../server/domain/extraction/extract-values.js';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';

describe('page_extracts', () => {
  it('follows pages, rules and sites, and marks rules fresh only at the revision a crawl ran', () => {
    const file = join(dir, 'extracts.db');
    const db = openDatabase(file);
    const store = createStore(db, file);
    db.prepare(
      `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at)
       VALUES (1, 'Shop', 'https://shop.test/', 'https://shop.test', ?, ?)`,
    ).run(NOW, NOW);
    const page = (path: string) => {
      const id = Number(
        db
          .prepare(
            `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
             VALUES (1, ?, 1, 'done', 0, 1, 1, 1, ?)`,
          )
          .run(`https://shop.test${path}`, NOW).lastInsertRowid,
      );
      const ctx = {
        id,
        siteId: 1,
        url: `https://shop.test${path}`,
        depth: 0,
        followLinks: true,
        queryParams: 'keep' as const,
        now: NOW,
      };
      store.pages.upsert(
        { ...failedPage(ctx, 'timeout', null).page, fetch_error: null, status_code: 200 },
        'Text',
        null,
        null,
      );
      return id;
    };
    const a = page('/a');
    const b = page('/b');
    const rule = {
      kind: 'css' as const,
      selector: '.price',
      take: 'text',
      all: false,
      source: 'html' as const,
    };
    const price = store.extractors.insert(1, { name: 'price', ...rule }, true);
    const sku = store.extractors.insert(1, { name: 'sku', ...rule, selector: '.sku' }, false);
    assert.equal(store.extractors.byName(1, 'PRICE')?.id, price.id, 'names ignore case');
    assert.throws(() => store.extractors.insert(1, { name: 'Price', ...rule }, false), /UNIQUE/);

    store.pageExtracts.replacePage(a, [extractRow(price.id, '€1'), extractRow(sku.id, 'A-1')]);
    store.pageExtracts.replacePage(b, [extractRow(price.id, '€2')]);
    const values = () =>
      store.pageExtracts
        .forPages([a, b], [price.id, sku.id])
        .map((r) => [r.page_id, r.extractor_id, r.value])
        .sort((x, y) => (x[0] as number) - (y[0] as number) || (x[1] as number) - (y[1] as number));
    assert.deepEqual(values(), [
      [a, price.id, '€1'],
      [a, sku.id, 'A-1'],
      [b, price.id, '€2'],
    ]);
    store.pageExtracts.replacePage(a, [extractRow(price.id, '€3')]);
    store.pageExtracts.putOne(b, price.id, null);
    assert.deepEqual(values(), [[a, price.id, '€3']]);

    // A change while a crawl ran: the crawl's markFresh names the revision it started with.
    const ran = store.extractors.get(price.id)!;
    store.extractors.update(price.id, { name: 'price', ...rule, selector: '.price-now' }, true, true);
    store.extractors.markFresh([ran]);
    assert.equal(store.extractors.get(price.id)!.stale, 1);
    store.extractors.markFresh([store.extractors.get(price.id)!]);
    assert.equal(store.extractors.get(price.id)!.stale, 0);
    store.extractors.update(price.id, { name: 'cost', ...rule, selector: '.price-now' }, false, true);
    assert.equal(store.extractors.get(price.id)!.stale, 0, 'a rename keeps the values');

    db.prepare('DELETE FROM pages WHERE id = ?').run(a);
    assert.deepEqual(values(), [], 'values go with their page');
    store.pageExtracts.replacePage(b, [extractRow(sku.id, 'B-2')]);
    store.extractors.delete(sku.id);
    assert.deepEqual(store.pageExtracts.forPages([b], [sku.id]), [], 'and with their rule');
    db.prepare('DELETE FROM sites WHERE id = 1').run();
    assert.equal(store.extractors.count(1), 0, 'rules go with their site');
    db.close();
  });
});
