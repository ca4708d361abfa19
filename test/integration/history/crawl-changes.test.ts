/**
 * Crawl history end to end: a site crawled, changed by its editors (test/fixtures/servers/changing-site.ts) and
 * crawled again, with the usual follow-ups (audit, embeddings). The comparison must list exactly the changes
 * made, each with its before and after, the issues that appeared and were fixed, and a rewrite told apart from
 * a typo fix by the embeddings; a page's history and the snapshot list must agree.
 */
import assert from 'node:assert/strict';
import type { CallAnswer } from '../../../server/contract/index.js';
import type { Change } from '../../../server/schemas/history.js';
import { after, before, describe, it } from 'node:test';
import { crawlSettled } from '../../helpers/crawl-site.js';
import { TEST_TOKEN, assertProblem, bytesOf, createTestApp, type TestApp } from '../../helpers/test-app.js';
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

/** The issues gone with their pages as `reason status: pages, issues`, sorted. */
const issuesGoneOf = (list: CallAnswer<'history.changes'>) =>
  list.issues_gone
    .map(
      (g) =>
        `${g.page_now} ${g.status_code ?? '—'}: ${g.pages} page${g.pages === 1 ? '' : 's'}, ${g.issues} issues`,
    )
    .sort();

before(async () => {
  t = await createTestApp({ followUps: true });
  site = await startChangingSite();
  const created = await t.call('sites.create', {
    start_url: site.startUrl,
    settings: { max_requests_per_second: 200, concurrency: 4, use_sitemaps: false },
  });
  siteId = created.id;
});
after(async () => {
  await t.close();
  await site.close();
});

