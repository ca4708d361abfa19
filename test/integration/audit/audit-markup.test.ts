/**
 * The image and structured-data checks end to end: a crawl of a local site stores each page's images and JSON-LD,
 * an audit runs, and `image_missing_alt` and `structured_data_invalid` list exactly the planted pages, no fewer
 * and no more, with evidence that names the images and the failing blocks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findingsOf } from '../../helpers/audit-findings.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import { startMarkupSite, type MarkupSite } from '../../fixtures/servers/markup-site.js';

let t: TestApp;
let site: MarkupSite;
let siteId: number;

const findings = <C extends 'image_missing_alt' | 'structured_data_invalid'>(check: C) =>
  findingsOf(t, siteId, check);

before(async () => {
  t = await createTestApp();
  site = await startMarkupSite();
  const created = await t.call('sites.create', { start_url: site.startUrl, settings: FAST_CRAWL });
  siteId = created.id;
  await runJob(t, 'crawl.start', { site_id: siteId });
  // The crawl queues an audit of its own; let it finish, then audit on request as an analyst would.
  await waitFor(
    async () => {
      const busy = await t.call('jobs.list', {
        site_id: siteId,
        kind: ['audit'],
        status: ['queued', 'running'],
      });
      return busy.items.length === 0 ? true : undefined;
    },
    60_000,
    'the follow-up audit',
  );
  await runJob(t, 'audit.run', { site_id: siteId });
});
after(async () => {
  await t.close();
  await site.close();
});

describe('image and structured-data checks on a crawled site', () => {
  it('image_missing_alt lists exactly the pages with an image without alt, with those images', async () => {
    const items = await findings('image_missing_alt');
    assert.deepEqual(
      Object.fromEntries(items.map((f) => [f.url, f.evidence])),
      Object.fromEntries(
        [...site.planted.image_missing_alt].map(([url, images]) => [url, { images, count: images.length }]),
      ),
    );
    for (const f of items) assert.ok(f.page_id, `${f.url} has its page`);
  });

  it('structured_data_invalid lists exactly the pages whose JSON-LD Google would reject, with the block and why', async () => {
    const items = await findings('structured_data_invalid');
    const got = Object.fromEntries(
      items.map((f) => [
        f.url,
        {
          error: f.evidence.blocks.some((b) => b.error !== null),
          missing: f.evidence.blocks.flatMap((b) => b.missing.map((m) => `${m.type} ${m.property}`)),
        },
      ]),
    );
    assert.deepEqual(got, Object.fromEntries(site.planted.structured_data_invalid));

    const broken = items.find((f) => f.url.endsWith('/broken-json/'))!.evidence.blocks[0]!;
    assert.equal(broken.index, 1);
    assert.equal(broken.text, '{"@type": "Article", "headline": "Soil",}');
    assert.match(broken.error!, /JSON/);
    const product = items.find((f) => f.url.endsWith('/product-no-offer/'))!.evidence.blocks[0]!;
    assert.deepEqual(product.missing, [
      {
        type: 'Product',
        path: '$',
        property: 'review or aggregateRating or offers',
        reason: 'missing',
        source: 'https://developers.google.com/search/docs/appearance/structured-data/product-snippet',
      },
    ]);
  });

  it('counts them in the issue list as the URL lists do', async () => {
    const { items: issues } = await t.call('audit.issues', {
      site_id: siteId,
      category: ['images', 'structured_data'],
      include_empty: true,
    });
    assert.deepEqual(
      // The second round's image checks (#35) have their own planted site (test/fixtures/sites/audit2).
      issues
        .filter((i) => i.check === 'image_missing_alt' || i.check === 'structured_data_invalid')
        .map((i) => [i.check, i.category, i.urls])
        .sort(),
      [
        ['image_missing_alt', 'images', site.planted.image_missing_alt.size],
        ['structured_data_invalid', 'structured_data', site.planted.structured_data_invalid.size],
      ].sort(),
    );
  });
});
