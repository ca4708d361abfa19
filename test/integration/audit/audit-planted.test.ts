/**
 * The audit's correctness: on a generated site with every check's problem planted on known URLs among clean
 * pages (test/fixtures/sites/audit-site-plants.ts), each check lists exactly the planted URLs — no fewer, no more —
 * its issue counts as many, and the evidence names what is wrong (the broken target and its status, the hops,
 * the other copies, the threshold). The semantic checks, which need embeddings and a similarity analysis, run
 * on a small site of their own (the second suite).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHECK_IDS, type CheckId } from '../../../server/schemas/audit-checks.js';
import type { Finding } from '../../../server/schemas/audit.js';
import { crawlFixture, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import {
  AUDIT_CRAWL_SETTINGS,
  startAuditSite,
  startSemanticSite,
  type AuditSite,
} from '../../fixtures/sites/audit-site.js';
import { ROBOTS_DISALLOW } from '../../fixtures/sites/audit-site-plan.js';
import { AUDIT_II_CHECKS } from '../../fixtures/sites/audit2/audit2-checks.js';

type FindingBody = Finding;
type Evidence = Finding['evidence'];

/** Every finding of every check, each list read to its end a few URLs at a time (so cursors are used). */
async function readFindings(t: TestApp, siteId: number): Promise<Map<CheckId, FindingBody[]>> {
  const out = new Map<CheckId, FindingBody[]>();
  for (const check of CHECK_IDS)
    out.set(check, await t.callAll('audit.findings', { site_id: siteId, check, limit: 7 }));
  return out;
}

/** Each check's `urls` in the issue list, with the checks that found nothing (`include_empty`). */
async function readIssues(t: TestApp, siteId: number) {
  const issues = await t.callAll('audit.issues', { site_id: siteId, include_empty: true, limit: 20 });
  return new Map(issues.map((i) => [i.check, i]));
}

/** The part of `actual` that `expected` describes: its keys, recursively (arrays element by element). */
function pick(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(expected) && Array.isArray(actual))
    return actual.map((a, i) => (i < expected.length ? pick(a, expected[i]) : a));
  if (
    expected &&
    typeof expected === 'object' &&
    actual &&
    typeof actual === 'object' &&
    !Array.isArray(actual)
  )
    return Object.fromEntries(
      Object.keys(expected).map((k) => [k, pick((actual as Evidence)[k], (expected as Evidence)[k])]),
    );
  return actual;
}

/** `actual` has every property `expected` gives, with those values. */
const assertHas = (actual: unknown, expected: unknown) => assert.deepEqual(pick(actual, expected), expected);

/** What differs between a check's list and the planted URLs, in words (empty when they agree). */
function difference(check: CheckId, got: FindingBody[], want: string[]): string {
  const urls = got.map((f) => f.url);
  const missing = want.filter((u) => !urls.includes(u));
  const extra = urls.filter((u) => !want.includes(u));
  const twice = urls.filter((u, i) => urls.indexOf(u) !== i);
  if (!missing.length && !extra.length && !twice.length) return '';
  return `${check}: missing ${JSON.stringify(missing)}, not planted ${JSON.stringify(extra)}, twice ${JSON.stringify(twice)}`;
}

