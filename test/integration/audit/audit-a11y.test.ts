/**
 * The accessibility checks end to end in real Chromium (#36 §2): a rendered crawl of the library site runs axe-core
 * in every page, and each `a11y_*` check lists exactly the pages planted for it — an image a script adds after
 * load included — with the failing element's selector, its markup and axe's summary; every other accessibility
 * check lists nothing, so the clean pages are clean. Best-practice checks list only when the crawl ran them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';
import { A11Y_CHECKS, type A11yCheckId } from '../../../server/schemas/audit-checks-a11y.js';
import { findingsOf } from '../../helpers/audit-findings.js';
import { crawlFixture, jobsSettled, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import {
  A11Y_PLANTED,
  A11Y_PLANTED_BEST_PRACTICES,
  startA11ySite,
  type A11ySite,
} from '../../fixtures/servers/a11y-site.js';

let t: TestApp;
let site: A11ySite;

before(async () => {
  assert.ok(locateChromium(), 'Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
  t = await createTestApp();
  site = await startA11ySite();
});
after(async () => {
  await t?.close();
  await site?.close();
});

/** The crawl's follow-up audit settled, then the site audited now. */
async function audited(siteId: number): Promise<void> {
  await jobsSettled(t);
  await runJob(t, 'audit.run', { site_id: siteId });
}

type Planted = Partial<Record<A11yCheckId, Readonly<Record<string, string>>>>;

/** Every accessibility check's findings on the site, as path → the first failing element's selector. */
async function listed(siteId: number): Promise<Planted> {
  const out: Planted = {};
  for (const check of Object.keys(A11Y_CHECKS) as A11yCheckId[]) {
    const items = await findingsOf(t, siteId, check);
    if (!items.length) continue;
    out[check] = Object.fromEntries(items.map((f) => [new URL(f.url).pathname, f.evidence.nodes[0]!.target]));
  }
  return out;
}

describe('accessibility checks on a rendered crawl', () => {
  it('each a11y check lists exactly its planted pages, with the failing element; clean pages are clean', async () => {
    const siteId = await crawlFixture(t, site, { render_js: 'on', accessibility_checks: true });
    await audited(siteId);
    assert.deepEqual(await listed(siteId), A11Y_PLANTED);
    const coverage = t.db
      .prepare(
        `SELECT COUNT(*) FROM page_a11y_scans s JOIN pages p ON p.id = s.page_id
         WHERE p.site_id = ? AND s.best_practices = 0`,
      )
      .pluck()
      .get(siteId);
    assert.equal(coverage, site.pages.length, 'every HTML page was checked, without best practices');
  });

  it('evidence names the element, quotes its markup as text and says what axe found wrong', async () => {
    const siteId = (await t.call('sites.list', {})).items.find((s) => s.start_url === site.startUrl)!.id;
    const [contrast] = await findingsOf(t, siteId, 'a11y_color_contrast');
    assert.ok(contrast);
    assert.equal(contrast.evidence.rule, 'color-contrast');
    assert.equal(contrast.evidence.impact, 'serious');
    assert.deepEqual(contrast.evidence.wcag, ['1.4.3']);
    assert.equal(contrast.evidence.count, 1);
    const node = contrast.evidence.nodes[0]!;
    assert.match(node.html, /^<p style="color: #b8b8b8; font-size: 14px">Cards lost/);
    assert.match(node.summary, /insufficient color contrast of 1\.98 \(foreground color: #b8b8b8/);
    const [lang] = await findingsOf(t, siteId, 'a11y_html_has_lang');
    // The <html> element's markup is the whole page: cut to 200 characters.
    assert.ok(lang && lang.evidence.nodes[0]!.html.length <= 200);
    const issue = (await t.call('audit.issues', { site_id: siteId })).items.find(
      (i) => i.check === 'a11y_image_alt',
    );
    assert.equal(issue?.category, 'accessibility');
    assert.equal(issue?.severity, 'issue');
  });

  it('best practices run when the crawl setting asks for them', async () => {
    const siteId = await crawlFixture(t, site, {
      render_js: 'on',
      accessibility_checks: true,
      accessibility_best_practices: true,
    });
    await audited(siteId);
    assert.deepEqual(await listed(siteId), { ...A11Y_PLANTED, ...A11Y_PLANTED_BEST_PRACTICES });
  });
});
