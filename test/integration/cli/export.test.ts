/** `siteloupe crawl` then `siteloupe export` (a CSV and the PDF report), as a user runs them, into a temporary data dir. */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { CLI_BIN, ensureBuilt } from '../../helpers/build.js';
import { spawnChild } from '../../helpers/child-server.js';
import { makeTempDir } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let site: FixtureSite;
const dataDir = makeTempDir();
const outDir = makeTempDir();
before(async () => {
  ensureBuilt();
  site = await startFixtureSite({ seed: 9, articles: 12 });
});
after(async () => {
  await site.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('siteloupe export', () => {
  it('writes an export of a crawled site to a file', { timeout: 120_000 }, async () => {
    const crawl = spawnChild([CLI_BIN, 'crawl', site.startUrl, '--data-dir', dataDir, '--rps', '500']);
    assert.equal((await crawl.exited).code, 0, crawl.stdout() + crawl.stderr());
    assert.match(crawl.stdout(), /Done: \d+ URLs fetched/);

    const exp = spawnChild([
      CLI_BIN,
      'export',
      'pages.csv',
      '--site',
      site.startUrl,
      '--out',
      outDir,
      '--data-dir',
      dataDir,
    ]);
    assert.equal((await exp.exited).code, 0, exp.stderr());
    const file = join(outDir, '127.0.0.1-pages.csv');
    assert.match(exp.stdout(), new RegExp(`Wrote ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
    const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as unknown[];
    assert.equal(rows.length, site.expected().pages.size);

    const report = spawnChild([
      CLI_BIN,
      'export',
      'report.pdf',
      '--site',
      site.startUrl,
      '--out',
      join(outDir, 'client-report.pdf'),
      '--data-dir',
      dataDir,
    ]);
    assert.equal((await report.exited).code, 0, report.stderr());
    assert.match(report.stdout(), /Wrote .*client-report\.pdf \(\d+ bytes\)/);
    const pdf = readFileSync(join(outDir, 'client-report.pdf'));
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok((pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length >= 1);

    const bad = spawnChild([CLI_BIN, 'export', 'pages.pdf', '--site', '1', '--data-dir', dataDir]);
    assert.equal((await bad.exited).code, 1);
    assert.match(bad.stderr(), /No export pages\.pdf/);
  });
});
