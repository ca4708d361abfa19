/**
 * Semantic search and the idea check leave indexes and release notes out of their answers unless asked (#33):
 * an A–Z glossary or a changelog mentions every subject without being about one, so on a real manual they came
 * up as an idea's closest pages. Naming `page_types` lists exactly those types. Real model, real crawl of the
 * page-types fixture site.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FAST_CRAWL, runJob } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startPageTypesSite, type PageTypesSite } from '../../fixtures/sites/page-types-site.js';

let t: TestApp;
let site: PageTypesSite;
let siteId: number;

before(async () => {
  t = await createTestApp();
  site = await startPageTypesSite();
  siteId = (
    await t.call('sites.create', {
      start_url: site.startUrl,
      settings: { ...FAST_CRAWL, render_js: 'off', use_sitemaps: false },
    })
  ).id;
  await runJob(t, 'crawl.start', { site_id: siteId });
  await runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });
});
after(async () => {
  await t.close();
  await site.close();
});

const path = (url: string) => url.slice(site.origin.length);
const GLOSSARY_TERM = 'humus: dark, well-rotted organic matter in soil';
const RELEASE = 'frost alerts for your postcode in the garden planner app';

describe('page types in semantic answers', () => {
  it('search leaves the glossary and the release notes out by default', async () => {
    for (const query of [GLOSSARY_TERM, RELEASE]) {
      const found = await t.call('pages.search', { site_id: siteId, query, k: 20 });
      const types = found.items.map((h) => h.page.page_type);
      assert.ok(!types.includes('index') && !types.includes('changelog'), `${query}: ${types.join(', ')}`);
      assert.ok(found.items.length > 0);
    }
  });

  it('search lists exactly the types a request names', async () => {
    const found = await t.call('pages.search', {
      site_id: siteId,
      query: GLOSSARY_TERM,
      page_types: ['index'],
    });
    assert.deepEqual(
      found.items.map((h) => path(h.page.url)),
      ['/glossary'],
    );
    const notes = await t.call('pages.search', {
      site_id: siteId,
      query: RELEASE,
      page_types: ['changelog'],
    });
    assert.equal(path(notes.items[0]!.page.url), '/app/release-notes');
  });

  it('the idea check does not answer with an index or a changelog unless asked', async () => {
    const idea = await t.call('ideas.check', { site_id: siteId, idea: RELEASE, k: 10 });
    assert.ok(idea.matches.every((m) => m.page.page_type !== 'changelog' && m.page.page_type !== 'index'));
    const asked = await t.call('ideas.check', {
      site_id: siteId,
      idea: RELEASE,
      k: 10,
      page_types: ['changelog', 'article'],
    });
    assert.equal(path(asked.matches[0]!.page.url), '/app/release-notes');
    assert.ok(asked.matches.every((m) => m.page.page_type === 'changelog' || m.page.page_type === 'article'));
  });

  it('refuses a page type that does not exist', async () => {
    const res = await t.send('pages.search', {
      site_id: siteId,
      query: 'x',
      page_types: ['news' as 'index'],
    });
    assert.equal(res.status, 400);
  });
});