describe('the audit of a site with every problem planted', () => {
  let t: TestApp;
  let site: AuditSite;
  let siteId: number;
  let found: Map<CheckId, FindingBody[]>;
  let issues: Awaited<ReturnType<typeof readIssues>>;
  const evidence = (check: CheckId, path: string): Evidence => {
    const f = found.get(check)!.find((x) => x.url === site.url(path));
    assert.ok(f, `${check} lists ${path}`);
    return f.evidence;
  };

  before(async () => {
    t = await createTestApp();
    site = await startAuditSite();
    siteId = await crawlFixture(t, site, AUDIT_CRAWL_SETTINGS);
    await runJob(t, 'audit.run', { site_id: siteId });
    found = await readFindings(t, siteId);
    issues = await readIssues(t, siteId);
  });
  after(async () => {
    await t?.close();
    await site?.close();
  });

  // The second round's checks are planted on a site of their own (audit-ii-planted.test.ts).
  const SECOND_ROUND: ReadonlySet<string> = new Set(AUDIT_II_CHECKS);
  for (const check of CHECK_IDS.filter((c) => !SECOND_ROUND.has(c))) {
    it(`${check} lists exactly the planted URLs`, () => {
      assert.equal(difference(check, found.get(check)!, site.expected[check]), '');
      assert.equal(issues.get(check)?.urls, found.get(check)!.length, `${check}: the issue's count`);
    });
  }

  it('fetched every URL once', () => {
    const twice = [...site.requests].filter(([path, n]) => n > 1 && path !== '/contact/live-chat/');
    assert.deepEqual(twice, []);
  });

  it('names each broken link’s target, its status or error, and its anchor text', () => {
    const target = (path: string, to: string) =>
      (evidence('broken_internal_link', path).targets as Evidence[]).find((x) => x.url === site.url(to));
    assertHas(target('/shop/', '/shop/gift-vouchers/'), {
      status: 500,
      error: null,
      anchor_text: 'Gift vouchers',
    });
    assertHas(target('/contact/', '/contact/live-chat/'), {
      status: null,
      error: 'connection_reset',
      anchor_text: 'Chat with us live',
    });
    assertHas(target('/guides/greenhouse-growing/', '/guides/old-greenhouse-tips/'), {
      status: 404,
      anchor_text: 'Our old greenhouse tips',
    });
    assertHas(target('/blog/', '/members/'), {
      status: 301,
      error: 'redirect_loop',
      anchor_text: 'Members area',
    });
    assert.deepEqual(evidence('not_found', '/guides/old-greenhouse-tips/').linked_from, [
      {
        url: site.url('/guides/greenhouse-growing/'),
        page_id: found
          .get('broken_internal_link')!
          .find((f) => f.url === site.url('/guides/greenhouse-growing/'))!.page_id,
        anchor_text: 'Our old greenhouse tips',
      },
    ]);
    assert.deepEqual(evidence('not_found', '/catalogue/').linked_from, [], 'reached only by a redirect');
    assertHas(evidence('server_error', '/contact/live-chat/'), {
      status: null,
      error: 'connection_reset',
    });
    // The fixture's robots.txt: `User-agent: *` on line 1, then its Disallow lines (ROBOTS_DISALLOW).
    assertHas(evidence('blocked_by_robots', '/basket/'), {
      robots_url: site.url('/robots.txt'),
      line: 2 + ROBOTS_DISALLOW.indexOf('/basket/'),
      rule: 'Disallow: /basket/',
      linked_from: [{ url: site.url('/shop/'), anchor_text: 'View your basket' }],
    });
  });

  it('lists the hops of chains, loops and redirects to errors, and where linked redirects end', () => {
    const hops = (check: CheckId, path: string) =>
      (evidence(check, path).hops as { url: string; status: number | null }[]).map(
        (h) => `${h.status} ${new URL(h.url).pathname}`,
      );
    assert.deepEqual(hops('redirect_chain', '/garden-tools/'), [
      '301 /garden-tools/',
      '301 /shop/tools/',
      '200 /shop/garden-tools/',
    ]);
    assert.deepEqual(hops('redirect_loop', '/members/'), [
      '301 /members/',
      '302 /members/login/',
      '301 /members/',
    ]);
    assert.deepEqual(hops('redirect_to_error', '/old-catalogue/'), [
      '301 /old-catalogue/',
      '404 /catalogue/',
    ]);
    const targets = evidence('internal_redirect_link', '/blog/').targets as Evidence[];
    const endOf = (path: string) => targets.find((x) => x.url === site.url(path))?.final_url;
    assert.equal(endOf('/offers/'), site.url('/shop/'));
    assert.equal(endOf('/garden-tools/'), site.url('/shop/garden-tools/'));
    assert.equal(targets.length, 4);
  });

  it('names the other copies of duplicated text, titles, descriptions and h1s', () => {
    const others = (check: CheckId, path: string) =>
      (evidence(check, path).others as { url: string; similarity?: number }[]).map((o) => ({
        path: new URL(o.url).pathname,
        similarity: o.similarity,
      }));
    assert.deepEqual(others('duplicate_content_exact', '/guides/sowing-indoors/'), [
      { path: '/blog/sowing-indoors-guide/', similarity: 1 },
    ]);
    const [near] = others('near_duplicate', '/blog/summer-watering-notes/');
    assert.equal(near?.path, '/guides/summer-watering/');
    assert.ok(near.similarity! >= 0.9 && near.similarity! < 1, `MinHash similarity ${near.similarity}`);
    assertHas(evidence('title_duplicate', '/guides/potatoes/'), {
      text: 'Growing Potatoes at Home | Northwind Gardening',
      count: 2,
      others: [{ url: site.url('/blog/potato-harvest/') }],
    });
    assertHas(evidence('meta_description_duplicate', '/blog/perennial-border/'), {
      count: 2,
      others: [{ url: site.url('/guides/perennials/') }],
    });
    assert.deepEqual(evidence('h1_multiple', '/guides/houseplants/').h1s, [
      'Caring for Houseplants',
      'Shop Houseplant Essentials',
    ]);
  });

  it('says which threshold fired and by how much', () => {
    assert.deepEqual(issues.get('title_too_long')!.thresholds, { audit_title_max_chars: 60 });
    const title = evidence('title_too_long', '/guides/lawn-care/');
    assert.equal(title.threshold, 60);
    assert.ok((title.length as number) > 60);
    assert.equal(evidence('title_too_short', '/guides/hedges/').length, 'Hedges'.length);
    const thin = evidence('thin_content', '/shop/gift-cards/');
    assert.equal(thin.threshold, 200);
    assert.ok((thin.word_count as number) >= 100 && (thin.word_count as number) < 200);
    assertHas(evidence('deep_page', '/guides/fruit-trees/apples/pruning/summer/'), {
      value: 5,
      threshold: 4,
      unit: 'clicks',
    });
    const slow = evidence('slow_response', '/shop/plant-finder/');
    assert.ok((slow.value as number) >= 1300 && slow.threshold === 1000, JSON.stringify(slow));
    assertHas(evidence('large_page', '/downloads/planting-calendar/'), {
      value: AUDIT_CRAWL_SETTINGS.max_page_bytes,
      threshold: 1_048_576,
    });
    assert.ok((evidence('too_many_outlinks', '/shop/seeds/').value as number) > 260);
    assert.equal((evidence('nofollow_internal_link', '/shop/seeds/').targets as unknown[]).length, 260);
  });

  it('explains canonicals, directives, sitemaps, hreflang, images and structured data', () => {
    assertHas(evidence('canonical_target_not_ok', '/blog/spring-sale/'), {
      canonical: site.url('/blog/spring-sale-2023/'),
      status: 404,
    });
    assertHas(evidence('canonical_chain', '/shop/seed-collection/print/'), {
      canonical: site.url('/shop/seed-collection/'),
      status: 200,
    });
    assert.deepEqual(evidence('noindex', '/downloads/price-list/'), {
      meta_robots: null,
      x_robots_tag: 'noindex',
    });
    assert.deepEqual(evidence('noindex', '/account/wishlist/'), {
      meta_robots: 'noindex',
      x_robots_tag: null,
    });
    const reason = (path: string) => evidence('sitemap_non_indexable', path).reason;
    assert.equal(reason('/downloads/price-list/'), 'noindex');
    assert.equal(reason('/guides/autumn-checklist/'), 'status 404');
    assert.equal(reason('/offers/'), 'status 302');
    // Each says which sitemap lists it: robots.txt and the /sitemap.xml convention name the one file.
    const sitemap = site.url('/sitemap.xml');
    for (const path of ['/downloads/price-list/', '/guides/autumn-checklist/', '/offers/'])
      assert.deepEqual(evidence('sitemap_non_indexable', path).sitemaps, [sitemap], path);
    assert.deepEqual(evidence('orphan_in_sitemap', '/shop/bird-feeders/'), { sitemaps: [sitemap] });
    assertHas(evidence('hreflang_invalid_code', '/about/'), {
      alternates: [{ code: 'en-UK', url: site.url('/about/') }],
    });
    assertHas(evidence('hreflang_to_non_indexable', '/returns/'), {
      alternates: [{ code: 'fr', url: site.url('/fr/retours/'), status: 301, reason: 'status 301' }],
    });
    assertHas(evidence('hreflang_missing_return', '/guides/'), {
      alternates: [{ code: 'fr', url: site.url('/fr/') }],
    });
    assert.deepEqual(evidence('image_missing_alt', '/guides/houseplant-repotting/'), {
      images: [site.url('/images/repotting-step-1.jpg')],
      count: 1,
    });
    const [offer] = evidence('structured_data_invalid', '/shop/raised-bed-kits/').blocks as {
      error: string | null;
      missing: { type: string; property: string }[];
    }[];
    assert.equal(offer?.error, null);
    assertHas(offer.missing, [{ type: 'Offer' }]);
    const [broken] = evidence('structured_data_invalid', '/blog/first-frost/').blocks as { error: string }[];
    assert.ok(broken?.error, 'a block that does not parse says why');
  });
});

describe('the semantic checks after a similarity analysis', () => {
  let t: TestApp;
  let site: AuditSite;
  let found: Map<CheckId, FindingBody[]>;

  before(async () => {
    t = await createTestApp();
    site = await startSemanticSite();
    const siteId = await crawlFixture(t, site);
    await runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });
    await runJob(t, 'similarity.analyze', { site_id: siteId });
    await runJob(t, 'audit.run', { site_id: siteId });
    found = await readFindings(t, siteId);
  });
  after(async () => {
    await t?.close();
    await site?.close();
  });

  for (const check of ['competing_pages', 'off_topic_outlier'] as const) {
    it(`${check} lists exactly the planted URLs`, () => {
      assert.equal(difference(check, found.get(check)!, site.expected[check]), '');
    });
  }

  it('names the competing page and the reranker’s score', () => {
    const [other] = found.get('competing_pages')![0]!.evidence.others as {
      url: string;
      similarity: number;
    }[];
    assert.ok(other && other.similarity >= 0.8, JSON.stringify(other));
  });
});
