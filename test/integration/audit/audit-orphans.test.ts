/**
 * `orphan_page`: an indexable page known only from a URL list (or Search Console), which no crawled page links to.
 * A spider crawl cannot produce one (it only reaches pages through links or sitemaps), so a list-mode crawl of the
 * planted audit site lists one clean page alone: nothing crawled links to it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runJob, FAST_CRAWL } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startAuditSite, type AuditSite } from '../../fixtures/sites/audit-site.js';

let t: TestApp;
let site: AuditSite;
before(async () => {
  t = await createTestApp();
  site = await startAuditSite();
});
after(async () => {
  await t.close();
  await site.close();
});

describe('orphan_page', () => {
  const listCrawl = async (paths: string[]) => {
    const created = await t.call('sites.create', { start_url: site.startUrl, settings: FAST_CRAWL });
    const siteId = created.id;
    await runJob(t, 'crawl.start', { site_id: siteId, mode: 'list', urls: paths.map((p) => site.url(p)) });
    await runJob(t, 'audit.run', { site_id: siteId });
    const { items } = await t.call('audit.findings', { site_id: siteId, check: 'orphan_page' });
    return items.map((f) => f.url);
  };

  it('lists a page crawled from a URL list that no crawled page links to', async () => {
    assert.deepEqual(await listCrawl(['/guides/tomatoes/']), [site.url('/guides/tomatoes/')]);
  });

  it('does not list listed pages that link to each other', async () => {
    assert.deepEqual(await listCrawl(['/guides/', '/guides/tomatoes/']), []);
  });
});
