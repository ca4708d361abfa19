/**
 * The figures the Pages and Overview views show, read from the API as they do, agree with each other (#37): the
 * page count of a site and of its summary are one count; the "embedded" figure is what a search covers; a
 * page's inlinks are the other pages that link to it, its self-link listed but not counted; and the list carries
 * the columns an analyst picks (title, meta description, h1, canonical, size, page type).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { MODEL_DIM } from '../../../server/domain/system/health-service.js';
import { crawlFixture } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 11, articles: 24 });
  siteId = await crawlFixture(t, site);
});
after(async () => {
  await t.close();
  await site.close();
});

const ANCHOR_KINDS = ['content', 'navigation', 'header', 'footer', 'aside', 'pagination'];

describe('page figures', () => {
  it('counts the site’s pages once: the site, its summary and the summary’s groups agree', async () => {
    const s = await t.call('sites.get', { site_id: siteId });
    const summary = await t.call('sites.summary', { site_id: siteId });
    assert.equal(summary.pages, s.stats.pages);
    for (const [name, groups] of Object.entries({
      status_codes: summary.status_codes,
      content_types: summary.content_types,
      depths: summary.depths,
      indexability: summary.indexability,
    }))
      assert.equal(
        groups.reduce((n, g) => n + g.count, 0),
        s.stats.pages,
        `${name} add up to the page count`,
      );
  });

  it('counts as inlinks the other pages that link to a page, and lists its self-link marked apart', async () => {
    const selfLinked = t.db
      .prepare(
        `SELECT l.target_id FROM links l JOIN pages p ON p.id = l.target_id
         WHERE l.site_id = ? AND l.source_id = l.target_id LIMIT 1`,
      )
      .pluck()
      .get(siteId) as number | undefined;
    assert.ok(selfLinked, 'the fixture site has a page that links to itself (its navigation)');
    const page = await t.call('pages.get', { page_id: selfLinked });
    const links = await t.call('pages.links', { page_id: page.id, direction: 'in', limit: 1000 });
    const self = links.items.filter((l) => l.source.id === page.id);
    assert.ok(self.length >= 1, 'the self-link is listed');
    const others = new Set(
      links.items
        .filter((l) => l.source.id !== page.id && ANCHOR_KINDS.includes(l.edge_kind))
        .map((l) => l.source.id),
    );
    assert.equal(page.inlinks, others.size, 'inlinks: distinct other pages with a link');
    const out = await t.call('pages.links', { page_id: page.id, direction: 'out', limit: 1000 });
    assert.equal(
      page.outlinks,
      out.items.filter((l) => l.target.id !== page.id && ANCHOR_KINDS.includes(l.edge_kind)).length,
      'outlinks: links to other URLs',
    );
    const [listed] = (
      await t.call('pages.list', { site_id: siteId, q: new URL(page.url).pathname, limit: 50 })
    ).items.filter((p) => p.id === page.id);
    assert.equal(listed?.inlinks, page.inlinks, 'the list and the details say the same');
  });

  it('lists the columns the picker offers, as the page’s details have them, and sorts by size', async () => {
    const list = await t.call('pages.list', { site_id: siteId, limit: 500, sort: '-bytes' });
    const sizes = list.items.map((p) => p.bytes ?? -1);
    assert.deepEqual(
      sizes,
      [...sizes].sort((a, b) => b - a),
      'largest first',
    );
    const html = list.items.filter((p) => p.status_code === 200 && p.content_type === 'text/html');
    assert.ok(html.some((p) => p.meta_description !== null && p.canonical_url !== null));
    for (const item of html.slice(0, 10)) {
      const page = await t.call('pages.get', { page_id: item.id });
      for (const key of ['title', 'meta_description', 'h1', 'canonical_url', 'bytes', 'page_type'] as const)
        assert.deepEqual(item[key], page[key], `${key} of ${page.url}`);
    }
  });

  it('counts as embedded what a search covers now, leads included, a page no longer embeddable not', async () => {
    const embeddable = t.db
      .prepare(
        `SELECT id, content_hash FROM pages WHERE site_id = ? AND indexable = 1 AND status_code = 200
           AND content_type = 'text/html' ORDER BY id`,
      )
      .all(siteId) as { id: number; content_hash: string | null }[];
    const leads = embeddable.slice(0, 7);
    const vector = new Float32Array(MODEL_DIM).fill(1 / Math.sqrt(MODEL_DIM));
    // The embed job's first phase, as far as the store sees it: pages searchable by a lead vector, passages
    // pending; and a page embedded before it became noindex, whose row the next job drops.
    t.store.tx(() => {
      for (const p of leads) t.store.embeddings.writeLead(siteId, p, 'test-model', vector);
    });
    t.db.prepare('UPDATE pages SET indexable = 0 WHERE id = ?').run(leads[0]!.id);
    const s = await t.call('sites.get', { site_id: siteId });
    const coverage = await t.call('pages.searchCoverage', { site_id: siteId });
    assert.equal(coverage.searchable_pages, leads.length - 1);
    assert.equal(s.stats.embedded, coverage.searchable_pages);
  });
});
