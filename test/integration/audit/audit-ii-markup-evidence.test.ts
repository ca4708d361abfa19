/**
 * The markup and header checks' evidence (#35) on the second audit's planted site: what an analyst acts on is in
 * it — the tag or header read and its value, what is wrong in words, the element that ended the head and what it
 * pushed out, every repeated title, description and canonical. Which URLs are listed is
 * audit-ii-planted.test.ts's concern; here, what each finding proves.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CheckId } from '../../../server/schemas/audit-checks.js';
import { findingsOf } from '../../helpers/audit-findings.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startAudit2Site, type Audit2Site } from '../../fixtures/sites/audit2/audit2-site.js';

let t: TestApp;
let site: Audit2Site;
let shopId: number;
let legacyId: number;

before(async () => {
  t = await createTestApp();
  site = await startAudit2Site();
  const ids: number[] = [];
  for (const start of [site.shopStart, site.legacyStart]) {
    const { id } = await t.call('sites.create', {
      start_url: start,
      settings: { ...FAST_CRAWL, render_js: 'off' },
    });
    ids.push(id);
    await runJob(t, 'crawl.start', { site_id: id });
    await runJob(t, 'audit.run', { site_id: id });
  }
  [shopId, legacyId] = ids as [number, number];
});
after(async () => {
  await t.close();
  await site.close();
});

const on = async <C extends CheckId>(check: C, path: string, siteId = shopId) => {
  const found = await findingsOf(t, siteId, check);
  const origin = siteId === shopId ? site.origins.shop : site.origins.legacy;
  const f = found.find((x) => x.url === `${origin}${path}`);
  assert.ok(f, `${check} lists ${path}: ${JSON.stringify(found.map((x) => x.url))}`);
  return f.evidence;
};

describe('markup and header evidence', () => {
  it('quotes the viewport and says what blocks zoom', async () => {
    assert.deepEqual(await on('viewport_missing', '/gift-vouchers/'), {
      what: 'meta name=viewport',
      value: null,
      problems: ['the page has no viewport meta tag'],
    });
    const v = await on('viewport_not_responsive', '/planting-planner/');
    assert.equal(v.value, 'width=1024, initial-scale=1, maximum-scale=1, user-scalable=no');
    assert.deepEqual(v.problems, [
      'width=1024: a fixed width, not device-width',
      'user-scalable=no blocks zoom',
      'maximum-scale=1 blocks zoom (below 2)',
    ]);
  });

  it('names the header and its value as sent', async () => {
    const hsts = await on('hsts_missing', '/returns/');
    assert.deepEqual(hsts, {
      what: 'Strict-Transport-Security',
      value: 'max-age=0',
      problems: ['max-age=0 turns HSTS off'],
    });
    const referrer = await on('referrer_policy_unsafe', '/garden-club/');
    assert.equal(referrer.value, 'no-referrer-when-downgrade');
    const legacy = await on('referrer_policy_unsafe', '/', legacyId);
    assert.equal(legacy.value, null);
    assert.match(legacy.problems[0]!, /no Referrer-Policy header and no meta referrer/);
  });

  it('shows the element that ended the head and what it pushed into the body', async () => {
    const e = await on('head_invalid_element', '/plants/climbing-roses/');
    assert.match(e.element, /^<iframe src="https:\/\/127\.0\.0\.2:\d+\/ns\.html\?id=GTM-K9F2QX">$/);
    assert.deepEqual(e.pushed, [
      '<link rel="canonical" href="/plants/climbing-roses/">',
      '<link rel="alternate" hreflang="en-GB" href="/plants/climbing-roses/">',
    ]);
    const body = await on('head_tags_in_body', '/sale/');
    assert.deepEqual(body.values, [
      '<link rel="canonical" href="/sale/">',
      '<meta name="description" content="Half price.">',
    ]);
  });

  it('lists every title, description and disagreeing canonical', async () => {
    const titles = await on('title_multiple', '/seeds/tomatoes/');
    assert.deepEqual(titles.values, ['Tomato seeds | Fernhill Garden Supplies', 'Tomato seeds – buy online']);
    assert.equal(titles.count, 2);
    const canonicals = await on('canonical_multiple', '/plants/lavender/');
    assert.deepEqual(canonicals.values, [
      `${site.origins.shop}/plants/lavender/`,
      `${site.origins.shop}/plants/`,
    ]);
  });

  it('shows the conflicting directives, the language tag’s fault and the missing Open Graph tags', async () => {
    assert.deepEqual(await on('robots_conflict', '/plants/ferns/'), {
      meta_robots: 'index, follow',
      x_robots_tag: 'noindex',
    });
    const lang = await on('lang_invalid', '/about/');
    assert.equal(lang.value, 'en-UK');
    assert.deepEqual(lang.problems, ['"UK" is not a region code; GB is']);
    assert.deepEqual((await on('open_graph_missing', '/plants/hellebores/')).problems, ['og:image']);
  });
});
