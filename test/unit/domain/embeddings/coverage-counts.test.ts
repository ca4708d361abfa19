/**
 * The coverage counts a search and the job runner read (search-coverage.ts): kept while nothing moved, read
 * again when the site's vectors move (from any connection), when a crawl says its pages changed, or after 30 s;
 * the pending passages, which decide whether a reader waits, always read afresh.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { CoverageCounts } from '../../../../server/domain/embeddings/search-coverage.js';
import { linkGraphStore } from '../../../helpers/link-graph-store.js';

const g = linkGraphStore();
after(() => g.close());
const pages = [1, 2, 3, 4].map((i) => g.page(`/p/${i}`, { status: 200, contentType: 'text/html' }));
g.page('/gone', { status: 404, contentType: 'text/html', indexable: true });
const embed = g.store.db.prepare(
  `INSERT INTO page_embeddings (page_id, site_id, content_hash, model, passages, embedded_at, passages_pending)
   VALUES (?, ?, NULL, 'm', 0, 'x', ?)`,
);
/** Changes what the counts read behind their back, as no write of the app does (no trigger fires). */
const sneakPage = () =>
  g.store.db
    .prepare(`UPDATE pages SET status_code = 200, content_type = 'text/html' WHERE url LIKE '%/gone'`)
    .run();

describe('coverage counts', () => {
  it('are read again when the vectors move, a crawl says the pages did, or 30 s pass', () => {
    let now = 0;
    const counts = new CoverageCounts(g.store, g.bus, () => now);
    assert.deepEqual(counts.of(g.siteId), { pages: 4, searchable: 0, pending: 0 });
    embed.run(pages[0]!, g.siteId, 1);
    assert.deepEqual(counts.of(g.siteId), { pages: 4, searchable: 1, pending: 1 }, 'the vectors moved');

    sneakPage();
    assert.equal(counts.of(g.siteId).pages, 4, 'kept: nothing said the pages moved');
    g.bus.emit('site.updated', { site_id: g.siteId, changes: ['site', 'pages', 'links'] });
    assert.equal(counts.of(g.siteId).pages, 5, 'a crawl said so');

    g.store.db.prepare(`UPDATE pages SET status_code = 404 WHERE url LIKE '%/gone'`).run();
    now = 29_000;
    assert.equal(counts.of(g.siteId).pages, 5);
    now = 31_000;
    assert.equal(counts.of(g.siteId).pages, 4, 'read again after 30 s');
  });

  it('count the pending passages afresh every time', () => {
    const counts = new CoverageCounts(g.store, g.bus, () => 0);
    assert.equal(counts.of(g.siteId).pending, 1);
    g.store.db.prepare('UPDATE page_embeddings SET passages_pending = 0').run();
    assert.deepEqual(counts.of(g.siteId), { pages: 4, searchable: 1, pending: 0 });
    assert.deepEqual(counts.of(null), { pages: 4, searchable: 1, pending: 0 }, 'every site');
  });
});
