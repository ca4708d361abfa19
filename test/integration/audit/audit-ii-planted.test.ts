/**
 * The second round of audit checks (#35) against the site planted for them (test/fixtures/sites/audit2): the shop
 * over HTTPS and its legacy plain-HTTP host are crawled and audited, and each new check lists exactly the URLs
 * planted for it on either — no more, no fewer. A check that needs HTTPS stays silent on the plain-HTTP host. The
 * evidence of each area is asserted in that area's own tests; here, the lists.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHECKS, type CheckId } from '../../../server/schemas/audit-checks.js';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { AUDIT_II_CHECKS } from '../../fixtures/sites/audit2/audit2-checks.js';
import { startAudit2Site, type Audit2Site } from '../../fixtures/sites/audit2/audit2-site.js';

export { AUDIT_II_CHECKS } from '../../fixtures/sites/audit2/audit2-checks.js';

/** The ones in the catalogue so far. */
const present = AUDIT_II_CHECKS.filter(
  (id): id is (typeof AUDIT_II_CHECKS)[number] & CheckId => id in CHECKS,
);

let t: TestApp;
let site: Audit2Site;
const siteIds: number[] = [];

before(async () => {
  t = await createTestApp();
  site = await startAudit2Site();
  for (const start of [site.shopStart, site.legacyStart]) {
    const { id } = await t.call('sites.create', {
      start_url: start,
      // A planted partner site never answers: its check waits timeout_ms, kept short here.
      settings: { ...FAST_CRAWL, render_js: 'off', timeout_ms: 3000 },
    });
    siteIds.push(id);
    await runJob(t, 'crawl.start', { site_id: id });
    await runJob(t, 'audit.run', { site_id: id });
  }
});
after(async () => {
  await t.close();
  await site.close();
});

describe('the second round of checks on its planted site', () => {
  it('crawls the shop over HTTPS, its pages and nothing of the other hosts as pages', async () => {
    const { items } = await t.call('pages.list', { site_id: siteIds[0]!, limit: 500 });
    const html = items.filter((p) => p.status_code === 200 && p.content_type === 'text/html');
    assert.ok(html.length >= 7, `${html.length} pages`);
    assert.ok(
      items.every((p) => p.url.startsWith(site.origins.shop)),
      'resources and other hosts are no pages',
    );
  });

  it('lists exactly the planted URLs for each check, on the HTTPS shop and its plain-HTTP host', async () => {
    const expected = site.expected();
    const wrong: string[] = [];
    for (const check of present) {
      const got = new Set<string>();
      for (const siteId of siteIds)
        for (const f of await t.callAll('audit.findings', { site_id: siteId, check, limit: 50 }))
          got.add(f.url);
      const want = expected.get(check) ?? new Set<string>();
      const missing = [...want].filter((u) => !got.has(u));
      const extra = [...got].filter((u) => !want.has(u));
      if (missing.length || extra.length)
        wrong.push(`${check}: missing ${JSON.stringify(missing)}, not planted ${JSON.stringify(extra)}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('plants something for every check in the catalogue', () => {
    const expected = site.expected();
    const unplanted = present.filter((c) => !expected.get(c)?.size);
    assert.deepEqual(unplanted, []);
  });
});
