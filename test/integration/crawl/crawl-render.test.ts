/**
 * JavaScript rendering with Debian's Chromium: the fixture's /app/ section exists only after its script runs.
 * With render_js on (and auto, which renders only app shells) the crawl must find exactly what the generator
 * expects for a rendering crawler.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';
import { snapshotCrawl } from '../../helpers/crawl-db.js';
import { jobResult } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let t: TestApp;
let site: FixtureSite;
before(async () => {
  assert.ok(locateChromium(), 'Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
  t = await createTestApp();
  // A smaller site: rendering every page of the full one takes most of a minute on two cores.
  site = await startFixtureSite({ seed: 1, articles: 30 });
});
after(async () => {
  await t.close();
  await site.close();
});

async function crawl(render_js: 'on' | 'auto') {
  const created = await t.call('sites.create', {
    start_url: site.startUrl,
    settings: { render_js, max_requests_per_second: 500, concurrency: 4 },
  });
  await jobResult(t, await t.call('crawl.start', { site_id: created.id }), 170_000);
  return created.id;
}

describe('crawling with JavaScript rendering', () => {
  for (const mode of ['auto', 'on'] as const) {
    it(`render_js: ${mode} finds the pages only JavaScript links to`, { timeout: 180_000 }, async () => {
      const siteId = await crawl(mode);
      const got = snapshotCrawl(t.dir, siteId);
      const expected = site.expected({ render_js: mode });
      const withoutJs = site.expected({ render_js: 'off' });
      const jsOnly = [...expected.pages.keys()].filter((u) => !withoutJs.pages.has(u));
      assert.ok(jsOnly.length > 0, 'the fixture has pages only JavaScript links to');
      assert.deepEqual([...got.pages.keys()].sort(), [...expected.pages.keys()].sort());
      for (const url of jsOnly) {
        assert.equal(got.pages.get(url)!.title, expected.pages.get(url)!.title, url);
      }
      const rendered = t.db
        .prepare('SELECT url FROM pages WHERE site_id = ? AND rendered = 1 ORDER BY url')
        .pluck()
        .all(siteId) as string[];
      const html = t.db
        .prepare(
          `SELECT url FROM pages WHERE site_id = ? AND status_code = 200 AND content_type = 'text/html' ORDER BY url`,
        )
        .pluck()
        .all(siteId) as string[];
      const appPages = html.filter((u) => new URL(u).pathname.startsWith('/app'));
      assert.ok(appPages.length > 0);
      if (mode === 'auto') {
        // App shells are rendered; ordinary article pages with plenty of text are not.
        for (const u of appPages) assert.ok(rendered.includes(u), `${u} rendered`);
        assert.ok(rendered.length < html.length / 2, `auto rendered ${rendered.length} of ${html.length}`);
      } else {
        assert.deepEqual(rendered, html, 'every HTML page was rendered');
      }
    });
  }
});
