import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CallAnswer } from '../../../server/contract/index.js';
import { CRAWL_SETTINGS_DEFAULTS } from '../../../server/schemas/sites.js';
import { countingJob } from '../../fixtures/jobs/counting-job.js';
import { assertProblem, createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp({ jobKinds: [countingJob({ kind: 'similarity', to: 100_000, stepMs: 5 })] });
});
after(() => t.close());

describe('sites', () => {
  it('creates a site with default settings, a name from the host and a Location header', async () => {
    const res = await t.send('sites.create', { start_url: 'https://Docs.Example.com:443/guide/?x=1#top' });
    const site = t.answer('sites.create', res);
    assert.equal(res.headers.location, `/sites/${site.id}`);
    assert.equal(site.name, 'docs.example.com');
    assert.equal(site.start_url, 'https://docs.example.com/guide/?x=1#top');
    assert.equal(site.origin, 'https://docs.example.com');
    assert.deepEqual(site.settings, CRAWL_SETTINGS_DEFAULTS);
    assert.equal(site.settings.max_pages, 10_000);
    assert.equal(site.settings.query_params, 'strip_tracking');
    assert.deepEqual(site.stats, {
      pages: 0,
      html_pages: 0,
      redirects: 0,
      errors: 0,
      blocked: 0,
      embedded: 0,
      pairs: 0,
      clusters: 0,
      last_crawl_at: null,
    });
    assert.match(site.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(await t.call('sites.get', { site_id: site.id }), site);
  });

  it('names a site by its host and port when the port is not the scheme’s, so two local sites differ', async () => {
    const a = await t.call('sites.create', { start_url: 'http://127.0.0.1:8081/docs/' });
    const b = await t.call('sites.create', { start_url: 'http://127.0.0.1:8082/' });
    const c = await t.call('sites.create', { start_url: 'http://localhost:80/' });
    assert.deepEqual([a.name, b.name, c.name], ['127.0.0.1:8081', '127.0.0.1:8082', 'localhost']);
    for (const s of [a, b, c]) await t.call('sites.delete', { site_id: s.id });
  });

  it('keeps given settings and fills the rest from defaults', async () => {
    const site = await t.call('sites.create', {
      start_url: 'http://shop.test/',
      name: 'Shop',
      settings: { max_pages: 50, render_js: 'auto', exclude_patterns: ['/cart/**'] },
    });
    assert.equal(site.settings.max_pages, 50);
    assert.equal(site.settings.render_js, 'auto');
    assert.deepEqual(site.settings.exclude_patterns, ['/cart/**']);
    assert.equal(site.settings.concurrency, CRAWL_SETTINGS_DEFAULTS.concurrency);
  });

  it('validates settings with a message per field', async () => {
    // Values of the wrong type are the point: sent raw, as a client that ignores the contract would.
    const res = await t.post('/sites', {
      start_url: 'notaurl',
      settings: { max_pages: 0, render_js: 'sometimes', timeout_ms: 'fast' },
    });
    const errors = assertProblem(res, 400, 'validation').errors ?? [];
    assert.deepEqual(errors.map((e) => e.path).sort(), [
      'body.settings.max_pages',
      'body.settings.render_js',
      'body.settings.timeout_ms',
      'body.start_url',
    ]);
    assert.match(errors.find((e) => e.path === 'body.start_url')!.message, /absolute http\(s\) URL/);
  });

  // 1e-9 would be one request every 30 years: the throttle's timer overflowed and politeness went off.
  it('refuses a max_requests_per_second slower than one request per 100 s, naming the field', async () => {
    for (const max_requests_per_second of [1e-9, 0.009, 0, -1]) {
      const res = await t.send('sites.create', {
        start_url: 'https://slow.test/',
        settings: { max_requests_per_second },
      });
      const errors = assertProblem(res, 400, 'validation').errors ?? [];
      assert.deepEqual(
        errors.map((e) => e.path),
        ['body.settings.max_requests_per_second'],
        String(max_requests_per_second),
      );
      assert.match(errors[0]!.message, /at least 0\.01/);
    }
    const { id } = await t.call('sites.create', {
      start_url: 'https://slow.test/',
      settings: { max_requests_per_second: 0.01 },
    });
    const patched = await t.send('sites.update', {
      site_id: id,
      settings: { max_requests_per_second: 1e-9 },
    });
    assertProblem(patched, 400, 'validation');
    assert.equal((await t.call('sites.get', { site_id: id })).settings.max_requests_per_second, 0.01);
  });

  it('patches name, start URL and settings key by key', async () => {
    const created = await t.call('sites.create', {
      start_url: 'https://blog.test/',
      settings: { max_pages: 10 },
    });
    const id = created.id;
    const site = await t.call('sites.update', {
      site_id: id,
      name: 'Blog',
      start_url: 'https://www.blog.test/start',
      settings: { max_depth: 3 },
    });
    assert.equal(site.name, 'Blog');
    assert.equal(site.origin, 'https://www.blog.test');
    assert.equal(site.settings.max_pages, 10);
    assert.equal(site.settings.max_depth, 3);
    assert.ok(site.updated_at >= created.updated_at);
    assertProblem(
      await t.send('sites.update', { site_id: id, settings: { max_depth: -1 } }),
      400,
      'validation',
    );
    // An unknown field is the point: sent raw.
    assertProblem(await t.patch(`/sites/${id}`, { id: 5 }), 400, 'validation');
  });

  it('reads a rate stored before the floor as the floor, so the site can still be crawled', async () => {
    const created = await t.call('sites.create', { start_url: 'https://slow.example/' });
    t.db
      .prepare('UPDATE sites SET settings = ? WHERE id = ?')
      .run(JSON.stringify({ max_requests_per_second: 1e-9 }), created.id);
    const site = await t.call('sites.get', { site_id: created.id });
    assert.equal(site.settings.max_requests_per_second, 0.01);
  });

  it('answers 404 for a site that does not exist', async () => {
    assertProblem(await t.send('sites.get', { site_id: 999999 }), 404, 'not-found');
    assertProblem(await t.send('sites.update', { site_id: 999999, name: 'x' }), 404, 'not-found');
    assertProblem(await t.send('sites.delete', { site_id: 999999 }), 404, 'not-found');
  });

  it('pages through sites with keyset cursors, with no duplicates or gaps', async () => {
    for (let i = 0; i < 7; i++) await t.call('sites.create', { start_url: `https://page${i}.test/` });
    const all = (await t.call('sites.list', { limit: 1000 })).items.map((s) => s.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: CallAnswer<'sites.list'> = await t.call('sites.list', {
        limit: 3,
        cursor: cursor ?? undefined,
      });
      assert.ok(page.items.length <= 3);
      seen.push(...page.items.map((s) => s.id));
      cursor = page.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, all);
    assert.equal(new Set(seen).size, seen.length);
  });

  it('deletes a site with everything stored for it, but not while a job runs on it', async () => {
    const site = await t.call('sites.create', { start_url: 'https://gone.test/' });
    const job = t.services.jobs.create({ kind: 'similarity', site_id: site.id, params: {} });
    await waitFor(() => (t.services.jobs.get(job.id).status === 'running' ? true : undefined));
    const refused = assertProblem(await t.send('sites.delete', { site_id: site.id }), 409, 'conflict');
    assert.match(refused.detail, /cancel it before deleting/);
    assert.equal(refused.job_id, job.id, 'the 409 names the running job');

    await t.call('jobs.cancel', { job_id: job.id });
    await waitFor(() => (t.services.jobs.get(job.id).status === 'cancelled' ? true : undefined));
    await t.call('sites.delete', { site_id: site.id });
    assertProblem(await t.send('sites.get', { site_id: site.id }), 404, 'not-found');
    assertProblem(await t.send('jobs.get', { job_id: job.id }), 404, 'not-found');
    const orphans = t.db.prepare('SELECT COUNT(*) FROM jobs WHERE site_id = ?').pluck().get(site.id);
    assert.equal(orphans, 0);
  });

  it('never gives a deleted site’s id to another site', async () => {
    // The newest site has the highest id: the one a plain rowid would hand out again.
    const gone = await t.call('sites.create', { start_url: 'https://old-shop.test/' });
    await t.call('sites.delete', { site_id: gone.id });

    const created = await t.call('sites.create', { start_url: 'https://new-blog.test/' });
    assert.ok(created.id > gone.id, `the new site got id ${created.id}; ${gone.id} was deleted`);
    const old = assertProblem(await t.send('sites.get', { site_id: gone.id }), 404, 'not-found');
    assert.match(old.detail, new RegExp(String(gone.id)));
    assertProblem(await t.send('sites.summary', { site_id: gone.id }), 404, 'not-found');
    const listed = (await t.call('sites.list', { limit: 1000 })).items;
    assert.deepEqual(
      listed.filter((x) => x.id === gone.id || x.start_url === 'https://new-blog.test/').map((x) => x.id),
      [created.id],
    );
  });
});
