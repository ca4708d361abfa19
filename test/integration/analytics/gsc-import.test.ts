/**
 * Importing the Search Console UI export: the zip with Pages, Queries and Dates (the other tables skipped),
 * a single CSV re-saved by a spreadsheet (BOM, semicolons, decimal commas, a header in another language),
 * re-imports that change nothing, a newer export replacing the old totals, API rows never added to imported
 * totals, and every malformed upload refused with a problem that says what was expected.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GscImport } from '../../../server/domain/analytics/gsc-import.js';
import { GscWriter } from '../../../server/domain/analytics/gsc-writer.js';
import type { PlantedRow } from '../../fixtures/gsc/fake-search-console.js';
import { exportFiles, exportZip, tableCsv } from '../../fixtures/gsc/gsc-export-files.js';
import { totals, withoutFragment } from '../../fixtures/gsc/gsc-plant.js';
import { zipFile } from '../../fixtures/gsc/zip-file.js';
import type { CallArgs } from '../../../server/contract/index.js';
import type { JobOf } from '../../../server/schemas/jobs.js';
import { jobOutcome, startGscSite, sync, type GscSite } from '../../helpers/gsc-site.js';
import { assertProblem } from '../../helpers/test-app.js';

let g: GscSite;
let files: ReturnType<typeof exportFiles>;
let first: JobOf<'gsc_import'>;

const upload = (body: Buffer | string, type: string, query = '') =>
  g.t.http
    .post(`/analytics/gsc/import?site_id=${g.siteId}${query}`)
    .set(g.t.auth)
    .set('Content-Type', type)
    .send(Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'));

const report = async (group_by: CallArgs<'analytics.gsc'>['group_by']) =>
  (await g.t.call('analytics.gsc', { site_id: g.siteId, limit: 1000, group_by })).items;

/** The job an upload started (202), run to its end whatever its outcome. */
const imported = async (res: { status: number; body: unknown }) =>
  jobOutcome(g.t, g.t.answer('analytics.gscImport', res));

before(async () => {
  g = await startGscSite({ storeKey: false });
  files = exportFiles(g.plant.rows);
  first = await imported(
    await upload(
      exportZip(g.plant.rows),
      'application/zip',
      '&filename=northwind-Performance-on-Search-2026-03-30.zip',
    ),
  );
});
after(async () => g?.close());

