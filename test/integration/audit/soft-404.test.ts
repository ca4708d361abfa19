/**
 * `soft_404` against the site's real error pages (#35): a themed shop whose 404 page never says "not found"
 * serves that template with 200 for a retired product (the same text: found from the crawl alone) and for an
 * ended sale with its name echoed (a different text: found once the site is embedded, by its closeness to the
 * real 404 page). The shop's own short pages — contact, shipping, a two-product category — are not listed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Finding } from '../../../server/schemas/audit.js';
import { crawlFixture, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import {
  SOFT_404_ECHOED,
  SOFT_404_EXACT,
  startOutfittersSite,
  type OutfittersSite,
} from '../../fixtures/servers/outfitters-site.js';

let t: TestApp;
let site: OutfittersSite;
let siteId: number;

before(async () => {
  t = await createTestApp();
  site = await startOutfittersSite();
  siteId = await crawlFixture(t, site, { render_js: 'off' });
});
after(async () => {
  await t?.close();
  await site?.close();
});

async function soft404s(): Promise<Map<string, Finding['evidence']>> {
  await runJob(t, 'audit.run', { site_id: siteId });
  const found = await t.callAll('audit.findings', { site_id: siteId, check: 'soft_404', limit: 50 });
  return new Map(found.map((f) => [new URL(f.url).pathname, f.evidence]));
}

/** The shop's real 404 URLs (dropped products and collections, linked from its pages). */
const REAL_404 = ['/gear/summit-pack-2019/', '/collections/ultralight/', '/collections/kids/'];

describe('soft 404s read against the site’s real error pages', () => {
  it('a page with the very text of a 404 page is one, from the crawl alone', async () => {
    const found = await soft404s();
    assert.deepEqual([...found.keys()], [SOFT_404_EXACT]);
    const evidence = found.get(SOFT_404_EXACT) as {
      rule: string;
      error_page: { url: string; similarity: number };
    };
    assert.equal(evidence.rule, 'same_as_error_page');
    assert.ok(REAL_404.includes(new URL(evidence.error_page.url).pathname), evidence.error_page.url);
    assert.equal(evidence.error_page.similarity, 1);
  });

  it('once embedded, the template with the request echoed is one too, and nothing else is', async () => {
    await runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });
    const found = await soft404s();
    assert.deepEqual([...found.keys()].sort(), [SOFT_404_ECHOED, SOFT_404_EXACT].sort());
    const echoed = found.get(SOFT_404_ECHOED) as {
      rule: string;
      words: string | null;
      error_page: { url: string; page_id: number; similarity: number };
    };
    assert.equal(echoed.rule, 'like_error_page');
    assert.equal(echoed.words, null);
    assert.ok(REAL_404.includes(new URL(echoed.error_page.url).pathname), echoed.error_page.url);
    const { thresholds } = (await t.callAll('audit.issues', { site_id: siteId, limit: 50 })).find(
      (i) => i.check === 'soft_404',
    )!;
    assert.ok(
      echoed.error_page.similarity >= thresholds.audit_soft_404_similarity!,
      `${echoed.error_page.similarity}`,
    );
    assert.ok(echoed.error_page.similarity < 1);
    // The exact copy keeps its own rule: the cheaper proof comes first.
    assert.equal((found.get(SOFT_404_EXACT) as { rule: string }).rule, 'same_as_error_page');
  });

  it('the threshold is a setting: at 1 only the exact copy is left', async () => {
    await t.call('system.updateSettings', { audit_soft_404_similarity: 1 });
    try {
      assert.deepEqual([...(await soft404s()).keys()], [SOFT_404_EXACT]);
    } finally {
      await t.call('system.updateSettings', { audit_soft_404_similarity: 0.85 });
    }
  });
});
