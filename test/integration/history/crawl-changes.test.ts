/**
 * Crawl history end to end: a site crawled, changed by its editors (test/fixtures/servers/changing-site.ts) and
 * crawled again, with the usual follow-ups (audit, embeddings). The comparison must list exactly the changes
 * made, each with its before and after, the issues that appeared and were fixed, and a rewrite told apart from
 * a typo fix by the embeddings; a page's history and the snapshot list must agree.
 */
import assert from 'node:assert/strict';
import type { Change } from '../../../server/schemas/history.js';
import { after, before, describe, it } from 'node:test';
import { crawlSettled } from '../../helpers/crawl-site.js';
import { TEST_TOKEN, createTestApp, type TestApp } from '../../helpers/test-app.js';
import { startChangingSite, type ChangingSite } from '../../fixtures/servers/changing-site.js';

let t: TestApp;
let site: ChangingSite;
let siteId: number;
const crawls: number[] = [];

async function crawl() {
  crawls.push(await crawlSettled(t, siteId));
}

/** A change as the API returns it (`Change` in server/schemas/history.ts). */
type ChangeItem = Change;

before(async () => {
  t = await createTestApp({ followUps: true });
  site = await startChangingSite();
  const created = await t.post('/sites', {
    start_url: site.startUrl,
    settings: { max_requests_per_second: 200, concurrency: 4, use_sitemaps: false },
  });
  siteId = created.body.id as number;
});
after(async () => {
  await t.close();
  await site.close();
});