describe('POST /analytics/gsc/import', () => {
  it('imports the zip: page, query and date totals, other tables skipped', async () => {
    assert.equal(first.status, 'succeeded', JSON.stringify(first.error));
    const r = first.result!;
    assert.deepEqual([...r.files].sort(), ['Dates.csv', 'Pages.csv', 'Queries.csv']);
    assert.deepEqual([...r.skipped_files].sort(), [
      'Countries.csv',
      'Devices.csv',
      'Filters.csv',
      'Search appearance.csv',
    ]);
    assert.equal(r.pages, g.plant.pages.length, 'the jump link folds into its page');
    assert.equal(r.queries, files.queries.length);
    assert.equal(r.dates, files.dates.length);
    assert.equal(r.urls_added, 1, 'only the GSC-only URL is new to the site');

    const pages = await report('page');
    const planted = withoutFragment(g.plant.rows);
    for (const p of pages) {
      const t = totals(planted.filter((x) => x.page === p.url));
      assert.deepEqual([p.clicks, p.impressions, p.grain], [t.clicks, t.impressions, 'page']);
      assert.ok(Math.abs(p.position - t.position) < 0.01, 'positions as the export rounds them');
    }
    const q = (await report('query')).find((i) => i.query === files.queries[0]!.key)!;
    assert.deepEqual([q.clicks, q.grain], [files.queries[0]!.clicks, 'query']);
    const days = await report('date');
    assert.deepEqual(
      days.map((d) => d.date),
      files.dates.map((d) => d.key).sort(),
    );

    const others = await g.t.call('analytics.otherUrls', { site_id: g.siteId, reason: ['gsc_only'] });
    assert.deepEqual(
      others.items.map((o) => o.url),
      [g.plant.gscOnly],
    );
    const listed = await g.t.call('pages.list', { site_id: g.siteId, limit: 1000 });
    const declining = listed.items.find((p) => p.url === g.plant.declining);
    assert.equal(declining?.gsc_clicks, totals(planted.filter((x) => x.page === g.plant.declining)).clicks);
    assert.deepEqual(readdirSync(join(g.t.dir, 'gsc-uploads')), [], 'the upload is removed once stored');
  });

  it('changes nothing when the same export is imported again', async () => {
    const again = await imported(await upload(exportZip(g.plant.rows), 'application/octet-stream'));
    assert.equal(again.status, 'succeeded');
    assert.deepEqual([again.result!.changed, again.result!.removed, again.result!.urls_added], [0, 0, 0]);
  });

  it('reads one CSV re-saved by a spreadsheet: BOM, semicolons, decimal commas', async () => {
    const comma = (n: number) => String(n).replace('.', ',');
    const cell = (v: string) => (/[;"]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const localized = [
      'Top queries;Clicks;Impressions;CTR;Position',
      ...files.queries.map((r) =>
        [
          cell(r.key),
          r.clicks,
          r.impressions,
          `${comma(Number(((r.clicks / r.impressions) * 100).toFixed(2)))} %`,
          comma(r.position),
        ].join(';'),
      ),
    ].join('\r\n');
    const job = await imported(
      await upload(`\uFEFF${localized}`, 'text/csv; charset=utf-8', '&filename=Queries.csv'),
    );
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
    assert.equal(job.result!.queries, files.queries.length);
    assert.equal(job.result!.changed, 0, 'the same figures as the zip’s Queries.csv');
  });

  it('tells pages by their URLs when the header is in another language, and replaces the old totals', async () => {
    const kept = files.pages.slice(0, 3);
    const czech = tableCsv('Nejčastější stránky', kept).replace(
      'Clicks,Impressions,CTR,Position',
      'Kliknutí,Zobrazení,CTR,Pozice',
    );
    const job = await imported(await upload(czech, 'text/csv', '&filename=Stranky.csv'));
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
    assert.equal(job.result!.pages, 3);
    assert.equal(
      job.result!.removed,
      g.plant.pages.length - 3,
      'an export is a snapshot: older page totals go',
    );
    const pages = await report('page');
    assert.deepEqual(pages.map((p) => p.url).sort(), kept.map((p) => p.key).sort());
  });

  it('never adds API rows to imported totals', async () => {
    await g.t.http.put('/analytics/gsc/credentials').set(g.t.auth).send(g.serviceAccount.key);
    const job = await jobOutcome(g.t, await sync(g));
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
    const planted = withoutFragment(g.plant.rows);
    for (const p of await report('page')) {
      assert.equal(p.grain, 'pqd');
      assert.equal(p.clicks, totals(planted.filter((x: PlantedRow) => x.page === p.url)).clicks);
    }
    const figures = g.t.services.gscQueries.pageFigures(g.siteId);
    const sum = [...figures.values()].reduce((a, f) => a + f.clicks, 0);
    assert.equal(sum, totals(planted).clicks);
    const day = (await report('date'))[0]!;
    assert.equal(day.grain, 'pqd', 'days with API rows come from them, not from Dates.csv');
  });
});

describe('POST /analytics/gsc/import refuses what is not an export', () => {
  it('a CSV of something else, listing the expected headers', async () => {
    const p = assertProblem(await upload('name,email\nBob,bob@example.com\n', 'text/csv'), 400, 'validation');
    assert.match(p.detail!, /Top queries,Clicks,Impressions,CTR,Position/);
    assert.match(p.detail!, /Top pages/);
  });

  it('a table with a broken figure, naming the line', async () => {
    const bad =
      'Top pages,Clicks,Impressions,CTR,Position\nhttps://example.com/a,3,40,7.5%,4.1\nhttps://example.com/b,lots,40,7.5%,4.1\n';
    const p = assertProblem(await upload(bad, 'text/csv', '&filename=Pages.csv'), 400, 'validation');
    assert.match(p.detail!, /Pages\.csv line 3: clicks "lots"/);
    const dates = 'Date,Clicks,Impressions,CTR,Position\n03/01/2026,3,40,7.5%,4.1\n';
    assert.match(
      assertProblem(await upload(dates, 'text/csv'), 400, 'validation').detail!,
      /expected YYYY-MM-DD/,
    );
  });

  it('a comparison export, a zip with no performance table, a damaged zip, a mislabelled one', async () => {
    const compare =
      'Top queries,Last 28 days Clicks,Previous 28 days Clicks,Last 28 days Impressions,Previous 28 days Impressions\nx,1,2,3,4\n';
    assert.match(
      assertProblem(await upload(compare, 'text/csv'), 400, 'validation').detail!,
      /single date range/,
    );
    const onlyCountries = zipFile([{ name: 'Countries.csv', data: files['Countries.csv'] }]);
    assert.match(
      assertProblem(await upload(onlyCountries, 'application/zip'), 400, 'validation').detail!,
      /Countries\.csv/,
    );
    const zip = exportZip(g.plant.rows);
    assertProblem(await upload(zip.subarray(0, zip.length - 200), 'application/zip'), 400, 'validation');
    assert.match(
      assertProblem(await upload(files['Pages.csv'], 'application/zip'), 400, 'validation').detail!,
      /not one/,
    );
    assertProblem(await upload('', 'text/csv'), 400, 'validation');
  });

  it('a zip whose CSV inflates past 16 MiB, or a CSV over it (413 naming the limit)', async () => {
    const line = `https://example.com/${'a'.repeat(80)},1,10,10%,1.5\n`;
    const huge = `Top pages,Clicks,Impressions,CTR,Position\n${line.repeat(Math.ceil((17 * 2 ** 20) / line.length))}`;
    const bomb = zipFile([
      { name: 'Queries.csv', data: files['Queries.csv'] },
      { name: 'Pages.csv', data: huge },
    ]);
    assert.ok(bomb.length < 1024 * 1024, 'a small zip');
    const zipped = assertProblem(await upload(bomb, 'application/zip'), 413, 'payload-too-large');
    assert.match(zipped.detail!, /Pages\.csv expands to 17\.\d MiB/);
    assert.match(zipped.detail!, /16 MiB each/);
    const csv = assertProblem(
      await upload(huge, 'text/csv', '&filename=Pages.csv'),
      413,
      'payload-too-large',
    );
    assert.match(csv.detail!, /16 MiB each/);
    const health = await g.t.get('/health');
    assert.equal(health.status, 200, 'the server is still answering');
  });

  it('a table of more than 50,000 rows: the job fails saying the limit', async () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => `query ${i},1,10,10%,2.5`);
    const csv = `Top queries,Clicks,Impressions,CTR,Position\n${rows.join('\n')}\n`;
    const job = await imported(await upload(csv, 'text/csv', '&filename=Queries.csv'));
    assert.equal(job.status, 'failed');
    assert.equal(job.error!.type, 'urn:siteloupe:problem:payload-too-large');
    assert.match(job.error!.detail, /Queries\.csv has more than 50,000 rows/);
    assert.match(job.error!.detail, /Sync from Google; API: POST \/analytics\/gsc\/sync\)\.$/);
    assert.deepEqual(readdirSync(join(g.t.dir, 'gsc-uploads')), [], 'the failed job’s upload is removed');
  });

  it('other media types (415), files over 50 MiB (413), unknown sites (404)', async () => {
    const json = assertProblem(
      await upload('{"rows":[]}', 'application/json'),
      415,
      'unsupported-media-type',
    );
    assert.match(json.detail!, /text\/csv/);
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x41);
    assertProblem(await upload(big, 'text/csv'), 413, 'payload-too-large');
    const res = await g.t.http
      .post('/analytics/gsc/import?site_id=4242')
      .set(g.t.auth)
      .set('Content-Type', 'text/csv')
      .send(files['Pages.csv']);
    assertProblem(res, 404, 'not-found');
    assert.ok(
      !existsSync(join(g.t.dir, 'gsc-uploads')) || readdirSync(join(g.t.dir, 'gsc-uploads')).length === 0,
      'refused uploads are not kept',
    );
  });
});

describe('uploads are not left behind', () => {
  it('removes a queued import’s file when it is cancelled, and strays at start-up', async () => {
    await g.t.runner.stop(2000);
    const queued = await upload(files['Pages.csv'], 'text/csv', '&filename=Pages.csv');
    const dir = join(g.t.dir, 'gsc-uploads');
    const [kept] = readdirSync(dir);
    assert.ok(kept, 'the queued job’s upload is kept');
    writeFileSync(join(dir, 'left-by-a-crash.csv'), files['Pages.csv']);

    // What a restart does: the importer is built again over the same data dir.
    new GscImport(
      g.t.store,
      g.t.services.jobs,
      g.t.services.sites,
      new GscWriter(g.t.store, g.t.services.sites),
      g.t.dir,
    );
    assert.deepEqual(readdirSync(dir), [kept], 'only the upload a queued job refers to survives');

    const cancelled = await g.t.call('jobs.cancel', { job_id: g.t.answer('analytics.gscImport', queued).id });
    assert.equal(cancelled.status, 'cancelled');
    assert.deepEqual(readdirSync(dir), [], 'the cancelled job’s upload is removed');
  });
});
