/** `siteloupe crawl` then `siteloupe export` (a CSV and the PDF report), as a user runs them, into a temporary data dir. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
    // The file is named by the export (its naming is the export registry's); it lands in the folder given.
    const file = exp.stdout().match(/^Wrote (.+) \(\d+ bytes\)$/m)?.[1] ?? '';
    assert.equal(dirname(file), outDir, exp.stdout());
    assert.match(basename(file), /pages.*\.csv$/);
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

  it('takes the site by the name the other commands show, and --out DIR/ as a folder it creates', async () => {
    // The crawl above named the site after its host, as the app lists it.
    const name = new URL(site.startUrl).host;
    const folder = join(outDir, 'by name', 'links');
    const exp = spawnChild([
      CLI_BIN,
      'export',
      'links.csv',
      '--site',
      name,
      '--out',
      `${folder}/`,
      '--data-dir',
      dataDir,
    ]);
    assert.equal((await exp.exited).code, 0, exp.stderr());
    assert.ok(statSync(folder).isDirectory(), 'DIR/ is a folder, created');
    const files = readdirSync(folder);
    assert.equal(files.length, 1);
    assert.match(files[0]!, /links.*\.csv$/, 'the export keeps its own file name inside the folder');
    assert.match(exp.stdout(), new RegExp(`Wrote ${escape(join(folder, files[0]!))} \\(\\d+ bytes\\)`));
    assert.ok(
      (parse(readFileSync(join(folder, files[0]!), 'utf8'), { columns: true }) as unknown[]).length > 0,
    );
  });

  it('names the known sites when --site names none', async () => {
    const exp = spawnChild([CLI_BIN, 'export', 'pages.csv', '--site', 'No such site', '--data-dir', dataDir]);
    assert.equal((await exp.exited).code, 1);
    assert.match(
      exp.stderr(),
      /no site "No such site" in .+\. Pass an id, a name or a start URL of one of these:/,
    );
    assert.match(
      exp.stderr(),
      new RegExp(`1 {2}${escape(new URL(site.startUrl).host)} +${escape(site.startUrl)}`),
    );

    // `crawl` takes a known site the same way, and says how to crawl a new one.
    const crawl = spawnChild([CLI_BIN, 'crawl', 'No such site', '--data-dir', dataDir]);
    assert.equal((await crawl.exited).code, 1);
    assert.match(
      crawl.stderr(),
      /no site "No such site" in .+\n {2}1 {2}.+\nTo crawl a new site, give its full URL/,
    );
  });
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
