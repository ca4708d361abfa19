import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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
    const res = await t.post('/sites', { start_url: 'https://Docs.Example.com:443/guide/?x=1#top' });
    assert.equal(res.status, 201);
    assert.equal(res.headers.location, `/sites/${res.body.id}`);
    assert.equal(res.body.name, 'docs.example.com');
    assert.equal(res.body.start_url, 'https://docs.example.com/guide/?x=1#top');
    assert.equal(res.body.origin, 'https://docs.example.com');
    assert.deepEqual(res.body.settings, CRAWL_SETTINGS_DEFAULTS);
    assert.equal(res.body.settings.max_pages, 10_000);
    assert.equal(res.body.settings.query_params, 'strip_tracking');
    assert.deepEqual(res.body.stats, {
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
    assert.match(res.body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const got = await t.get(`/sites/${res.body.id}`);
    assert.deepEqual(got.body, res.body);
  });

  it('keeps given settings and fills the rest from defaults', async () => {
    const res = await t.post('/sites', {
      start_url: 'http://shop.test/',
      name: 'Shop',
      settings: { max_pages: 50, render_js: 'auto', exclude_patterns: ['/cart/**'] },
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.settings.max_pages, 50);
    assert.equal(res.body.settings.render_js, 'auto');
    assert.deepEqual(res.body.settings.exclude_patterns, ['/cart/**']);
    assert.equal(res.body.settings.concurrency, CRAWL_SETTINGS_DEFAULTS.concurrency);
  });

  it('validates settings with a message per field', async () => {
    const res = await t.post('/sites', {
      start_url: 'notaurl',
      settings: { max_pages: 0, render_js: 'sometimes', timeout_ms: 'fast' },
    });
    const p = assertProblem(res, 400, 'validation') as { errors: { path: string; message: string }[] };
    assert.deepEqual(p.errors.map((e) => e.path).sort(), [
      'body.settings.max_pages',
      'body.settings.render_js',
      'body.settings.timeout_ms',
      'body.start_url',
    ]);
    assert.match(p.errors.find((e) => e.path === 'body.start_url')!.message, /absolute http\(s\) URL/);
  });

  // 1e-9 would be one request every 30 years: the throttle's timer overflowed and politeness went off.
  it('refuses a max_requests_per_second slower than one request per 100 s, naming the field', async () => {
    for (const max_requests_per_second of [1e-9, 0.009, 0, -1]) {
      const res = await t.post('/sites', {
        start_url: 'https://slow.test/',
        settings: { max_requests_per_second },
      });
      const p = assertProblem(res, 400, 'validation') as { errors: { path: string; message: string }[] };
      assert.deepEqual(
        p.errors.map((e) => e.path),
        ['body.settings.max_requests_per_second'],
        String(max_requests_per_second),
      );
      assert.match(p.errors[0]!.message, /at least 0\.01/);
    }
    const created = await t.post('/sites', {
      start_url: 'https://slow.test/',
      settings: { max_requests_per_second: 0.01 },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as number;
    const patched = await t.patch(`/sites/${id}`, { settings: { max_requests_per_second: 1e-9 } });
    assertProblem(patched, 400, 'validation');
    assert.equal((await t.get(`/sites/${id}`)).body.settings.max_requests_per_second, 0.01);
  });

  it('patches name, start URL and settings key by key', async () => {
    const created = await t.post('/sites', { start_url: 'https://blog.test/', settings: { max_pages: 10 } });
    const id = created.body.id as number;
    const res = await t.patch(`/sites/${id}`, {
      name: 'Blog',
      start_url: 'https://www.blog.test/start',
      settings: { max_depth: 3 },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'Blog');
    assert.equal(res.body.origin, 'https://www.blog.test');
    assert.equal(res.body.settings.max_pages, 10);
    assert.equal(res.body.settings.max_depth, 3);
    assert.ok(res.body.updated_at >= created.body.updated_at);
    assertProblem(await t.patch(`/sites/${id}`, { settings: { max_depth: -1 } }), 400, 'validation');
    assertProblem(await t.patch(`/sites/${id}`, { id: 5 }), 400, 'validation');
  });

  it('reads a rate stored before the floor as the floor, so the site can still be crawled', async () => {
    const created = await t.post('/sites', { start_url: 'https://slow.example/' });
    assert.equal(created.status, 201);
    t.db
      .prepare('UPDATE sites SET settings = ? WHERE id = ?')
      .run(JSON.stringify({ max_requests_per_second: 1e-9 }), created.body.id);
    const site = await t.get(`/sites/${created.body.id}`);
    assert.equal(site.status, 200, JSON.stringify(site.body));
    assert.equal(site.body.settings.max_requests_per_second, 0.01);
  });

  it('answers 404 for a site that does not exist', async () => {
    assertProblem(await t.get('/sites/999999'), 404, 'not-found');
    assertProblem(await t.patch('/sites/999999', { name: 'x' }), 404, 'not-found');
    assertProblem(await t.del('/sites/999999'), 404, 'not-found');
  });

  it('pages through sites with keyset cursors, with no duplicates or gaps', async () => {
    for (let i = 0; i < 7; i++) await t.post('/sites', { start_url: `https://page${i}.test/` });
    const all = (await t.get('/sites?limit=1000')).body.items.map((s: { id: number }) => s.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.get(`/sites?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(res.status, 200);
      assert.ok(res.body.items.length <= 3);
      seen.push(...res.body.items.map((s: { id: number }) => s.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, all);
    assert.equal(new Set(seen).size, seen.length);
  });

  it('deletes a site with everything stored for it, but not while a job runs on it', async () => {
    const site = (await t.post('/sites', { start_url: 'https://gone.test/' })).body as { id: number };
    const job = t.services.jobs.create({ kind: 'similarity', site_id: site.id, params: {} });
    await waitFor(() => (t.services.jobs.get(job.id).status === 'running' ? true : undefined));
    const refused = assertProblem(await t.del(`/sites/${site.id}`), 409, 'conflict');
    assert.match(refused.detail!, /cancel it before deleting/);
    assert.equal((refused as { job_id?: number }).job_id, job.id, 'the 409 names the running job');

    await t.post(`/jobs/${job.id}/cancel`);
    await waitFor(() => (t.services.jobs.get(job.id).status === 'cancelled' ? true : undefined));
    const res = await t.del(`/sites/${site.id}`);
    assert.equal(res.status, 204);
    assertProblem(await t.get(`/sites/${site.id}`), 404, 'not-found');
    assertProblem(await t.get(`/jobs/${job.id}`), 404, 'not-found');
    const orphans = t.db.prepare('SELECT COUNT(*) FROM jobs WHERE site_id = ?').pluck().get(site.id);
    assert.equal(orphans, 0);
  });

  it('never gives a deleted site’s id to another site', async () => {
    // The newest site has the highest id: the one a plain rowid would hand out again.
    const gone = (await t.post('/sites', { start_url: 'https://old-shop.test/' })).body as { id: number };
    assert.equal((await t.del(`/sites/${gone.id}`)).status, 204);

    const created = await t.post('/sites', { start_url: 'https://new-blog.test/' });
    assert.equal(created.status, 201);
    assert.ok(created.body.id > gone.id, `the new site got id ${created.body.id}; ${gone.id} was deleted`);
    const old = assertProblem(await t.get(`/sites/${gone.id}`), 404, 'not-found');
    assert.match(old.detail!, new RegExp(String(gone.id)));
    assertProblem(await t.get(`/sites/${gone.id}/summary`), 404, 'not-found');
    const listed = (await t.get('/sites?limit=1000')).body.items as { id: number; start_url: string }[];
    assert.deepEqual(
      listed.filter((x) => x.id === gone.id || x.start_url === 'https://new-blog.test/').map((x) => x.id),
      [created.body.id],
    );
  });
});