describe('crawl history', () => {
  it('has nothing to compare after one crawl, and says so', async () => {
    await crawl();
    const snapshots = await t.call('history.snapshots', { site_id: siteId });
    assert.equal(snapshots.items.length, 1);
    assert.equal(snapshots.items[0]!.crawl_id, crawls[0]);
    const res = await t.send('history.changes', { site_id: siteId });
    assert.match(assertProblem(res, 404, 'not-found').detail, /one finished crawl/);
  });

  it('lists exactly the changes the editors made, with before and after', async () => {
    site.setVersion(2);
    await crawl();
    const all: ChangeItem[] = [];
    let cursor: string | undefined;
    let summary: Record<string, number> = {};
    do {
      const page: CallAnswer<'history.changes'> = await t.call('history.changes', {
        site_id: siteId,
        limit: 7,
        cursor,
      });
      assert.equal(page.from.crawl_id, crawls[0]);
      assert.equal(page.to.crawl_id, crawls[1]);
      assert.equal(page.issues_compared, true);
      summary = page.summary;
      all.push(...page.items);
      cursor = page.next_cursor ?? undefined;
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
      // No link leads to it any more: not crawled, so removed.
      '/discontinued removed',
      // The broken link's target (404) is no page added: its not_found issue is the news.
      '/guides/layering content_changed',
      '/guides/packing content_changed',
      '/hub inlinks_changed',
      '/new-arrivals added',
      '/noindex-later indexability_changed',
      '/offers added',
      '/old-offer indexability_changed',
      '/old-offer redirect_changed',
      '/old-offer status_changed',
      // Deleted while still linked: it answers 404, which removes it as surely as unlinking it.
      '/sale removed',
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
    assert.equal(one('/discontinued', 'removed').after, null, 'not crawled: nothing answered');
    assert.deepEqual(one('/sale', 'removed').before, { status_code: 200, title: 'Summer sale' });
    assert.deepEqual(one('/sale', 'removed').after, { status_code: 404, fetch_error: null });
    assert.deepEqual(
      [one('/deep', 'depth_changed').before!.depth, one('/deep', 'depth_changed').after!.depth],
      [2, 1],
    );
    assert.ok(one('/tents', 'title_changed').page_id! > 0);

    // The embeddings tell a rewrite from a typo fix.
    const typo = Number(one('/guides/layering', 'content_changed').after!.cosine);
    const rewrite = Number(one('/guides/packing', 'content_changed').after!.cosine);
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
      // Issues that went with their page are not fixed: deleted (404), unlinked, noindex, redirected, failing.
      '/sale issue_gone meta_description_missing',
      '/discontinued issue_gone meta_description_missing',
      '/noindex-later issue_gone thin_content',
      '/old-offer issue_gone thin_content',
      '/status-flip issue_gone thin_content',
    ])
      assert.ok(issues.includes(expected), `${expected} in ${JSON.stringify(issues)}`);
    // The rule, whole: an issue is fixed only on a page that is still an indexable page; every issue gone
    // belongs to a page that was removed or left the index, and is listed right after that change.
    const pageNow = new Map(
      (await t.call('pages.list', { site_id: siteId, limit: 100 })).items.map((p) => [p.url, p]),
    );
    const fixed = all.filter((c) => c.change === 'issue_fixed');
    assert.deepEqual(fixed.map((c) => `${path(c.url)} ${c.check}`).sort(), [
      '/boots title_same_as_h1',
      '/stoves meta_description_missing',
      '/tents title_same_as_h1',
    ]);
    for (const c of fixed) assert.equal(pageNow.get(c.url)?.indexable, true, c.url);
    const gone = all.filter((c) => c.change === 'issue_gone');
    assert.deepEqual([...new Set(gone.map((c) => path(c.url)))].sort(), [
      '/about',
      '/discontinued',
      '/noindex-later',
      '/old-offer',
      '/sale',
      '/status-flip',
    ]);
    for (const c of gone) {
      const own = all.findIndex(
        (p) => p.url === c.url && ['removed', 'indexability_changed'].includes(p.change),
      );
      assert.ok(own >= 0 && own < all.indexOf(c), `${c.url}: its page's change comes first`);
    }
    assert.equal(one('/discontinued', 'removed').page_id, null);
    assert.deepEqual(
      issuesGoneOf(await t.call('history.changes', { site_id: siteId, change: ['issue_fixed'] })),
      [
        // Counts include the second round's checks (#35) the fixture's pages carried: no viewport, no Open Graph
        // tags, none of the security headers.
        'canonicalised 200: 1 page, 3 issues',
        'client_error 404: 1 page, 12 issues',
        'noindex 200: 1 page, 4 issues',
        'not_crawled —: 1 page, 12 issues',
        'redirect 301: 1 page, 11 issues',
        'server_error 500: 1 page, 11 issues',
      ],
    );
    assert.equal(summary.issue_gone, gone.length);
    assert.equal(summary.issue_fixed, 3);

    // The summary counts every kind, the filter does not change it.
    const counted = Object.values(summary).reduce((a, b) => a + b, 0);
    assert.equal(counted, all.length);
    const filtered = await t.call('history.changes', { site_id: siteId, change: ['added', 'removed'] });
    assert.deepEqual(filtered.items.map((c) => `${path(c.url)} ${c.change}`).sort(), [
      '/about-us added',
      '/discontinued removed',
      '/new-arrivals added',
      '/offers added',
      '/sale removed',
    ]);
    assert.deepEqual(filtered.summary, summary);

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
    assert.equal(bytesOf(xlsx).subarray(0, 2).toString(), 'PK');

    // The notice a scheduled crawl would send: only what matters by default, everything with `all`.
    const notice = t.services.history.notice(siteId, crawls[1]!)!;
    assert.deepEqual(notice.summary, summary);
    assert.match(
      notice.message,
      /^127\.0\.0\.1(:\d+)?: \d+ new high-priority issues?, 2 indexable pages changed status, 2 pages removed$/,
    );
    await t.call('system.updateSettings', { change_notices: 'all' });
    assert.match(
      t.services.history.notice(siteId, crawls[1]!)!.message,
      /2 pages removed, 3 pages added, \d+ pages changed$/,
    );
    await t.call('system.updateSettings', { change_notices: 'off' });
    assert.equal(t.services.history.notice(siteId, crawls[1]!), null);
    await t.call('system.updateSettings', { change_notices: 'important' });
  });

  it('keeps a page’s states crawl by crawl, and refuses crawls that are not snapshots', async () => {
    const { items } = await t.call('pages.list', { site_id: siteId, limit: 100 });
    const tents = items.find((p) => p.url.endsWith('/tents'));
    assert.ok(tents, 'the tents page was crawled');
    const history = await t.call('history.page', { page_id: tents.id });
    assert.deepEqual(
      history.items.map((e) => [e.crawl_id, e.crawl_number, e.state?.title, e.changes]),
      [
        [crawls[1], 2, 'Tents and shelters', ['title_changed']],
        [crawls[0], 1, 'Tents', []],
      ],
    );
    const wrong = await t.send('history.changes', { site_id: siteId, from: crawls[1], to: crawls[0] });
    assert.deepEqual(
      assertProblem(wrong, 400, 'validation').errors.map((e) => e.path),
      ['query.from'],
    );
    const unknown = await t.send('history.changes', { site_id: siteId, from: 999999 });
    assert.match(
      assertProblem(unknown, 400, 'validation').detail,
      /Crawl 999999 cannot be compared: there is no crawl with that id/,
    );
    // The changes export takes the same crawls, checked the same way before any byte: a finished crawl of
    // this site, not another job, not another site's crawl.
    const { items: jobs } = await t.call('jobs.list', { site_id: siteId, limit: 100 });
    const audit = jobs.find((j) => j.kind === 'audit')!;
    const notCrawl = await t.get(`/export/changes.csv?site_id=${siteId}&from=${audit.id}&to=${crawls[1]}`);
    assert.match(assertProblem(notCrawl, 400, 'validation').detail, /is a audit job, not a crawl/);
    const other = await t.call('sites.create', { start_url: 'http://127.0.0.1:9/', name: 'Other shop' });
    const otherJob = await t.call('crawl.start', { site_id: other.id });
    await t.call('jobs.cancel', { job_id: otherJob.id }).catch(() => undefined);
    const foreign = await t.get(`/export/changes.csv?site_id=${siteId}&from=${otherJob.id}&to=${crawls[1]}`);
    const p = assertProblem(foreign, 400, 'validation');
    assert.match(p.detail, /a crawl of another site \(Other shop\)/);
    assert.deepEqual(
      p.errors.map((e) => e.path),
      ['query.from'],
    );
    // And the kinds the view filters by.
    const csv = await t.get(
      `/export/changes.csv?site_id=${siteId}&from=${crawls[0]}&to=${crawls[1]}&change=removed`,
    );
    const lines = csv.text.trim().split('\n').slice(1);
    assert.equal(lines.length, 2, lines.join('\n'));
    assert.ok(lines.every((l) => l.includes(',removed,')));
    assert.match(csv.headers['content-disposition']!, /-changes-crawl-1-to-2-\d{4}-\d{2}-\d{2}\.csv"$/);
  });

  it('folds old snapshots away past keep_crawls and still compares what is left', async () => {
    await t.call('system.updateSettings', { keep_crawls: 2 });
    site.setVersion(1);
    await crawl();
    const snapshots = (await t.call('history.snapshots', { site_id: siteId })).items.map((s) => s.crawl_id);
    assert.deepEqual(snapshots, [crawls[2], crawls[1]]);
    // Back to version 1: the changes from crawl 2 to crawl 3 undo the editors' round.
    const back = await t.call('history.changes', { site_id: siteId, change: ['removed', 'added'] });
    // The deleted page answers again (added); the broken link's 404 target, no page either time, is no change.
    assert.deepEqual(back.items.map((c) => `${new URL(c.url).pathname} ${c.change}`).sort(), [
      '/about-us removed',
      '/discontinued added',
      '/new-arrivals removed',
      '/offers removed',
      '/sale added',
    ]);
    // After the fold, crawl 2's states are still whole: its pages read as they were.
    const states = t.db
      .prepare('SELECT COUNT(*) AS n FROM url_states WHERE crawl_id = ? AND present = 1')
      .get(crawls[1]) as { n: number };
    const pages = (await t.call('history.snapshots', { site_id: siteId })).items[1]?.urls;
    assert.equal(states.n, pages, 'the oldest kept snapshot holds every page');
  });
});
