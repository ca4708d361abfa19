/**
 * Every finding's evidence has the shape its check's catalogue entry names, as that shape's zod schema parses it
 * (strictly: no field missing, none added). The compiler holds the code checks to their shape; the SQL checks
 * build their evidence as JSON in the query, so this is what holds them to it. It reads every finding of the
 * planted audit site (every check's problem is planted), of the semantic site (embeddings and a similarity
 * analysis), of the second audit's site (test/fixtures/sites/audit2) and of the library site's rendered crawl
 * (accessibility), as the store keeps them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHECK_IDS, CHECKS, type CheckId } from '../../../server/schemas/audit-checks.js';
import { EVIDENCE } from '../../../server/schemas/audit-terms.js';
import type { FindingRow } from '../../../server/store/repos/audit-repo.js';
import { crawlFixture, FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';
import { AUDIT_CRAWL_SETTINGS, startAuditSite, startSemanticSite } from '../../fixtures/sites/audit-site.js';
import { startAudit2Site } from '../../fixtures/sites/audit2/audit2-site.js';
import {
  A11Y_PLANTED,
  A11Y_PLANTED_BEST_PRACTICES,
  startA11ySite,
} from '../../fixtures/servers/a11y-site.js';
import { startJsShop } from '../../fixtures/sites/js-shop/js-shop-site.js';
import { startLabSite } from '../../fixtures/servers/lab-site.js';

/** Planted on a list-mode crawl only (audit-orphans.test.ts): a spider crawl reaches no page it could list. */
const NOT_ON_A_SPIDER_CRAWL: readonly CheckId[] = ['orphan_page'];
/**
 * axe-core's rules (#36 §2) are a check each; the library site plants the common ones (audit-a11y.test.ts), and
 * the others, having nothing planted, must find nothing there.
 */
const A11Y_FOUND = new Set<string>(
  [A11Y_PLANTED, A11Y_PLANTED_BEST_PRACTICES].flatMap((p) => Object.keys(p)),
);
const unplanted = (check: CheckId) =>
  NOT_ON_A_SPIDER_CRAWL.includes(check) ||
  (CHECKS[check].category === 'accessibility' && !A11Y_FOUND.has(check));

/** Waits for a started job and asserts it succeeded. */
async function finished(t: TestApp, job: { id: number }): Promise<void> {
  const done = await waitFor(
    async () => {
      const read = await t.call('jobs.get', { job_id: job.id });
      return ['succeeded', 'failed', 'cancelled'].includes(read.status) ? read : undefined;
    },
    180_000,
    `job ${job.id}`,
  );
  assert.equal(done.status, 'succeeded', JSON.stringify(done));
}

describe('the evidence of every finding', () => {
  let t: TestApp;
  const sites: { close(): Promise<void> }[] = [];
  const found = new Map<CheckId, FindingRow[]>(CHECK_IDS.map((c) => [c, []]));

  const keepFindings = (siteId: number) => {
    const run = t.store.audit.latestRun(siteId);
    assert.ok(run, `site ${siteId} was audited`);
    for (const check of CHECK_IDS)
      found.get(check)!.push(...t.store.audit.findings(run.id, check, 0, Number.MAX_SAFE_INTEGER));
  };

  before(async () => {
    t = await createTestApp();
    const planted = await startAuditSite();
    sites.push(planted);
    const plantedId = await crawlFixture(t, planted, AUDIT_CRAWL_SETTINGS);
    await finished(t, await t.call('audit.run', { site_id: plantedId }));
    keepFindings(plantedId);

    const semantic = await startSemanticSite();
    sites.push(semantic);
    const semanticId = await crawlFixture(t, semantic);
    await finished(t, await t.call('pages.rebuildEmbeddings', { site_id: semanticId }));
    await finished(t, await t.call('similarity.analyze', { site_id: semanticId }));
    await finished(t, await t.call('audit.run', { site_id: semanticId }));
    keepFindings(semanticId);

    // The second round's checks (#35) are planted on their own site: the HTTPS shop and its plain-HTTP host.
    const audit2 = await startAudit2Site();
    sites.push(audit2);
    for (const start of [audit2.shopStart, audit2.legacyStart]) {
      const { id } = await t.call('sites.create', {
        start_url: start,
        settings: { ...FAST_CRAWL, render_js: 'off' },
      });
      await runJob(t, 'crawl.start', { site_id: id });
      await runJob(t, 'audit.run', { site_id: id });
      keepFindings(id);
    }

    const library = await startA11ySite();
    sites.push(library);
    const libraryId = await crawlFixture(t, library, {
      render_js: 'on',
      accessibility_checks: true,
      accessibility_best_practices: true,
    });
    await runJob(t, 'audit.run', { site_id: libraryId });
    keepFindings(libraryId);

    // The rendered audit's JavaScript and lab checks (#36), each planted on a site of its own.
    const shop = await startJsShop();
    sites.push(shop);
    const shopId = await crawlFixture(
      t,
      { startUrl: shop.start },
      { concurrency: 3, render_js: 'on', use_sitemaps: false, timeout_ms: 15_000 },
    );
    await runJob(t, 'audit.run', { site_id: shopId });
    keepFindings(shopId);
    const lab = await startLabSite();
    sites.push(lab);
    const labId = await crawlFixture(t, { startUrl: `${lab.origin}/` }, { render_js: 'on', concurrency: 2 });
    await runJob(t, 'audit.run', { site_id: labId });
    keepFindings(labId);
  });
  after(async () => {
    await t?.close();
    for (const site of sites) await site.close();
  });

  for (const check of CHECK_IDS) {
    const shape = CHECKS[check].evidence;
    it(`${check} (${CHECKS[check].evaluator}): each is ${shape}`, () => {
      const rows = found.get(check)!;
      assert.equal(rows.length === 0, unplanted(check), `${check} found ${rows.length}`);
      for (const row of rows) {
        const parsed = EVIDENCE[shape].safeParse(row.evidence);
        assert.ok(parsed.success, `${row.url}: ${parsed.error?.message} in ${JSON.stringify(row.evidence)}`);
      }
    });
  }
});