describe('crawl history', () => {
  it('has nothing to compare after one crawl, and says so', async () => {
    await crawl();
    const snapshots = (await t.get(`/sites/${siteId}/snapshots`)).body;
    assert.equal(snapshots.items.length, 1);
    assert.equal(snapshots.items[0].crawl_id, crawls[0]);
    const res = await t.get(`/sites/${siteId}/changes`);
    assert.equal(res.status, 404);
    assert.match(res.body.detail, /one finished crawl/);
  });

  it('lists exactly the changes the editors made, with before and after', async () => {
    site.setVersion(2);
    await crawl();
    const all: ChangeItem[] = [];
    let cursor: string | null = null;
    let summary: Record<string, number> = {};
    do {
      const res = await t.get(
        `/sites/${siteId}/changes?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.from.crawl_id, crawls[0]);
      assert.equal(res.body.to.crawl_id, crawls[1]);
      assert.equal(res.body.issues_compared, true);
      summary = res.body.summary;
      all.push(...(res.body.items as ChangeItem[]));
      cursor = res.body.next_cursor;
    } while (cursor);

    const path = (u: string) => new URL(u).pathname;
    const pageChanges = all
      .filter((c) => !c.change.startsWith('issue_'))
      .map((c) => `${path(c.url)} ${c.change}`)
      .sort();
    assert.deepEqual(pageChanges, [
      '/about canonical_changed',
      '/about indexability_changed',
      '/about-us added',
      // The h1 is part of the main text: a new one is a (small) change of content too.
      '/boots content_changed',
      '/boots h1_changed',
      '/deep depth_changed',
      '/discontinued removed',
      '/gone-page added',
      '/guides/layering content_changed',
      '/guides/packing content_changed',
      '/hub inlinks_changed',
      '/new-arrivals added',
      '/noindex-later indexability_changed',
      '/offers added',
      '/old-offer indexability_changed',
      '/old-offer redirect_changed',
      '/old-offer status_changed',
      '/status-flip indexability_changed',
      '/status-flip status_changed',
      '/stoves meta_description_changed',
      '/tents title_changed',
    ]);
    const one = (p: string, change: string) => all.find((c) => path(c.url) === p && c.change === change)!;
    assert.deepEqual(one('/tents', 'title_changed').before, { title: 'Tents' });
    assert.deepEqual(one('/tents', 'title_changed').after, { title: 'Tents and shelters' });
    assert.deepEqual(one('/old-offer', 'status_changed').after, { status_code: 301, fetch_error: null });
    assert.match(String(one('/old-offer', 'redirect_changed').after!.redirect_target), /\/offers$/);
    assert.equal(one('/discontinued', 'removed').page_id, null);
    assert.equal(one('/discontinued', 'removed').before!.title, 'Discontinued lines');
    assert.equal(one('/gone-page', 'added').after!.status_code, 404);
    assert.deepEqual(
      [one('/deep', 'depth_changed').before!.depth, one('/deep', 'depth_changed').after!.depth],
      [2, 1],
    );
    assert.ok(one('/tents', 'title_changed').page_id! > 0);

    // The embeddings tell a rewrite from a typo fix.
    const typo = one('/guides/layering', 'content_changed').after!.cosine as number;
    const rewrite = one('/guides/packing', 'content_changed').after!.cosine as number;
    assert.ok(typo > 0.97, `typo fix cosine ${typo}`);
    assert.ok(rewrite < typo - 0.05, `rewrite cosine ${rewrite} vs typo ${typo}`);

    // Issues that appeared and were fixed, from the two crawls' audits.
    const issues = all
      .filter((c) => c.change.startsWith('issue_'))
      .map((c) => `${path(c.url)} ${c.change} ${c.check}`);
    for (const expected of [
      '/stoves issue_fixed meta_description_missing',
      '/gone-page issue_added not_found',
      '/status-flip issue_added server_error',
      '/noindex-later issue_added noindex',
    ])
      assert.ok(issues.includes(expected), `${expected} in ${JSON.stringify(issues)}`);

    // The summary counts every kind, the filter does not change it.
    const counted = Object.values(summary).reduce((a, b) => a + b, 0);
    assert.equal(counted, all.length);
    const filtered = await t.get(`/sites/${siteId}/changes?change=added,removed`);
    assert.deepEqual((filtered.body.items as ChangeItem[]).map((c) => `${path(c.url)} ${c.change}`).sort(), [
      '/about-us added',
      '/discontinued removed',
      '/gone-page added',
      '/new-arrivals added',
      '/offers added',
    ]);
    assert.deepEqual(filtered.body.summary, summary);

    // The same list as a file, for any two crawls.
    const csv = await t.get(`/export/changes.csv?site_id=${siteId}&from=${crawls[0]}&to=${crawls[1]}`);
    assert.equal(csv.status, 200);
    const lines = csv.text.trim().split('\n');
    assert.equal(lines[0], 'from_crawl,to_crawl,url,page_id,change,check,before,after');
    assert.ok(
      lines.some((l) => /\/tents,\d+,title_changed,,title: Tents,title: Tents and shelters$/.test(l)),
      lines.join('\n'),
    );
    const xlsx = await t.http
      .get(`/export/changes.xlsx?site_id=${siteId}`)
      .set('Authorization', `Bearer ${TEST_TOKEN}`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    assert.equal(xlsx.status, 200);
    assert.equal((xlsx.body as Buffer).subarray(0, 2).toString(), 'PK');

    // The notice a scheduled crawl would send: only what matters by default, everything with `all`.
    const notice = t.services.history.notice(siteId, crawls[1]!)!;
    assert.deepEqual(notice.summary, summary);
    assert.match(
      notice.message,
      /^127\.0\.0\.1: \d+ new high-priority issues?, 2 indexable pages changed status, 1 page removed$/,
    );
    assert.equal((await t.patch('/settings', { change_notices: 'all' })).status, 200);
    assert.match(
      t.services.history.notice(siteId, crawls[1]!)!.message,
      /1 page removed, 4 pages added, \d+ pages changed$/,
    );
    assert.equal((await t.patch('/settings', { change_notices: 'off' })).status, 200);
    assert.equal(t.services.history.notice(siteId, crawls[1]!), null);
    assert.equal((await t.patch('/settings', { change_notices: 'important' })).status, 200);
  });

  it('keeps a page’s states crawl by crawl, and refuses crawls that are not snapshots', async () => {
    const tents = (await t.get(`/pages?site_id=${siteId}&limit=100`)).body.items.find((p: { url: string }) =>
      p.url.endsWith('/tents'),
    );
    const history = (await t.get(`/pages/${tents.id}/history`)).body;
    assert.deepEqual(
      history.items.map((e: { crawl_id: number; state: { title: string }; changes: string[] }) => [
        e.crawl_id,
        e.state.title,
        e.changes,
      ]),
      [
        [crawls[1], 'Tents and shelters', ['title_changed']],
        [crawls[0], 'Tents', []],
      ],
    );
    const wrong = await t.get(`/sites/${siteId}/changes?from=${crawls[1]}&to=${crawls[0]}`);
    assert.equal(wrong.status, 400);
    assert.deepEqual(
      wrong.body.errors.map((e: { path: string }) => e.path),
      ['query.from'],
    );
    const unknown = await t.get(`/sites/${siteId}/changes?from=999999`);
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.detail, /Crawl 999999 has no snapshot/);
  });

  it('folds old snapshots away past keep_crawls and still compares what is left', async () => {
    assert.equal((await t.patch('/settings', { keep_crawls: 2 })).status, 200);
    site.setVersion(1);
    await crawl();
    const snapshots = (await t.get(`/sites/${siteId}/snapshots`)).body.items.map(
      (s: { crawl_id: number }) => s.crawl_id,
    );
    assert.deepEqual(snapshots, [crawls[2], crawls[1]]);
    // Back to version 1: the changes from crawl 2 to crawl 3 undo the editors' round.
    const back = (await t.get(`/sites/${siteId}/changes?change=removed,added`)).body;
    assert.deepEqual(
      (back.items as ChangeItem[]).map((c) => `${new URL(c.url).pathname} ${c.change}`).sort(),
      [
        '/about-us removed',
        '/discontinued added',
        '/gone-page removed',
        '/new-arrivals removed',
        '/offers removed',
      ],
    );
    // After the fold, crawl 2's states are still whole: its pages read as they were.
    const states = t.db
      .prepare('SELECT COUNT(*) AS n FROM url_states WHERE crawl_id = ? AND present = 1')
      .get(crawls[1]) as { n: number };
    const pages = (await t.get(`/sites/${siteId}/snapshots`)).body.items[1].urls as number;
    assert.equal(states.n, pages, 'the oldest kept snapshot holds every page');
  });
});
